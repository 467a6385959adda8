// The Discovery Feed as the HTTP API and the feed tools show it: scored posts found by discovery, the
// keywords it searches, and replying to a post from the feed (compose, then queue for review).
import { z } from 'zod';

/** The Discovery Feed item as the feed tools return it (reference §a.5). */
export const FeedItemSchema = z.object({
  id: z.string().describe('Post id.'),
  author_id: z.string().nullable(),
  author_username: z.string().nullable(),
  content: z.string(),
  like_count: z.number().int(),
  retweet_count: z.number().int(),
  reply_count: z.number().int(),
  impression_count: z.number().int(),
  relevance_score: z.number().describe('6-signal score, 0-100.'),
  matched_keyword: z.string().nullable(),
  discovered_at: z.string(),
  replied_to: z.boolean().describe('The account replied (or a posted reply to it exists).'),
});

export const DiscoveryFeedInput = z.object({
  min_score: z.number().min(0).max(100).optional().describe('Lowest relevance score (0-100).'),
  keyword: z.string().trim().min(1).max(200).optional().describe('Only posts found through this keyword.'),
  unreplied: z.boolean().default(false).describe('Leave out posts already answered.'),
  limit: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).default(0),
});

export const DiscoveryFeedPageSchema = z.object({
  items: z.array(
    FeedItemSchema.extend({
      posted_at: z
        .string()
        .nullable()
        .describe('When the author posted it (RFC 3339), when the platform said.'),
      score_breakdown: z.record(z.string(), z.unknown()).describe('The signals behind the score.'),
    }),
  ),
  next_offset: z.number().int().nullable().describe('Offset of the next page; null on the last.'),
});

export const DiscoveryKeywordsSchema = z.object({
  keywords: z.array(
    z.object({
      keyword: z.string(),
      source: z.enum(['product', 'competitor', 'industry']),
      posts_found: z.number().int().describe('Stored posts this keyword found.'),
      next: z.boolean().describe('The next discovery turn searches it.'),
    }),
  ),
});

const TweetId = z
  .string()
  .regex(/^\d{1,19}$/, 'a post id is 1-19 digits')
  .describe('The post in the Discovery Feed.');

export const ComposeFeedReplyInput = z.object({
  tweet_id: TweetId,
  mention_product: z.boolean().default(false).describe('Let the reply name the product.'),
});

export const ComposedFeedReplySchema = z.object({
  tweet_id: z.string(),
  text: z.string(),
  weighted_length: z.number().int(),
  flags: z.array(z.string()),
  ready_to_queue: z.boolean(),
  guard: z.object({ rule: z.string(), message: z.string() }).optional(),
});

export const QueueFeedReplyInput = z.object({
  tweet_id: TweetId,
  text: z.string().min(1).max(10_000).describe('The reply (at most 280 weighted characters).'),
});

export const QueuedFeedReplySchema = z.object({ approval_queue_id: z.number().int(), tweet_id: z.string() });
