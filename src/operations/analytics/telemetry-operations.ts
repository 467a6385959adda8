// The telemetry tools (spec: Write-profile tools, Telemetry): per-tool call metrics and the error
// breakdown over the last `days`, from the one telemetry row every tool call writes. The recorder buffers
// rows for a moment, so both flush it first: a report never misses the calls just made.
import { z } from 'zod';
import { days, sinceHours } from '../../contracts/analytics-params.js';
import { ErrorBreakdownSchema, ToolMetricsReportSchema } from '../../contracts/tool-telemetry.js';
import { lookbackWindow } from '../../core/domain/time-windows.js';
import { breakDownErrors } from '../../core/services/analytics/break-down-errors.js';
import { summarizeToolMetrics } from '../../core/services/analytics/summarize-tool-metrics.js';
import { type AnyOperation, defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

const Lookback = z.object({ days: days(1), since_hours: sinceHours });

export const TELEMETRY_OPERATIONS: readonly AnyOperation[] = [
  defineOperation({
    name: 'get_mcp_tool_metrics',
    summary:
      'Per tool over the last `days` (default 1): calls, successes, failures, success rate, latency (avg, p50, p95, min, max in ms) and policy decisions, busiest first, with a summary over all tools.',
    input: Lookback,
    output: ToolMetricsReportSchema,
    mutation: false,
    tool: localTool('get_mcp_tool_metrics', 'telemetry'),
    run: async (deps, input) => {
      await deps.telemetry.flush();
      return summarizeToolMetrics(deps.analytics, lookbackWindow(deps.clock.now(), input, 1));
    },
  }),
  defineOperation({
    name: 'get_mcp_error_breakdown',
    summary:
      'Failed tool calls over the last `days` (default 1) by tool and error code, with counts and the latest time, plus the policy decisions (denied, routed_to_approval, dry_run...).',
    input: Lookback,
    output: ErrorBreakdownSchema,
    mutation: false,
    tool: localTool('get_mcp_error_breakdown', 'telemetry'),
    run: async (deps, input) => {
      await deps.telemetry.flush();
      return breakDownErrors(deps.analytics, lookbackWindow(deps.clock.now(), input, 1));
    },
  }),
];
