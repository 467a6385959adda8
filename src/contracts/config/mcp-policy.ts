// [mcp_policy]: the mutation policy engine's switches, caps and optional user rules.
import { z } from 'zod';
import { WeekdaySchema } from './common.js';

export const POLICY_CATEGORIES = [
  'read',
  'write',
  'engage',
  'media',
  'thread',
  'delete',
  'universal_request',
  'enterprise_admin',
] as const;

export const PolicyRuleSchema = z.object({
  id: z.string().trim().min(1).describe('Stable rule id, reported as matched_rule_id.'),
  priority: z.number().int().default(200).describe('Lower runs first.'),
  label: z.string().default('').describe('Human-readable name.'),
  enabled: z.boolean().default(true),
  conditions: z
    .object({
      tools: z.array(z.string()).default([]).describe('Tool names; empty = any.'),
      categories: z.array(z.enum(POLICY_CATEGORIES)).default([]).describe('Policy categories; empty = any.'),
      modes: z
        .array(z.enum(['autopilot', 'composer']))
        .default([])
        .describe('Operating modes; empty = any.'),
      schedule_window: z
        .object({
          start_hour: z.number().int().min(0).max(23),
          end_hour: z.number().int().min(0).max(23).describe('Exclusive; wraps past midnight.'),
          timezone: z.string().default('UTC'),
          days: z.array(WeekdaySchema).default([]).describe('Empty = every day.'),
        })
        .optional(),
    })
    .prefault({}),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('allow') }),
    z.object({ type: z.literal('deny'), reason: z.string().default('denied by user rule') }),
    z.object({ type: z.literal('require_approval'), reason: z.string().default('requires approval') }),
    z.object({ type: z.literal('dry_run') }),
  ]),
});
export type PolicyRule = z.infer<typeof PolicyRuleSchema>;

export const PolicyRateLimitSchema = z.object({
  key: z.string().trim().min(1).describe('Counter key, e.g. mcp:social_like_tweet:daily.'),
  dimension: z.enum(['tool', 'category', 'engagement_type', 'global']),
  match_value: z.string().optional(),
  max_count: z.number().int().positive(),
  period_seconds: z.number().int().positive(),
});

export const DEFAULT_REQUIRE_APPROVAL_FOR = [
  'social_post_tweet',
  'social_reply_to_tweet',
  'social_follow_user',
  'social_like_tweet',
];

export const McpPolicySchema = z.object({
  enforce_for_mutations: z.boolean().default(true).describe('Master switch of the policy engine.'),
  require_approval_for: z
    .array(z.string().trim().min(1))
    .default(DEFAULT_REQUIRE_APPROVAL_FOR)
    .describe('Tools routed to the approval queue (the short form without `social_` is accepted).'),
  blocked_tools: z.array(z.string().trim().min(1)).default([]).describe('Tools that are always denied.'),
  dry_run_mutations: z
    .boolean()
    .default(false)
    .describe('Answer mutations with a dry-run payload instead of acting.'),
  max_mutations_per_hour: z
    .number()
    .int()
    .nonnegative()
    .default(20)
    .describe('Aggregate cap on executed tool mutations in a sliding hour.'),
  template: z
    .enum(['safe_default', 'growth_aggressive', 'agency_mode'])
    .optional()
    .describe('Optional preset of rules and limits.'),
  rules: z.array(PolicyRuleSchema).default([]).describe('User rules ([[mcp_policy.rules]]).'),
  rate_limits: z.array(PolicyRateLimitSchema).default([]).describe('Extra per-tool/category limits.'),
  upload_allowed_dirs: z
    .array(z.string().trim().min(1))
    .default([])
    .describe(
      'Folders (besides the media folder) from which social_upload_media may read files by path; `~` is expanded, symlinks are resolved before the check.',
    ),
});
export type McpPolicy = z.infer<typeof McpPolicySchema>;
