// The usage and audit tools: what the platform API and the LLM cost (get_social_usage), and the audit log
// of policy-gated mutations (get_recent_mutations, get_mutation_detail). Read-only.
import { z } from 'zod';
import { SocialUsageSchema } from '../../../contracts/analytics.js';
import {
  AUDIT_STATUSES,
  MutationDetailSchema,
  MutationSummarySchema,
} from '../../../contracts/tool-telemetry.js';
import { DB_ERRORS } from '../../../contracts/tools/tool-binding.js';
import { lookbackWindow } from '../../../core/domain/time-windows.js';
import { findMutation } from '../../../core/services/analytics/find-mutation.js';
import { listRecentMutations } from '../../../core/services/analytics/list-recent-mutations.js';
import { summarizeSocialUsage } from '../../../core/services/analytics/summarize-social-usage.js';
import { type AnyOperation, defineOperation } from '../../define-operation.js';
import { localTool } from '../tool-kit.js';
import { days, limit } from './analytics-params.js';

export const AUDIT_TOOLS: readonly AnyOperation[] = [
  defineOperation({
    name: 'get_social_usage',
    summary:
      'Platform API usage of the last `days` (default 30): calls, errors, latency and cost per endpoint and per UTC day, plus LLM calls, tokens and cost per model and per day.',
    input: z.object({ days: days(30) }),
    output: SocialUsageSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/analytics/api-usage' },
    tool: localTool('get_social_usage', 'analytics'),
    run: (deps, input) => summarizeSocialUsage(deps.analytics, lookbackWindow(deps.clock.now(), input, 30)),
  }),
  defineOperation({
    name: 'get_recent_mutations',
    summary:
      'The latest policy-gated mutations from the audit log, newest first: tool, outcome (success, failure, denied, routed, dry_run, duplicate, pending), correlation id, parameters and result cut to 500 characters.',
    input: z.object({
      limit: limit(20, 100),
      tool_name: z
        .string()
        .trim()
        .min(1)
        .optional()
        .describe('Only this tool (social_like_tweet, or the short form like_tweet).'),
      status: z.enum(AUDIT_STATUSES).optional().describe('Only this outcome.'),
    }),
    output: z.array(MutationSummarySchema),
    mutation: false,
    http: { method: 'GET', path: '/api/activity/mutations' },
    tool: localTool('get_recent_mutations', 'analytics'),
    run: (deps, input) =>
      listRecentMutations(deps.analytics, {
        limit: input.limit,
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
