// get_mcp_error_breakdown: which tools failed in a window, with which error codes, how often and when
// last, beside the policy engine's decisions (denials are failures; routing and dry runs are not).
import type { ErrorBreakdown } from '../../../contracts/tool-telemetry.js';
import { describeWindow, type TimeWindow } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

export async function breakDownErrors(
  deps: Pick<AnalyticsStores, 'telemetry'>,
  window: TimeWindow,
): Promise<ErrorBreakdown> {
  const [breakdown, decisions] = await Promise.all([
    deps.telemetry.errors(window.since),
    deps.telemetry.policyDecisions(window.since),
  ]);
  const policyDecisions: Record<string, number> = {};
  for (const d of decisions) {
    policyDecisions[d.policy_decision] = (policyDecisions[d.policy_decision] ?? 0) + d.count;
  }
  return {
    ...describeWindow(window),
    total_errors: breakdown.reduce((n, row) => n + row.count, 0),
    breakdown,
    policy_decisions: policyDecisions,
  };
}
