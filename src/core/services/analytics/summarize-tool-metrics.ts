// get_mcp_tool_metrics: per tool, how often it was called in a window, how often it succeeded, how fast
// it answered (average, nearest-rank p50/p95, min, max), and what the policy engine decided.
import type { ToolMetrics, ToolMetricsReport } from '../../../contracts/tool-telemetry.js';
import { latencyStats, ratio } from '../../domain/latency-stats.js';
import { describeWindow, type TimeWindow } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

/** Calls by decision, per tool and over all tools. */
function decisionCounts(rows: ReadonlyArray<{ tool_name: string; policy_decision: string; count: number }>) {
  const perTool = new Map<string, Record<string, number>>();
  const total: Record<string, number> = {};
  for (const r of rows) {
    const counts = perTool.get(r.tool_name) ?? {};
    counts[r.policy_decision] = (counts[r.policy_decision] ?? 0) + r.count;
    perTool.set(r.tool_name, counts);
    total[r.policy_decision] = (total[r.policy_decision] ?? 0) + r.count;
  }
  return { perTool, total };
}

export async function summarizeToolMetrics(
  deps: Pick<AnalyticsStores, 'telemetry'>,
  window: TimeWindow,
): Promise<ToolMetricsReport> {
  const [aggregates, latencies, decisionRows] = await Promise.all([
    deps.telemetry.toolAggregates(window.since),
    deps.telemetry.latencies(window.since),
    deps.telemetry.policyDecisions(window.since),
  ]);
  const decisions = decisionCounts(decisionRows);
  const tools: ToolMetrics[] = aggregates.map((a) => {
    const stats = latencyStats(latencies.get(a.tool_name) ?? []);
    return {
      tool_name: a.tool_name,
      category: a.category,
      total_calls: a.total_calls,
      success_count: a.success_count,
      failure_count: a.total_calls - a.success_count,
      success_rate: ratio(a.success_count, a.total_calls),
      avg_latency_ms: stats.avg,
      p50_latency_ms: stats.p50,
      p95_latency_ms: stats.p95,
      min_latency_ms: stats.min,
      max_latency_ms: stats.max,
      policy_decisions: decisions.perTool.get(a.tool_name) ?? {},
    };
  });
  const totalCalls = tools.reduce((n, t) => n + t.total_calls, 0);
  const successes = tools.reduce((n, t) => n + t.success_count, 0);
  const overall = latencyStats([...latencies.values()].flat());
  return {
    ...describeWindow(window),
    summary: {
      total_calls: totalCalls,
      total_successes: successes,
      total_failures: totalCalls - successes,
      success_rate: ratio(successes, totalCalls),
      avg_latency_ms: overall.avg,
      p50_latency_ms: overall.p50,
      p95_latency_ms: overall.p95,
      distinct_tools: tools.length,
      policy_decisions: decisions.total,
    },
    tools,
  };
}
