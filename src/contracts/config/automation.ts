// [targets], [scoring], [limits], [intervals], [circuit_breaker]: how the automation decides and how fast it may act.
import { z } from 'zod';
import { NonNegativeIntSchema, PositiveIntSchema, StringListSchema } from './common.js';

export const TargetsSchema = z.object({
  accounts: StringListSchema.default([]).describe(
    'Accounts to monitor, as handles without @ (enrichment: Targeting).',
  ),
  max_target_replies_per_day: PositiveIntSchema.default(3).describe(
    'Replies per day to monitored accounts (on top of the general reply cap).',
  ),
});

const signalMax = (value: number, what: string) =>
  z.number().nonnegative().max(100).default(value).describe(`Maximum points of the ${what} signal.`);

export const ScoringSchema = z.object({
  threshold: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(60)
    .describe('Minimum total score (0-100) for a post to qualify for a reply.'),
  keyword_relevance_max: signalMax(25, 'keyword relevance'),
  follower_count_max: signalMax(15, 'author reach (follower count)'),
  recency_max: signalMax(10, 'recency'),
  engagement_rate_max: signalMax(15, 'engagement rate'),
  reply_count_max: signalMax(15, 'reply count (fewer replies = more points)'),
  content_type_max: signalMax(10, 'content type (text-only originals score highest)'),
});

export const DEFAULT_BANNED_PHRASES = ['check out', 'you should try', 'I recommend', 'link in bio'];

export const LimitsSchema = z.object({
  max_replies_per_day: PositiveIntSchema.default(5).describe('Hard cap on replies per day.'),
  max_tweets_per_day: PositiveIntSchema.default(6).describe('Hard cap on original posts per day.'),
  max_threads_per_week: PositiveIntSchema.default(1).describe('Hard cap on threads per week.'),
  max_replies_per_author_per_day: PositiveIntSchema.default(1).describe('Replies to one author per day.'),
  product_mention_ratio: z
    .number()
    .min(0)
    .max(1)
    .default(0.2)
    .describe("Largest share of a day's replies that may mention the product."),
  banned_phrases: z
    .array(z.string().trim().min(1))
    .default(DEFAULT_BANNED_PHRASES)
    .describe('Phrases never posted (case-insensitive).'),
  min_action_delay_seconds: NonNegativeIntSchema.default(45).describe(
    "Lower bound of the random gap between two of the account's automated platform writes (account-wide pacing), and of each loop's jitter.",
  ),
  max_action_delay_seconds: NonNegativeIntSchema.default(180).describe(
    "Upper bound of the random gap between two of the account's automated platform writes (account-wide pacing), and of each loop's jitter.",
  ),
  monthly_api_budget_usd: z
    .number({ error: 'a budget is a number of US dollars (remove the key for no budget)' })
    .positive('a budget must be more than 0 US dollars (remove the key for no budget)')
    .optional()
    .describe(
      "The platform API budget per UTC month, in US dollars; unset: no limit. As the month's forecast nears it, the reading loops slow down (discovery first, then targets, then mentions) and pause as `paused: budget` until the 1st of next month when it is spent. Your own and approved writes are never blocked: the composer says when a post costs more than what remains.",
    )
    .meta({ example: 25 }),
});

export const IntervalsSchema = z.object({
  mentions_check_seconds: PositiveIntSchema.default(300).describe(
    'Mentions and target-monitoring loop period.',
  ),
  discovery_search_seconds: PositiveIntSchema.default(900).describe('Discovery loop period.'),
  content_post_window_seconds: PositiveIntSchema.default(10_800).describe(
    'Minimum gap between original posts.',
  ),
  thread_interval_seconds: PositiveIntSchema.default(604_800).describe('Gap between threads.'),
  posting_queue_seconds: PositiveIntSchema.default(5).describe(
    'How often the posting queue looks for due posts (new posts also wake it at once).',
  ),
});

export const CircuitBreakerSchema = z.object({
  error_threshold: PositiveIntSchema.default(5).describe(
    'Rate-limit (429) and platform (5xx) errors on writes within the window that open the breaker; a refused post (403) never counts.',
  ),
  window_seconds: PositiveIntSchema.default(300).describe('Sliding window for counting errors.'),
  cooldown_seconds: PositiveIntSchema.default(600).describe(
    'How long the breaker stays open before a probe.',
  ),
});
