// The mutation policy engine: decides whether a tool mutation runs, is simulated, waits for a human or is
// refused. Pure: the caller supplies the counters and any hard-rule denial. Ordered checks, first match
// wins (spec: Mutation policy evaluation; DECISIONS: hard and user rules right after blocked_tools).
import type { McpPolicy, PolicyRule } from '../../contracts/config/mcp-policy.js';
import type { PolicyCategory } from '../../contracts/tools/tool-binding.js';
import { localHourAndDay } from './active-hours.js';

/** The aggregate hourly counter every executed tool mutation counts against. */
export const HOURLY_KEY = 'mcp_mutation';

export interface PolicyRequest {
  tool: string;
  category: PolicyCategory;
  mode: 'autopilot' | 'composer';
  now: Date;
  /** A hard safety rule (banned phrase, caps, duplicate or self reply, active hours) refusing the action. */
  hardRule?: { rule: string; message: string };
}

/** A counter the mutation counts against once executed. */
export interface PolicyLimit {
  key: string;
  max: number;
  periodSeconds: number;
}

export interface LimitUsage {
  count: number;
  /** The oldest counted event still inside the window (the window frees a slot when it leaves). */
  oldest?: Date;
}

export type PolicyDecision =
  | { decision: 'allow'; ruleId?: string; limits: PolicyLimit[] }
  | {
      decision: 'deny';
      code:
        | 'policy_denied_blocked'
        | 'policy_denied_hard_rule'
        | 'policy_denied_user_rule'
        | 'policy_denied_rate_limited';
      reason: string;
      ruleId?: string;
      resetAt?: Date;
    }
  | { decision: 'dry_run'; reason: string; ruleId?: string }
  | { decision: 'route'; reason: string; ruleId?: string };

type Template = NonNullable<McpPolicy['template']>;

const rule = (id: string, priority: number, categories: PolicyCategory[], action: PolicyRule['action']) =>
  ({
    id,
    priority,
    label: id,
    enabled: true,
    conditions: { tools: [], categories, modes: [] },
    action,
  }) satisfies PolicyRule;

const DELETE_APPROVAL = rule('template:delete_approval', 100, ['delete'], {
  type: 'require_approval',
  reason: 'delete actions require approval',
});

/** Presets of rules and limits (reference §e.2), applied before the user's own. */
const TEMPLATES: Record<Template, { rules: PolicyRule[]; limits: McpPolicy['rate_limits'] }> = {
  safe_default: {
    rules: [
      DELETE_APPROVAL,
      rule('template:write_approval', 101, ['write'], {
        type: 'require_approval',
        reason: 'posts require approval',
      }),
      rule('template:thread_approval', 102, ['thread'], {
        type: 'require_approval',
        reason: 'threads require approval',
      }),
      rule('template:engage_allow', 103, ['engage'], { type: 'allow' }),
    ],
    limits: [
      {
        key: 'template:engage:daily',
        dimension: 'category',
        match_value: 'engage',
        max_count: 50,
        period_seconds: 86_400,
      },
    ],
  },
  growth_aggressive: {
    rules: [DELETE_APPROVAL, rule('template:allow', 150, [], { type: 'allow' })],
    limits: [
      {
        key: 'template:engage:daily',
        dimension: 'category',
        match_value: 'engage',
        max_count: 100,
        period_seconds: 86_400,
      },
    ],
  },
  agency_mode: {
    rules: [DELETE_APPROVAL, rule('template:allow', 150, [], { type: 'allow' })],
    limits: [
      {
        key: 'template:post:daily',
        dimension: 'tool',
        match_value: 'social_post_tweet',
        max_count: 30,
        period_seconds: 86_400,
      },
      {
        key: 'template:like:daily',
        dimension: 'tool',
        match_value: 'social_like_tweet',
        max_count: 50,
        period_seconds: 86_400,
      },
      {
        key: 'template:follow:daily',
        dimension: 'tool',
        match_value: 'social_follow_user',
        max_count: 20,
        period_seconds: 86_400,
      },
    ],
  },
};

const ENGAGEMENT_TYPES: Record<string, string> = {
  social_like_tweet: 'like',
  social_unlike_tweet: 'like',
  social_retweet: 'retweet',
  social_unretweet: 'retweet',
  social_follow_user: 'follow',
  social_unfollow_user: 'follow',
  social_bookmark_tweet: 'bookmark',
  social_unbookmark_tweet: 'bookmark',
};

/** A configured name matches the tool in full (`social_post_tweet`) or short form (`post_tweet`). */
export function namesTool(entry: string, tool: string): boolean {
  const name = entry.trim();
  return name === tool || `social_${name}` === tool;
}

function ruleMatches(r: PolicyRule, request: PolicyRequest): boolean {
  const c = r.conditions;
  if (c.tools.length > 0 && !c.tools.some((t) => namesTool(t, request.tool))) return false;
  if (c.categories.length > 0 && !c.categories.includes(request.category)) return false;
  if (c.modes.length > 0 && !c.modes.includes(request.mode)) return false;
  const window = c.schedule_window;
  if (window) {
    const { hour, day } = localHourAndDay(request.now, window.timezone);
    if (window.days.length > 0 && !window.days.includes(day)) return false;
    const inside =
      window.start_hour === window.end_hour ||
      (window.start_hour < window.end_hour
        ? hour >= window.start_hour && hour < window.end_hour
        : hour >= window.start_hour || hour < window.end_hour);
    if (!inside) return false;
  }
  return true;
}

/** Template rules then the user's, by priority (stable), enabled only. */
export function effectiveRules(policy: McpPolicy): PolicyRule[] {
  const template = policy.template ? TEMPLATES[policy.template].rules : [];
  return [...template, ...policy.rules]
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => r.enabled)
    .sort((a, b) => a.r.priority - b.r.priority || a.index - b.index)
    .map(({ r }) => r);
}

/** Every counter this mutation counts against: the hourly aggregate, then template and user limits. */
export function applicableLimits(policy: McpPolicy, tool: string, category: PolicyCategory): PolicyLimit[] {
  const limits: PolicyLimit[] = [
    { key: HOURLY_KEY, max: policy.max_mutations_per_hour, periodSeconds: 3600 },
  ];
  const extra = [...(policy.template ? TEMPLATES[policy.template].limits : []), ...policy.rate_limits];
  for (const limit of extra) {
    const value = limit.match_value ?? '';
    const applies =
      limit.dimension === 'global' ||
      (limit.dimension === 'tool' && namesTool(value, tool)) ||
      (limit.dimension === 'category' && value === category) ||
      (limit.dimension === 'engagement_type' && ENGAGEMENT_TYPES[tool] === value);
    if (applies) limits.push({ key: limit.key, max: limit.max_count, periodSeconds: limit.period_seconds });
  }
  return limits;
}

/**
 * `blocked_tools`, the first step of every decision: reads, local mutations, uploads and platform actions
 * all meet this one test (nothing is blocked with the policy switched off).
 */
export function blockedDenial(
  policy: McpPolicy,
  tool: string,
): Extract<PolicyDecision, { decision: 'deny' }> | undefined {
  if (!policy.enforce_for_mutations || !policy.blocked_tools.some((t) => namesTool(t, tool)))
    return undefined;
  return {
    decision: 'deny',
    code: 'policy_denied_blocked',
    reason: `tool '${tool}' is blocked (mcp_policy.blocked_tools)`,
  };
}

/**
 * Evaluates one mutation. Order: disabled (hard rules still apply) → blocked_tools → hard rules → user/template deny → dry run →
 * counters (the hourly cap first) → approval (rule, `require_approval_for`, or composer mode) → allow.
 */
export function evaluatePolicy(
  policy: McpPolicy,
  request: PolicyRequest,
  usage: (limit: PolicyLimit) => LimitUsage,
): PolicyDecision {
  const hard: PolicyDecision | undefined = request.hardRule && {
    decision: 'deny',
    code: 'policy_denied_hard_rule',
    reason: request.hardRule.message,
    ruleId: `hard:${request.hardRule.rule}`,
  };
  // The safety rules hold even with the policy switched off (DECISIONS: every path that can post).
  if (!policy.enforce_for_mutations) return hard ?? { decision: 'allow', limits: [] };
  const blocked = blockedDenial(policy, request.tool);
  if (blocked) return blocked;
  if (hard) return hard;
  const matched = effectiveRules(policy).find((r) => ruleMatches(r, request));
  if (matched?.action.type === 'deny') {
    return {
      decision: 'deny',
      code: 'policy_denied_user_rule',
      reason: `${matched.action.reason} (rule ${matched.id})`,
      ruleId: matched.id,
    };
  }
  if (matched?.action.type === 'dry_run') {
    return { decision: 'dry_run', reason: `rule ${matched.id} asks for a dry run`, ruleId: matched.id };
  }
  if (policy.dry_run_mutations) {
    return { decision: 'dry_run', reason: 'mcp_policy.dry_run_mutations is on' };
  }

  const limits = applicableLimits(policy, request.tool, request.category);
  for (const limit of limits) {
    const used = usage(limit);
    if (used.count < limit.max) continue;
    const resetAt = new Date((used.oldest ?? request.now).getTime() + limit.periodSeconds * 1000);
    const what =
      limit.key === HOURLY_KEY
        ? `the hourly cap of ${limit.max} tool mutations (mcp_policy.max_mutations_per_hour)`
        : `the limit ${limit.key} (${limit.max} per ${limit.periodSeconds} s)`;
    return {
      decision: 'deny',
      code: 'policy_denied_rate_limited',
      reason: `${what} is reached; a slot frees at ${resetAt.toISOString()}`,
      resetAt,
      ruleId: limit.key,
    };
  }

  if (matched?.action.type === 'require_approval') {
    return { decision: 'route', reason: `${matched.action.reason} (rule ${matched.id})`, ruleId: matched.id };
  }
  if (request.mode === 'composer') {
    return { decision: 'route', reason: 'composer mode routes every mutation to the approval queue' };
  }
  if (
    matched?.action.type !== 'allow' &&
    policy.require_approval_for.some((t) => namesTool(t, request.tool))
  ) {
    return {
      decision: 'route',
      reason: `tool '${request.tool}' requires approval (mcp_policy.require_approval_for)`,
    };
  }
  return { decision: 'allow', ruleId: matched?.id, limits };
}
