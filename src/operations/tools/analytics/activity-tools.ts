// The account-activity tools (spec: Write-profile tools, Analytics): stats, follower trend, action log and
// counts, recent replies and today's reply count. Read-only, over the local database.
import { z } from 'zod';
import {
  ActionCountsSchema,
  ActionLogEntrySchema,
  FollowerTrendSchema,
  ReplyCountTodaySchema,
  ReplyRecordSchema,
  StatsSchema,
} from '../../../contracts/analytics.js';
import { lookbackWindow } from '../../../core/domain/time-windows.js';
import { ACTION_PERIODS, countActions } from '../../../core/services/analytics/count-actions.js';
import { countRepliesToday } from '../../../core/services/analytics/count-replies-today.js';
import { followerTrend } from '../../../core/services/analytics/follower-trend.js';
import { getStats } from '../../../core/services/analytics/get-stats.js';
import { type AnyOperation, defineOperation } from '../../define-operation.js';
import { localTool } from '../tool-kit.js';
import { days, limit, offset, sinceHours } from './analytics-params.js';

const hoursAgo = (now: Date, hours: number | undefined) =>
  hours === undefined ? undefined : new Date(now.getTime() - hours * 3_600_000);

export const ACTIVITY_TOOLS: readonly AnyOperation[] = [
  defineOperation({
    name: 'get_stats',
    summary:
      'Account performance over the last `days`: posts by kind, summed engagement of measured posts (impressions, likes, replies, retweets, engagement rate), follower change and the top 5 posts by performance score.',
    input: z.object({ days: days(7), since_hours: sinceHours }),
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
    input: z.object({
      days: days(30),
      limit: z.number().int().min(1).max(365).optional().describe('Keep only the newest N snapshots.'),
    }),
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
    input: z.object({
      limit: limit(50, 500),
      offset,
      since_hours: sinceHours,
      action_type: z
        .string()
        .trim()
        .min(1)
        .optional()
        .describe('Only this action type, e.g. discovery_reply.'),
      status: z.string().trim().min(1).optional().describe('Only this status, e.g. success or failure.'),
    }),
    output: z.array(ActionLogEntrySchema),
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
    input: z.object({
      period: z
        .enum(ACTION_PERIODS)
        .default('day')
        .describe('today | day | week | month | all (default day).'),
      since_hours: sinceHours,
    }),
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
    input: z.object({ limit: limit(20, 100), since_hours: sinceHours }),
    output: z.array(ReplyRecordSchema),
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
    input: z.object({}),
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
