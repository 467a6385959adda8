// The policy tools (spec: Write-profile tools, Policy): every cap with its usage, and the mutation policy
// in force. Read-only: they show what the gateway would count and decide, never change it.
import { EmptyInput } from '../../contracts/no-input.js';
import { PolicyStatusSchema, RateLimitsSchema } from '../../contracts/tool-telemetry.js';
import { effectiveApprovalMode } from '../../core/domain/config-rules.js';
import { ENDPOINT_ACTIONS } from '../../core/gateway/endpoint-actions.js';
import { PLATFORM_ACTIONS } from '../../core/gateway/platform-actions.js';
import { describePolicy } from '../../core/services/analytics/describe-policy.js';
import { listRateLimits } from '../../core/services/analytics/list-rate-limits.js';
import { type AnyOperation, defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

/** The tools the policy engine gates, as the gateway knows them (ungated preparation steps count nothing). */
const gatedTools = () =>
  [...PLATFORM_ACTIONS, ...ENDPOINT_ACTIONS]
    .filter((action) => !action.ungated)
    .map((action) => ({ tool: action.tool, category: action.category }));

export const POLICY_OPERATIONS: readonly AnyOperation[] = [
  defineOperation({
    name: 'get_rate_limits',
    summary:
      "Every cap with used / max / remaining and resets_at: replies and posts per calendar day and threads per week from Monday ([limits], in the account's timezone; resets_at is when the next window starts), the hourly tool-mutation cap, template limits and [mcp_policy].rate_limits (sliding windows; resets_at is when a slot frees).",
    input: EmptyInput,
    output: RateLimitsSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/limits' },
    tool: localTool('get_rate_limits', 'policy'),
    run: (deps) =>
      listRateLimits(deps.analytics, {
        limits: deps.config.limits,
        timezone: deps.config.schedule.timezone,
        policy: deps.config.mcp_policy,
        gatedTools: gatedTools(),
      }),
  }),
  defineOperation({
    name: 'get_policy_status',
    summary:
      'The mutation policy in force: enforce switch, require_approval_for, blocked_tools, dry run, hourly cap and its current use, mode and effective approval mode, template, rules (as configured and in evaluation order) and extra rate limits.',
    input: EmptyInput,
    output: PolicyStatusSchema,
    mutation: false,
    http: { method: 'GET', path: '/api/policy' },
    tool: localTool('get_policy_status', 'policy'),
    run: (deps) =>
      describePolicy(deps.analytics, {
        policy: deps.config.mcp_policy,
        mode: deps.config.mode,
        approvalMode: deps.config.approval_mode,
        effectiveApprovalMode: effectiveApprovalMode(deps.config),
      }),
  }),
];
