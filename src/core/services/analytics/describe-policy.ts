// get_policy_status: the mutation policy as it is in force now: switches, lists, template and rules in
// evaluation order, the effective approval mode, and how much of the hourly mutation cap is used.
import type { McpPolicy } from '../../../contracts/config/mcp-policy.js';
import type { PolicyStatus } from '../../../contracts/tool-telemetry.js';
import { effectiveRules, HOURLY_KEY } from '../../domain/mutation-policy.js';
import { slotFreesAt } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

const HOUR_SECONDS = 3600;

/** The order the engine checks a mutation in (first match wins), for agents deciding what to try. */
const EVALUATION_ORDER = [
  'enforce_for_mutations = false → allowed (hard safety rules still apply)',
  'blocked_tools → denied (policy_denied_blocked)',
  'hard safety rules → denied (policy_denied_hard_rule)',
  'user or template deny rule → denied (policy_denied_user_rule)',
  'dry-run rule or dry_run_mutations → dry run, nothing executed',
  'hourly cap, then template and rate_limits counters → denied (policy_denied_rate_limited)',
  'approval rule, composer mode or require_approval_for → routed to the approval queue',
  'otherwise allowed',
];

export interface PolicySettings {
  policy: McpPolicy;
  mode: 'autopilot' | 'composer';
  approvalMode: boolean;
  effectiveApprovalMode: boolean;
}

export async function describePolicy(
  deps: Pick<AnalyticsStores, 'counters' | 'clock'>,
  settings: PolicySettings,
): Promise<PolicyStatus> {
  const { policy } = settings;
  const now = deps.clock.now();
  const used = await deps.counters.usage(HOURLY_KEY, HOUR_SECONDS, now);
  return {
    enforce_for_mutations: policy.enforce_for_mutations,
    require_approval_for: policy.require_approval_for,
    blocked_tools: policy.blocked_tools,
    dry_run_mutations: policy.dry_run_mutations,
    max_mutations_per_hour: policy.max_mutations_per_hour,
    mode: settings.mode,
    approval_mode: settings.approvalMode,
    effective_approval_mode: settings.effectiveApprovalMode,
    template: policy.template ?? null,
    rules: policy.rules,
    effective_rules: effectiveRules(policy),
    rate_limits: policy.rate_limits,
    rate_limit: {
      used: used.count,
      max: policy.max_mutations_per_hour,
      remaining: Math.max(policy.max_mutations_per_hour - used.count, 0),
      period_seconds: HOUR_SECONDS,
      window_start: new Date(now.getTime() - HOUR_SECONDS * 1000).toISOString(),
      resets_at: slotFreesAt(used.oldest, HOUR_SECONDS)?.toISOString() ?? null,
    },
    evaluation_order: EVALUATION_ORDER,
  };
}
