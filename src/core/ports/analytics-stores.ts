// What the analytics, telemetry and policy tools read: the account's posts and their metrics, follower
// snapshots, the action log, API and LLM usage, tool-call telemetry and the mutation audit log. All reads;
// the rows are written by the loops, the platform client, the tool server and the mutation gateway.
import type {
  ActionLogEntry,
  FollowerSnapshot,
  PostCounts,
  PostPerformance,
  ReplyRecord,
} from '../../contracts/analytics.js';
import type { LimitUsage } from '../domain/mutation-policy.js';
import type { Clock } from './clock.js';
import type { AuditEntry, AuditStatus } from './mutation-store.js';

export interface EngagementTotals {
  measured_posts: number;
  impressions: number;
  likes: number;
  replies: number;
  retweets: number;
  quotes: number;
  bookmarks: number;
  avg_performance_score: number;
}

/** A kind of post a cap counts (the guards count tweets and quotes together). */
export type CappedPostKind = 'reply' | 'tweet' | 'thread';

export interface ActivityStore {
  /** Posts by kind (threads counted once, by their first card); `since` undefined = all time. */
  postCounts(since: Date | undefined): Promise<PostCounts>;
  engagement(since: Date): Promise<EngagementTotals>;
  topPosts(since: Date, limit: number): Promise<PostPerformance[]>;
  /** Snapshots from `fromDate` (YYYY-MM-DD) on, oldest first. */
  followerSnapshots(fromDate: string): Promise<FollowerSnapshot[]>;
  latestFollowerSnapshot(): Promise<FollowerSnapshot | undefined>;
  actionLog(filter: {
    since?: Date;
    actionType?: string;
    status?: string;
    limit: number;
    offset?: number;
  }): Promise<ActionLogEntry[]>;
  actionCounts(
    since: Date | undefined,
  ): Promise<Array<{ action_type: string; status: string; count: number }>>;
  recentReplies(filter: { since?: Date; limit: number }): Promise<ReplyRecord[]>;
  countReplies(since: Date): Promise<number>;
  /** Posts a cap counts in its window, with the oldest one still inside. */
  capUsage(kind: CappedPostKind, since: Date): Promise<LimitUsage>;
}

export interface EndpointUsageRow {
  host: string;
  method: string;
  endpoint: string;
  calls: number;
  errors: number;
  avg_latency_ms: number;
  cost_usd: number;
}

export interface ModelUsageRow {
  provider: string;
  model: string;
  calls: number;
  failures: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

/** The platform bill of [since, until): spend per UTC day, per endpoint and per actor. */
export interface PlatformSpend {
  daily: Array<{ date: string; calls: number; cost_usd: number }>;
  endpoints: Array<{
    method: string;
    endpoint: string;
    calls: number;
    resources: number;
    charged_resources: number;
    cost_usd: number;
  }>;
  /** `actor` is null for calls no loop or face ran. */
  actors: Array<{ actor: string | null; calls: number; cost_usd: number }>;
}

export interface UsageStats {
  apiSpend(since: Date, until: Date): Promise<PlatformSpend>;
  apiByEndpoint(since: Date): Promise<EndpointUsageRow[]>;
  /** Per UTC day, oldest first. */
  apiByDay(since: Date): Promise<Array<{ date: string; calls: number; errors: number; cost_usd: number }>>;
  llmByModel(since: Date): Promise<ModelUsageRow[]>;
  llmByDay(since: Date): Promise<Array<{ date: string; calls: number; cost_usd: number }>>;
}

export interface ToolCallAggregate {
  tool_name: string;
  category: string;
  total_calls: number;
  success_count: number;
}

export interface TelemetryStats {
  toolAggregates(since: Date): Promise<ToolCallAggregate[]>;
  /** Every call's latency per tool, ascending (percentiles are computed from them). */
  latencies(since: Date): Promise<Map<string, number[]>>;
  errors(
    since: Date,
  ): Promise<Array<{ tool_name: string; error_code: string; count: number; latest_at: string }>>;
  policyDecisions(since: Date): Promise<Array<{ tool_name: string; policy_decision: string; count: number }>>;
}

/** Which audit rows to read: `tools` matches any of the names given; `offset` skips that many (paging). */
export interface AuditFilter {
  limit: number;
  offset?: number;
  tools?: readonly string[];
  status?: AuditStatus;
  actor?: string;
  since?: Date;
}

export interface MutationAuditReader {
  /** Newest first. */
  recent(filter: AuditFilter): Promise<AuditEntry[]>;
  find(correlationId: string): Promise<AuditEntry | undefined>;
  /** `since` undefined = all time. */
  countsByTool(since: Date | undefined): Promise<Array<{ tool_name: string; status: string; count: number }>>;
}

/** The sliding-window counters of the policy engine (rate_events). */
export interface PolicyCounters {
  usage(key: string, periodSeconds: number, now: Date): Promise<LimitUsage>;
}

/** Everything the analytics services read, and the clock that says when "now" is. */
export interface AnalyticsStores {
  activity: ActivityStore;
  usage: UsageStats;
  telemetry: TelemetryStats;
  audit: MutationAuditReader;
  counters: PolicyCounters;
  clock: Clock;
}
