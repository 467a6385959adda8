// The policy engine's decisions, check by check and in order: switch, blocked tools, hard rules, user and
// template rules, dry run, counters (hourly cap first, with its reset), approval routing, composer mode.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type McpPolicy, McpPolicySchema, type PolicyRuleSchema } from '../../contracts/config/mcp-policy.js';
import {
  applicableLimits,
  evaluatePolicy,
  HOURLY_KEY,
  type LimitUsage,
  namesTool,
  type PolicyLimit,
  type PolicyRequest,
} from './mutation-policy.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const policy = (overrides: z.input<typeof McpPolicySchema> = {}) =>
  McpPolicySchema.parse({ require_approval_for: [], ...overrides });
const request = (overrides: Partial<PolicyRequest> = {}): PolicyRequest => ({
  tool: 'social_like_tweet',
  category: 'engage',
  mode: 'autopilot',
  now: NOW,
  ...overrides,
});
const unused = (): LimitUsage => ({ count: 0 });
const decide = (
  p: McpPolicy,
  r: PolicyRequest = request(),
  usage: (limit: PolicyLimit) => LimitUsage = unused,
) => evaluatePolicy(p, r, usage);

describe('mutation policy', () => {
  it('allows by default and counts against the hourly cap', () => {
    expect(decide(policy())).toEqual({
      decision: 'allow',
      limits: [{ key: HOURLY_KEY, max: 20, periodSeconds: 3600 }],
    });
  });

  it('switched off, everything runs uncounted, except what a hard safety rule refuses', () => {
    const off = policy({
      enforce_for_mutations: false,
      blocked_tools: ['social_like_tweet'],
      dry_run_mutations: true,
    });
    expect(decide(off)).toEqual({ decision: 'allow', limits: [] });
    const hard = decide(off, request({ hardRule: { rule: 'reply_cap', message: 'reply cap reached' } }));
    expect(hard).toMatchObject({
      decision: 'deny',
      code: 'policy_denied_hard_rule',
      ruleId: 'hard:reply_cap',
    });
  });

  it('blocked tools win over everything else, in either spelling', () => {
    for (const name of ['social_like_tweet', 'like_tweet']) {
      const p = policy({ blocked_tools: [name], dry_run_mutations: true, require_approval_for: [] });
      expect(decide(p, request({ mode: 'composer' }))).toMatchObject({
        decision: 'deny',
        code: 'policy_denied_blocked',
      });
    }
    expect(namesTool('post_tweet', 'social_post_tweet')).toBe(true);
    expect(namesTool('post', 'social_post_tweet')).toBe(false);
  });

  it('a hard rule comes right after blocked tools, before dry run and routing', () => {
    const p = policy({ dry_run_mutations: true, require_approval_for: ['social_like_tweet'] });
    expect(
      decide(p, request({ hardRule: { rule: 'banned_phrase', message: 'contains "link in bio"' } })),
    ).toMatchObject({
      decision: 'deny',
      code: 'policy_denied_hard_rule',
      reason: 'contains "link in bio"',
    });
  });

  it('dry run answers before the cap is looked at', () => {
    let looked = false;
    const result = decide(policy({ dry_run_mutations: true }), request(), () => {
      looked = true;
      return { count: 999 };
    });
    expect(result.decision).toBe('dry_run');
    expect(looked).toBe(false);
  });

  it('the hourly cap: the 20th is allowed, the 21st denied with the time the oldest leaves the window', () => {
    const oldest = new Date('2026-11-22T11:15:00Z');
    expect(decide(policy(), request(), () => ({ count: 19, oldest })).decision).toBe('allow');
    expect(decide(policy(), request(), () => ({ count: 20, oldest }))).toEqual({
      decision: 'deny',
      code: 'policy_denied_rate_limited',
      reason: expect.stringContaining('hourly cap of 20'),
      resetAt: new Date('2026-11-22T12:15:00Z'),
      ruleId: HOURLY_KEY,
    });
  });

  it('the cap comes before approval routing (spec order), so a capped call is not queued', () => {
    const p = policy({ require_approval_for: ['like_tweet'] });
    expect(decide(p, request(), () => ({ count: 20, oldest: NOW })).decision).toBe('deny');
    expect(decide(p).decision).toBe('route');
  });

  it('routes require_approval_for tools, and every mutation in composer mode', () => {
    expect(decide(policy({ require_approval_for: ['like_tweet'] }))).toMatchObject({
      decision: 'route',
      reason: expect.stringContaining('require_approval_for'),
    });
    expect(decide(policy(), request({ mode: 'composer' }))).toMatchObject({
      decision: 'route',
      reason: expect.stringContaining('composer mode'),
    });
  });

  it('user rules: first match by priority decides deny, dry run, approval or allow', () => {
    type RuleInput = z.input<typeof PolicyRuleSchema>;
    const rule = (
      id: string,
      priority: number,
      action: RuleInput['action'],
      conditions: RuleInput['conditions'] = {},
    ): RuleInput => ({
      id,
      priority,
      action,
      conditions,
    });
    const p = policy({
      require_approval_for: ['social_follow_user'],
      rules: [
        rule(
          'no-night-likes',
          210,
          { type: 'deny', reason: 'no likes at night' },
          {
            tools: ['like_tweet'],
            schedule_window: { start_hour: 22, end_hour: 6, timezone: 'UTC' },
          },
        ),
        rule('rehearse-retweets', 220, { type: 'dry_run' }, { tools: ['social_retweet'] }),
        rule(
          'review-deletes',
          200,
          { type: 'require_approval', reason: 'deletes need a look' },
          {
            categories: ['delete'],
          },
        ),
        rule('trust-follows', 230, { type: 'allow' }, { tools: ['social_follow_user'] }),
      ],
    });
    const at = (hour: number) => new Date(`2026-11-22T${String(hour).padStart(2, '0')}:30:00Z`);
    expect(decide(p, request({ now: at(23) }))).toMatchObject({
      decision: 'deny',
      code: 'policy_denied_user_rule',
      ruleId: 'no-night-likes',
    });
    expect(decide(p, request({ now: at(3) })).decision).toBe('deny');
    expect(decide(p, request({ now: at(12) })).decision).toBe('allow');
    expect(decide(p, request({ tool: 'social_retweet' }))).toMatchObject({
      decision: 'dry_run',
      ruleId: 'rehearse-retweets',
    });
    expect(decide(p, request({ tool: 'social_delete_tweet', category: 'delete' }))).toMatchObject({
      decision: 'route',
      ruleId: 'review-deletes',
    });
    // An allow rule exempts the tool from require_approval_for (but not from the cap).
    expect(decide(p, request({ tool: 'social_follow_user' })).decision).toBe('allow');
    expect(
      decide(p, request({ tool: 'social_follow_user' }), () => ({ count: 20, oldest: NOW })).decision,
    ).toBe('deny');
  });

  it("templates add rules and limits before the user's own", () => {
    const safe = policy({ template: 'safe_default' });
    expect(decide(safe, request({ tool: 'social_post_tweet', category: 'write' })).decision).toBe('route');
    expect(decide(safe, request({ tool: 'social_delete_tweet', category: 'delete' })).decision).toBe('route');
    expect(applicableLimits(safe, 'social_like_tweet', 'engage').map((l) => l.key)).toEqual([
      HOURLY_KEY,
      'template:engage:daily',
    ]);
    const agency = policy({ template: 'agency_mode' });
    const usage = (limit: { key: string }) =>
      limit.key === 'template:like:daily' ? { count: 50, oldest: NOW } : { count: 0 };
    expect(decide(agency, request(), usage)).toMatchObject({
      decision: 'deny',
      code: 'policy_denied_rate_limited',
      ruleId: 'template:like:daily',
    });
  });

  it('configured rate limits match by tool, category, engagement type or globally', () => {
    const p = policy({
      rate_limits: [
        {
          key: 'likes',
          dimension: 'engagement_type',
          match_value: 'like',
          max_count: 5,
          period_seconds: 86_400,
        },
        {
          key: 'engage',
          dimension: 'category',
          match_value: 'engage',
          max_count: 50,
          period_seconds: 86_400,
        },
        { key: 'posts', dimension: 'tool', match_value: 'post_tweet', max_count: 3, period_seconds: 86_400 },
        { key: 'all', dimension: 'global', max_count: 100, period_seconds: 86_400 },
      ],
    });
    expect(applicableLimits(p, 'social_unlike_tweet', 'engage').map((l) => l.key)).toEqual([
      HOURLY_KEY,
      'likes',
      'engage',
      'all',
    ]);
    expect(applicableLimits(p, 'social_post_tweet', 'write').map((l) => l.key)).toEqual([
      HOURLY_KEY,
      'posts',
      'all',
    ]);
  });
});
