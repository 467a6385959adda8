// The usage and audit tools: what the platform API and the LLM cost (get_social_usage), and the audit log
// of policy-gated mutations (get_recent_mutations, get_mutation_detail). Read-only.
import { SocialUsageInput, SocialUsageSchema } from '../../contracts/analytics.js';
import {
  MutationDetailInput,
  MutationDetailSchema,
  MutationSummaryListSchema,
  RecentMutationsInput,
} from '../../contracts/tool-telemetry.js';
import { DB_ERRORS } from '../../contracts/tools/tool-binding.js';
import { hoursAgo, lookbackWindow, monthToDate } from '../../core/domain/time-windows.js';
import { findMutation } from '../../core/services/analytics/find-mutation.js';
import { listRecentMutations } from '../../core/services/analytics/list-recent-mutations.js';
import { summarizeSocialUsage } from '../../core/services/analytics/summarize-social-usage.js';
import { type AnyOperation, defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

export const AUDIT_OPERATIONS: readonly AnyOperation[] = [
  defineOperation({
    name: 'get_social_usage',
    summary:
      "Platform API usage of the last `days` (default 30), or of this calendar month in the account's timezone with `month`: calls, errors, latency and cost per endpoint and per UTC day, plus LLM calls, tokens and cost per model and per day.",
    input: SocialUsageInput,
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
    input: RecentMutationsInput,
    output: MutationSummaryListSchema,
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
    input: MutationDetailInput,
    output: MutationDetailSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/activity/mutations/{correlation_id}' },
    tool: localTool('get_mutation_detail', 'analytics', { errors: [...DB_ERRORS, 'not_found'] }),
    run: (deps, input) => findMutation(deps.analytics, input.correlation_id),
  }),
];
