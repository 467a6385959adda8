// What the analytics tools answer: the account's posting activity and engagement, its follower history,
// the action log, and what the platform API and the LLM cost. Times are ISO 8601 UTC.
import { z } from 'zod';
import { days, limit, offset, sinceHours } from './analytics-params.js';

const Timestamp = z.string().describe('ISO 8601 UTC');

export const WindowSchema = z.object({
  since: Timestamp.describe('Start of the window (inclusive).'),
  until: Timestamp.describe('End of the window (now).'),
  window_hours: z.number().describe('Length of the window in hours.'),
});
export type Window = z.infer<typeof WindowSchema>;

export const PostCountsSchema = z.object({
  tweets: z.number().int(),
  replies: z.number().int(),
  quotes: z.number().int(),
  threads: z.number().int().describe('Threads started (their first card).'),
  total: z.number().int().describe('Tweets + replies + quotes + threads.'),
});
export type PostCounts = z.infer<typeof PostCountsSchema>;

export const PostPerformanceSchema = z.object({
  tweet_id: z.string(),
  kind: z.string(),
  text: z.string(),
  posted_at: Timestamp,
  impressions: z.number().int(),
  likes: z.number().int(),
  replies: z.number().int(),
  retweets: z.number().int(),
  performance_score: z
    .number()
    .describe('Stored score, else (likes×3 + replies×5 + retweets×4) ÷ max(impressions, 1) × 1000.'),
});
export type PostPerformance = z.infer<typeof PostPerformanceSchema>;

export const EngagementSchema = z.object({
  measured_posts: z.number().int().describe('Posts of the window with measured metrics.'),
  impressions: z.number().int(),
  likes: z.number().int(),
  replies: z.number().int(),
  retweets: z.number().int(),
  quotes: z.number().int(),
  bookmarks: z.number().int(),
  engagement_rate: z.number().describe('(likes + replies + retweets + quotes) ÷ impressions, 0-1.'),
  avg_performance_score: z.number(),
});
export type Engagement = z.infer<typeof EngagementSchema>;

export const FollowerSnapshotSchema = z.object({
  date: z.string().describe('Calendar day, YYYY-MM-DD.'),
  followers: z.number().int(),
  following: z.number().int(),
  tweet_count: z.number().int(),
});
export type FollowerSnapshot = z.infer<typeof FollowerSnapshotSchema>;

export const FollowerSummarySchema = z.object({
  current: z.number().int().nullable().describe('Followers at the latest snapshot; null without one.'),
  start: z.number().int().nullable().describe('Followers at the first snapshot of the window.'),
  net_change: z.number().int(),
  change_percent: z.number().describe('net_change ÷ start × 100, two decimals; 0 without a start.'),
});
export type FollowerSummary = z.infer<typeof FollowerSummarySchema>;

export const StatsSchema = z.object({
  window: WindowSchema,
  posts: PostCountsSchema,
  engagement: EngagementSchema,
  followers: FollowerSummarySchema,
  top_posts: z.array(PostPerformanceSchema).describe('Best posts of the window by performance score.'),
});
export type Stats = z.infer<typeof StatsSchema>;

export const FollowerTrendSchema = z.object({
  window: WindowSchema,
  summary: FollowerSummarySchema,
  snapshots: z
    .array(
      FollowerSnapshotSchema.extend({ change: z.number().int().describe('Versus the snapshot before.') }),
    )
    .describe('Daily snapshots, oldest first.'),
});
export type FollowerTrend = z.infer<typeof FollowerTrendSchema>;

export const ActionLogEntrySchema = z.object({
  id: z.number().int(),
  action_type: z.string(),
  status: z.string(),
  message: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: Timestamp,
});
export type ActionLogEntry = z.infer<typeof ActionLogEntrySchema>;

export const ActionCountsSchema = z.object({
  period: z.string(),
  since: Timestamp.nullable().describe('Null for period "all".'),
  until: Timestamp,
  actions: z
    .array(z.object({ action_type: z.string(), status: z.string(), count: z.number().int() }))
    .describe('Action log entries by type and status, most frequent first.'),
  actions_total: z.number().int(),
  posts: PostCountsSchema,
  tool_mutations: z
    .array(z.object({ tool_name: z.string(), status: z.string(), count: z.number().int() }))
    .describe('Policy-gated tool mutations by tool and outcome (mutation audit log).'),
});
export type ActionCounts = z.infer<typeof ActionCountsSchema>;

export const ReplyRecordSchema = z.object({
  tweet_id: z.string(),
  text: z.string(),
  in_reply_to_tweet_id: z.string().nullable(),
  target_author_id: z.string().nullable(),
  target_author_username: z.string().nullable(),
  origin: z.string().nullable(),
  posted_at: Timestamp,
  metrics: z
    .object({
      impressions: z.number().int(),
      likes: z.number().int(),
      replies: z.number().int(),
      retweets: z.number().int(),
    })
    .nullable()
    .describe('Null until the analytics loop has measured the reply.'),
});
export type ReplyRecord = z.infer<typeof ReplyRecordSchema>;

export const ReplyCountTodaySchema = z.object({
  count: z.number().int().describe('Replies posted since local midnight.'),
  date: z.string().describe('Local calendar day, YYYY-MM-DD.'),
  timezone: z.string(),
  since: Timestamp.describe('Local midnight in UTC.'),
  max_per_day: z.number().int(),
  remaining: z.number().int().describe('Replies the daily cap still allows today.'),
  resets_at: Timestamp.describe('The next local midnight, when the daily cap starts afresh.'),
});
export type ReplyCountToday = z.infer<typeof ReplyCountTodaySchema>;

const usdOf = (what: string) => z.number().describe(`${what}, US dollars.`);

/** The platform's pay-per-use bill for the current UTC calendar month, whatever the window asked. */
export const PlatformBillSchema = z
  .object({
    month: z.string().describe('The UTC calendar month, YYYY-MM.'),
    days_in_month: z.number().int(),
    days_elapsed: z.number().int().describe('Days of the month so far, today included.'),
    month_to_date_usd: usdOf('Platform spend this month so far'),
    forecast_usd: usdOf(
      "Forecast to the month's end: month-to-date ÷ days elapsed (today counted whole) × days in the month",
    ),
    daily: z
      .array(z.object({ date: z.string(), calls: z.number().int(), cost_usd: z.number() }))
      .describe('Every UTC day of the month up to today, days without calls at 0.'),
    by_endpoint: z.array(
      z.object({
        method: z.string(),
        endpoint: z.string(),
        calls: z.number().int(),
        resources: z.number().int().describe('Resources the answers returned.'),
        charged_resources: z
          .number()
          .int()
          .describe('Resources charged (the rest were free again that day).'),
        cost_usd: z.number(),
      }),
    ),
    by_actor: z
      .array(z.object({ actor: z.string(), calls: z.number().int(), cost_usd: z.number() }))
      .describe(
        'By loop (`loop:<name>`) or face (agent, dashboard, api, cli); `other` when none ran the call.',
      ),
  })
  .describe(
    "The platform's pay-per-use bill of this UTC month, priced by `[api_prices]`: reads per resource returned (once a day), writes per request.",
  );
export type PlatformBill = z.infer<typeof PlatformBillSchema>;

export const SocialUsageSchema = z.object({
  window: WindowSchema,
  bill: PlatformBillSchema,
  api: z.object({
    total_calls: z.number().int(),
    errors: z.number().int(),
    cost_usd: z.number(),
    endpoints: z.array(
      z.object({
        host: z.string(),
        method: z.string(),
        endpoint: z.string(),
        calls: z.number().int(),
        errors: z.number().int(),
        avg_latency_ms: z.number().int(),
        cost_usd: z.number(),
      }),
    ),
    daily: z.array(
      z.object({ date: z.string(), calls: z.number().int(), errors: z.number().int(), cost_usd: z.number() }),
    ),
  }),
  llm: z.object({
    total_calls: z.number().int(),
    failures: z.number().int(),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cost_usd: z.number(),
    models: z.array(
      z.object({
        provider: z.string(),
        model: z.string(),
        calls: z.number().int(),
        failures: z.number().int(),
        input_tokens: z.number().int(),
        output_tokens: z.number().int(),
        cost_usd: z.number(),
      }),
    ),
    daily: z.array(z.object({ date: z.string(), calls: z.number().int(), cost_usd: z.number() })),
  }),
});
export type SocialUsage = z.infer<typeof SocialUsageSchema>;

export const ACTION_PERIODS = ['today', 'day', 'week', 'month', 'all'] as const;
export type ActionPeriod = (typeof ACTION_PERIODS)[number];

export const StatsInput = z.object({ days: days(7), since_hours: sinceHours });

export const FollowerTrendInput = z.object({
  days: days(30),
  limit: z.number().int().min(1).max(365).optional().describe('Keep only the newest N snapshots.'),
});

export const ActionLogInput = z.object({
  limit: limit(50, 500),
  offset,
  since_hours: sinceHours,
  action_type: z.string().trim().min(1).optional().describe('Only this action type, e.g. discovery_reply.'),
  status: z.string().trim().min(1).optional().describe('Only this status, e.g. success or failure.'),
});
export const ActionLogSchema = z.array(ActionLogEntrySchema);

export const ActionCountsInput = z.object({
  period: z.enum(ACTION_PERIODS).default('day').describe('today | day | week | month | all (default day).'),
  since_hours: sinceHours,
});

export const RecentRepliesInput = z.object({ limit: limit(20, 100), since_hours: sinceHours });
export const RecentRepliesSchema = z.array(ReplyRecordSchema);

export const SocialUsageInput = z.object({
  days: days(30),
  month: z
    .boolean()
    .default(false)
    .describe("This calendar month so far in the account's timezone (overrides days)."),
});
