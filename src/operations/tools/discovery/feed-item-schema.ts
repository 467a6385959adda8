// The Discovery Feed item as the feed tools return it (reference §a.5).
import { z } from 'zod';

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
