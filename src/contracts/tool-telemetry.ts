// What the telemetry, audit and policy tools answer: per-tool call metrics and errors, the mutation audit
// log, every cap with its usage, and the policy engine's effective settings. Times are ISO 8601 UTC.
import { z } from 'zod';
import { ACTOR_PATTERN } from './actor.js';
import { limit, offset, sinceHours } from './analytics-params.js';
import { McpPolicySchema, PolicyRuleSchema } from './config/mcp-policy.js';

const Timestamp = z.string().describe('ISO 8601 UTC');

export const TelemetryWindowSchema = z.object({
  window_hours: z.number(),
  since: Timestamp,
  until: Timestamp,
});

const DecisionCounts = z
  .record(z.string(), z.number().int())
  .describe('Calls by policy decision (allowed, denied, routed_to_approval, dry_run, duplicate).');

export const ToolMetricsSchema = z.object({
  tool_name: z.string(),
  category: z.string(),
  total_calls: z.number().int(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  success_rate: z.number().describe('0-1.'),
  avg_latency_ms: z.number(),
  p50_latency_ms: z.number().describe('Nearest-rank median.'),
  p95_latency_ms: z.number().describe('Nearest-rank 95th percentile.'),
  min_latency_ms: z.number(),
  max_latency_ms: z.number(),
  policy_decisions: DecisionCounts,
});
export type ToolMetrics = z.infer<typeof ToolMetricsSchema>;

export const ToolMetricsReportSchema = TelemetryWindowSchema.extend({
  summary: z.object({
    total_calls: z.number().int(),
    total_successes: z.number().int(),
    total_failures: z.number().int(),
    success_rate: z.number(),
    avg_latency_ms: z.number(),
    p50_latency_ms: z.number(),
    p95_latency_ms: z.number(),
    distinct_tools: z.number().int(),
    policy_decisions: DecisionCounts,
  }),
  tools: z.array(ToolMetricsSchema).describe('Busiest tools first.'),
});
export type ToolMetricsReport = z.infer<typeof ToolMetricsReportSchema>;

export const ErrorBreakdownRowSchema = z.object({
  tool_name: z.string(),
  error_code: z.string(),
  count: z.number().int(),
  latest_at: Timestamp,
});
export type ErrorBreakdownRow = z.infer<typeof ErrorBreakdownRowSchema>;

export const ErrorBreakdownSchema = TelemetryWindowSchema.extend({
  total_errors: z.number().int(),
  breakdown: z.array(ErrorBreakdownRowSchema).describe('Most frequent first.'),
  policy_decisions: DecisionCounts,
});
export type ErrorBreakdown = z.infer<typeof ErrorBreakdownSchema>;

export const AUDIT_STATUSES = [
  'pending',
  'success',
  'failure',
  'duplicate',
  'denied',
  'routed',
  'dry_run',
] as const;

export const MutationSummarySchema = z.object({
  correlation_id: z.string(),
  tool_name: z.string(),
  face: z.string().describe('Where the call came from: mcp, http, cli or loop.'),
  actor: z.string().describe('Who made it: dashboard, api, agent, cli or loop:<name>.'),
  status: z.enum(AUDIT_STATUSES),
  policy_decision: z.string().nullable(),
  params_summary: z.string().describe('Parameters as JSON, cut at 500 characters.'),
  result_summary: z.string().nullable().describe('Result as JSON, cut at 500 characters.'),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  elapsed_ms: z.number().int().nullable(),
  created_at: Timestamp,
  completed_at: Timestamp.nullable(),
});
export type MutationSummary = z.infer<typeof MutationSummarySchema>;

export const MutationDetailSchema = MutationSummarySchema.extend({
  params: z.unknown(),
  result: z.unknown().nullable(),
  rollback: z
    .unknown()
    .nullable()
    .describe('How to undo it, as another tool call (never run automatically).'),
});
export type MutationDetail = z.infer<typeof MutationDetailSchema>;

export const RecentMutationsInput = z.object({
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
});
export const MutationSummaryListSchema = z.array(MutationSummarySchema);

export const MutationDetailInput = z.object({
  correlation_id: z.string().trim().min(1).max(100).describe("The mutation's correlation id."),
});

export const RateLimitSchema = z.object({
  key: z.string(),
  description: z.string(),
  source: z.string().describe('The setting that defines the cap.'),
  used: z.number().int(),
  max: z.number().int(),
  remaining: z.number().int(),
  period_seconds: z.number().int(),
  window: z
    .enum(['sliding', 'calendar_day', 'calendar_week'])
    .describe(
      "sliding: the last period_seconds; calendar_day / calendar_week: the day, or the week from Monday, in the account's timezone.",
    ),
  resets_at: Timestamp.nullable().describe(
    'Sliding: when the oldest counted event leaves the window (null if none); calendar: when the next window starts.',
  ),
  applies_to: z.array(z.string()).describe('Tools (or post kinds) counted; ["*"] = every gated tool.'),
});
export type RateLimit = z.infer<typeof RateLimitSchema>;

export const RateLimitsSchema = z.object({
  checked_at: Timestamp,
  policy_enforced: z
    .boolean()
    .describe('mcp_policy.enforce_for_mutations: when false the policy counters are shown but not applied.'),
  limits: z.array(RateLimitSchema),
});
export type RateLimits = z.infer<typeof RateLimitsSchema>;

export const PolicyStatusSchema = McpPolicySchema.pick({
  enforce_for_mutations: true,
  require_approval_for: true,
  blocked_tools: true,
  dry_run_mutations: true,
  max_mutations_per_hour: true,
  rules: true,
  rate_limits: true,
}).extend({
  mode: z.enum(['autopilot', 'composer']),
  approval_mode: z.boolean().describe('As configured.'),
  effective_approval_mode: z.boolean().describe('Always true in composer mode.'),
  template: z.string().nullable(),
  effective_rules: z
    .array(PolicyRuleSchema)
    .describe('Template and user rules that are enabled, in evaluation order.'),
  rate_limit: z.object({
    used: z.number().int(),
    max: z.number().int(),
    remaining: z.number().int(),
    period_seconds: z.number().int(),
    window_start: Timestamp.describe('Start of the sliding hour.'),
    resets_at: Timestamp.nullable(),
  }),
  evaluation_order: z.array(z.string()),
});
export type PolicyStatus = z.infer<typeof PolicyStatusSchema>;
