// The usage and audit tools: what the platform API and the LLM cost (get_social_usage), and the audit log
// of policy-gated mutations (get_recent_mutations, get_mutation_detail). Read-only.
import { z } from 'zod';
import { ACTOR_PATTERN } from '../../../contracts/actor.js';
import { SocialUsageSchema } from '../../../contracts/analytics.js';
import {
  AUDIT_STATUSES,
  MutationDetailSchema,
  MutationSummarySchema,
} from '../../../contracts/tool-telemetry.js';
import { DB_ERRORS } from '../../../contracts/tools/tool-binding.js';
import { lookbackWindow, monthToDate } from '../../../core/domain/time-windows.js';
import { findMutation } from '../../../core/services/analytics/find-mutation.js';
import { listRecentMutations } from '../../../core/services/analytics/list-recent-mutations.js';
import { summarizeSocialUsage } from '../../../core/services/analytics/summarize-social-usage.js';
import { type AnyOperation, defineOperation } from '../../define-operation.js';
import { localTool } from '../tool-kit.js';
import { days, limit, offset, sinceHours } from './analytics-params.js';

const hoursAgo = (now: Date, hours: number | undefined) =>
  hours === undefined ? undefined : new Date(now.getTime() - hours * 3_600_000);

export const AUDIT_TOOLS: readonly AnyOperation[] = [
  defineOperation({
    name: 'get_social_usage',
    summary:
      "Platform API usage of the last `days` (default 30), or of this calendar month in the account's timezone with `month`: calls, errors, latency and cost per endpoint and per UTC day, plus LLM calls, tokens and cost per model and per day.",
    input: z.object({
      days: days(30),
      month: z
        .boolean()
        .default(false)
        .describe("This calendar month so far in the account's timezone (overrides days)."),
    }),
    output: SocialUsageSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/analytics/api-usage' },
    tool: localTool('get_social_usage', 'analytics'),
    run: (deps, input) =>
      summarizeSocialUsage(
        deps.analytics,
        input.month
          ? monthToDate(deps.clock.now(), deps.config.schedule.timezone)
          : lookbackWindow(deps.clock.now(), input, 30),
      ),
  }),
  defineOperation({
    name: 'get_recent_mutations',
    summary:
      'The latest policy-gated mutations from the audit log, newest first: tool, actor, outcome (success, failure, denied, routed, dry_run, duplicate, pending), correlation id, parameters and result cut to 500 characters. Filter by tool, outcome, actor or the last `since_hours`; page with `offset`.',
    input: z.object({
      limit: limit(20, 100),
      offset,
      tool_name: z
        .string()
        .trim()
        .min(1)
        .optional()
        .describe('Only this tool (social_like_tweet, or the short form like_tweet).'),
      status: z.enum(AUDIT_STATUSES).optional().describe('Only this outcome.'),
      actor: z
        .string()
        .regex(ACTOR_PATTERN, 'an actor is dashboard, api, agent, cli or loop:<name>')
        .optional()
        .describe('Only mutations by this actor: dashboard, api, agent, cli or loop:<name>.'),
      since_hours: sinceHours,
    }),
    output: z.array(MutationSummarySchema),
    mutation: false,
    http: { method: 'GET', path: '/api/activity/mutations' },
    tool: localTool('get_recent_mutations', 'analytics'),
    run: (deps, input) =>
      listRecentMutations(deps.analytics, {
        limit: input.limit,
        offset: input.offset,
        actor: input.actor,
        since: hoursAgo(deps.clock.now(), input.since_hours),
        toolName: input.tool_name,
        status: input.status,
      }),
  }),
  defineOperation({
    name: 'get_mutation_detail',
    summary:
      'One audited mutation by the correlation id its envelope carried (meta.correlation_id): full parameters, result, rollback guidance, error and timing. Unknown id → not_found.',
    input: z.object({
      correlation_id: z.string().trim().min(1).max(100).describe("The mutation's correlation id."),
    }),
    output: MutationDetailSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/activity/mutations/{correlation_id}' },
    tool: localTool('get_mutation_detail', 'analytics', { errors: [...DB_ERRORS, 'not_found'] }),
    run: (deps, input) => findMutation(deps.analytics, input.correlation_id),
  }),
];
