// The account-activity tools (spec: Write-profile tools, Analytics): stats, follower trend, action log and
// counts, recent replies and today's reply count. Read-only, over the local database.
import {
  ActionCountsInput,
  ActionCountsSchema,
  ActionLogInput,
  ActionLogSchema,
  FollowerTrendInput,
  FollowerTrendSchema,
  RecentRepliesInput,
  RecentRepliesSchema,
  ReplyCountTodaySchema,
  StatsInput,
  StatsSchema,
} from '../../contracts/analytics.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { hoursAgo, lookbackWindow } from '../../core/domain/time-windows.js';
import { countActions } from '../../core/services/analytics/count-actions.js';
import { countRepliesToday } from '../../core/services/analytics/count-replies-today.js';
import { followerTrend } from '../../core/services/analytics/follower-trend.js';
import { getStats } from '../../core/services/analytics/get-stats.js';
import { type AnyOperation, defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

export const ACTIVITY_OPERATIONS: readonly AnyOperation[] = [
  defineOperation({
    name: 'get_stats',
    summary:
      'Account performance over the last `days`: posts by kind, summed engagement of measured posts (impressions, likes, replies, retweets, engagement rate), follower change and the top 5 posts by performance score.',
    input: StatsInput,
    output: StatsSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/analytics/stats' },
    tool: localTool('get_stats', 'analytics'),
    run: (deps, input) =>
      getStats(deps.analytics, lookbackWindow(deps.clock.now(), input, 7), deps.config.schedule.timezone),
  }),
  defineOperation({
    name: 'get_follower_trend',
    summary:
      'Daily follower snapshots of the last `days` (oldest first) with the day-over-day change, and the net change across them.',
    input: FollowerTrendInput,
    output: FollowerTrendSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/analytics/followers' },
    tool: localTool('get_follower_trend', 'analytics'),
    run: (deps, input) =>
      followerTrend(deps.analytics, lookbackWindow(deps.clock.now(), input, 30), {
        timezone: deps.config.schedule.timezone,
        limit: input.limit,
      }),
  }),
  defineOperation({
    name: 'get_action_log',
    summary:
      'The latest entries of the action log (what the loops and the policy engine did), newest first, optionally only one action type or status, or only the last `since_hours`; page with `offset`.',
    input: ActionLogInput,
    output: ActionLogSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/activity' },
    tool: localTool('get_action_log', 'analytics'),
    run: (deps, input) =>
      deps.analytics.activity.actionLog({
        limit: input.limit,
        offset: input.offset,
        since: hoursAgo(deps.clock.now(), input.since_hours),
        actionType: input.action_type,
        status: input.status,
      }),
  }),
  defineOperation({
    name: 'get_action_counts',
    summary:
      'How much the account did in a period: action log entries by type and status, posts by kind, and policy-gated tool mutations by tool and outcome. `period`: today (local calendar day), day (24 h), week (7 d), month (30 d) or all.',
    input: ActionCountsInput,
    output: ActionCountsSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/activity/counts' },
    tool: localTool('get_action_counts', 'analytics'),
    run: (deps, input) =>
      countActions(deps.analytics, {
        period: input.period,
        sinceHours: input.since_hours,
        timezone: deps.config.schedule.timezone,
      }),
  }),
  defineOperation({
    name: 'get_recent_replies',
    summary:
      'Replies the account posted, newest first, with the post each answered and its metrics once measured.',
    input: RecentRepliesInput,
    output: RecentRepliesSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/analytics/replies' },
    tool: localTool('get_recent_replies', 'analytics'),
    run: (deps, input) =>
      deps.analytics.activity.recentReplies({
        limit: input.limit,
        since: hoursAgo(deps.clock.now(), input.since_hours),
      }),
  }),
  defineOperation({
    name: 'get_reply_count_today',
    summary:
      "Replies posted today (since midnight in the account's timezone) and the daily reply cap, which counts that same day: the maximum, what remains, and the next midnight when it starts afresh.",
    input: EmptyInput,
    output: ReplyCountTodaySchema,
    mutation: false,
    http: { method: 'GET', path: '/api/analytics/replies-today' },
    tool: localTool('get_reply_count_today', 'analytics'),
    run: (deps) =>
      countRepliesToday(deps.analytics, {
        timezone: deps.config.schedule.timezone,
        maxRepliesPerDay: deps.config.limits.max_replies_per_day,
      }),
  }),
];
