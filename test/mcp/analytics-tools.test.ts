// The 13 analytics, telemetry and policy tools through the in-memory MCP client: real SQLite rows (seeded,
// or written by real tool calls through the gateway) in, the figures a user would check out.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { DEFAULT_USER_ID } from '../../src/infra/sandbox/social/index.js';
import { LlmUsageRepository } from '../../src/infra/sqlite/repositories/llm-usage-repository.js';
import { profileTools } from '../../src/surfaces/mcp/profile-tools.js';
import { analyticsSeed } from '../support/analytics-seed.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';

// The harness clock stands at 2026-11-22T12:00:00.000Z.
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const EXECUTE_LIKES: ConfigInput = { mcp_policy: { require_approval_for: [] } };

let h: McpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(config?: ConfigInput): Promise<McpHarness> {
  h = await startMcpHarness({ profile: 'write', ...(config ? { config } : {}) });
  return h;
}

/** Posts on the fake platform the account can like. */
function otherPosts(harness: McpHarness, count: number): string[] {
  return [...harness.fake.state.tweets.values()]
    .filter((t) => t.authorId !== DEFAULT_USER_ID)
    .slice(0, count)
    .map((t) => t.id);
}

describe('analytics tools over the account activity', () => {
  it('get_reply_count_today counts replies since local midnight, the day the reply cap counts', async () => {
    const harness = await start();
    const seed = analyticsSeed(harness.app.deps.database);
    for (const [id, at] of [
      ['1', '2026-11-22T08:00:00.000Z'],
      ['2', '2026-11-22T09:00:00.000Z'],
      ['3', '2026-11-22T11:00:00.000Z'],
      ['4', '2026-11-21T20:00:00.000Z'], // yesterday (UTC), though inside the last 24 hours
      ['5', '2026-11-20T20:00:00.000Z'],
    ] as const) {
      await seed.post('reply', id, at);
    }
    await seed.post('tweet', '6', '2026-11-22T10:00:00.000Z');

    const answer = await harness.call('get_reply_count_today');
    expect(answer.success).toBe(true);
    expect(answer.data).toEqual({
      count: 3,
      date: '2026-11-22',
      timezone: 'UTC',
      since: '2026-11-22T00:00:00.000Z',
      max_per_day: 5,
      remaining: 2,
      resets_at: '2026-11-23T00:00:00.000Z',
    });
  });

  it("get_reply_count_today follows the account's timezone: in Tokyo the 20:00 UTC reply was today", async () => {
    const harness = await start({ schedule: { timezone: 'Asia/Tokyo' }, limits: { max_replies_per_day: 3 } });
    const seed = analyticsSeed(harness.app.deps.database);
    await seed.post('reply', '1', '2026-11-21T14:59:00.000Z'); // 23:59 JST the day before
    await seed.post('reply', '2', '2026-11-21T20:00:00.000Z'); // 05:00 JST today
    await seed.post('reply', '3', '2026-11-22T11:00:00.000Z');
    const { data } = await harness.call('get_reply_count_today');
    expect(data).toMatchObject({
      count: 2,
      date: '2026-11-22',
      timezone: 'Asia/Tokyo',
      since: '2026-11-21T15:00:00.000Z',
      remaining: 1,
      resets_at: '2026-11-22T15:00:00.000Z',
    });
  });

  it('get_stats sums posts, measured engagement and follower change of the window', async () => {
    const harness = await start();
    const seed = analyticsSeed(harness.app.deps.database);
    await seed.post('tweet', '10', '2026-11-21T09:00:00.000Z');
    await seed.post('tweet', '11', '2026-11-20T09:00:00.000Z');
    await seed.post('reply', '12', '2026-11-22T09:00:00.000Z');
    await seed.post('tweet', '13', '2026-11-01T09:00:00.000Z'); // outside 7 days
    await seed.metrics('10', { impressions: 2000, likes: 40, replies: 4, retweets: 6 }); // score 82
    await seed.metrics('12', { impressions: 100, likes: 2, replies: 1 }); // score 110
    await seed.metrics('13', { impressions: 9999, likes: 999 });
    await seed.snapshot('2026-11-10', 900);
    await seed.snapshot('2026-11-16', 1000);
    await seed.snapshot('2026-11-22', 1050);

    const { success, data } = await harness.call('get_stats', { days: 7 });
    expect(success).toBe(true);
    expect(data.window).toEqual({
      since: '2026-11-15T12:00:00.000Z',
      until: '2026-11-22T12:00:00.000Z',
      window_hours: 168,
    });
    expect(data.posts).toEqual({ tweets: 2, replies: 1, quotes: 0, threads: 0, total: 3 });
    expect(data.engagement).toEqual({
      measured_posts: 2,
      impressions: 2100,
      likes: 42,
      replies: 5,
      retweets: 6,
      quotes: 0,
      bookmarks: 0,
      engagement_rate: 0.0252,
      avg_performance_score: 96,
    });
    expect(data.followers).toEqual({ current: 1050, start: 1000, net_change: 50, change_percent: 5 });
    expect(data.top_posts.map((p: { tweet_id: string }) => p.tweet_id)).toEqual(['12', '10']);

    // The catalog's since_hours narrows the same report to the last day.
    const lastDay = await harness.call('get_stats', { since_hours: 24 });
    expect(lastDay.data.posts).toMatchObject({ tweets: 0, replies: 1, total: 1 });
    expect((await harness.call('get_stats', { days: 0 })).error?.code).toBe('invalid_input');
  });

  it('get_follower_trend lists daily snapshots with their change, newest N on request', async () => {
    const harness = await start();
    const seed = analyticsSeed(harness.app.deps.database);
    for (const [date, followers] of [
      ['2026-11-18', 980],
      ['2026-11-19', 1000],
      ['2026-11-20', 990],
      ['2026-11-21', 1010],
      ['2026-11-22', 1040],
    ] as const) {
      await seed.snapshot(date, followers);
    }
    const { data } = await harness.call('get_follower_trend', { days: 3 });
    expect(data.snapshots.map((s: { date: string; change: number }) => [s.date, s.change])).toEqual([
      ['2026-11-19', 0],
      ['2026-11-20', -10],
      ['2026-11-21', 20],
      ['2026-11-22', 30],
    ]);
    expect(data.summary).toEqual({ current: 1040, start: 1000, net_change: 40, change_percent: 4 });
    const newest = await harness.call('get_follower_trend', { days: 30, limit: 2 });
    expect(newest.data.summary).toMatchObject({ start: 1010, net_change: 30 });
  });

  it('get_action_log and get_action_counts read the action log, posts and audited tool mutations', async () => {
    const harness = await start(EXECUTE_LIKES);
    const seed = analyticsSeed(harness.app.deps.database);
    await seed.action('discovery_reply', 'success', '2026-11-22T08:00:00.000Z', { tweet_id: '77' });
    await seed.action('discovery_reply', 'success', '2026-11-22T09:00:00.000Z');
    await seed.action('mentions_check', 'failure', '2026-11-22T10:00:00.000Z');
    await seed.action('discovery_reply', 'success', '2026-11-10T10:00:00.000Z');
    await seed.post('reply', '1', '2026-11-22T09:00:00.000Z');
    const [tweet] = otherPosts(harness, 1);
    expect((await harness.call('social_like_tweet', { tweet_id: tweet })).success).toBe(true);

    const log = await harness.call('get_action_log', { limit: 2 });
    expect(
      log.data.map((e: { action_type: string; status: string }) => `${e.action_type}:${e.status}`),
    ).toEqual(['mentions_check:failure', 'discovery_reply:success']);
    const filtered = await harness.call('get_action_log', {
      action_type: 'discovery_reply',
      since_hours: 24,
    });
    expect(filtered.data).toHaveLength(2);
    expect(filtered.data[1].metadata).toEqual({ tweet_id: '77' });
    expect((await harness.call('get_action_log', { limit: -1 })).error?.code).toBe('invalid_input');

    const today = await harness.call('get_action_counts', { period: 'today' });
    expect(today.data).toMatchObject({
      period: 'today',
      since: '2026-11-22T00:00:00.000Z',
      actions_total: 3,
      posts: { replies: 1, total: 1 },
      tool_mutations: [{ tool_name: 'social_like_tweet', status: 'success', count: 1 }],
    });
    expect(today.data.actions).toContainEqual({
      action_type: 'discovery_reply',
      status: 'success',
      count: 2,
    });
    const all = await harness.call('get_action_counts', { period: 'all' });
    expect(all.data).toMatchObject({ since: null, actions_total: 4 });
    expect((await harness.call('get_action_counts', { period: 'year' })).error?.code).toBe('invalid_input');
  });

  it('get_recent_replies lists replies newest first with their target and metrics', async () => {
    const harness = await start();
    const seed = analyticsSeed(harness.app.deps.database);
    await seed.post('reply', '1', '2026-11-22T07:00:00.000Z', {
      in_reply_to_tweet_id: '500',
      target_author_username: 'alice',
    });
    await seed.post('reply', '2', '2026-11-22T08:00:00.000Z');
    await seed.post('reply', '3', '2026-11-22T09:00:00.000Z');
    await seed.post('tweet', '4', '2026-11-22T10:00:00.000Z');
    await seed.metrics('1', { impressions: 80, likes: 4 });

    const { data } = await harness.call('get_recent_replies', { limit: 2 });
    expect(data.map((r: { tweet_id: string }) => r.tweet_id)).toEqual(['3', '2']);
    const all = await harness.call('get_recent_replies', {});
    expect(all.data).toHaveLength(3);
    expect(all.data[2]).toMatchObject({
      tweet_id: '1',
      in_reply_to_tweet_id: '500',
      target_author_username: 'alice',
      metrics: { impressions: 80, likes: 4, replies: 0, retweets: 0 },
    });
    expect((await harness.call('get_recent_replies', { limit: 101 })).error?.code).toBe('invalid_input');
  });
});

describe('usage and audit tools', () => {
  it('get_social_usage reports the platform calls real tool calls made, and LLM cost per model', async () => {
    const harness = await start(EXECUTE_LIKES);
    for (const tweet of otherPosts(harness, 2)) {
      expect((await harness.call('social_like_tweet', { tweet_id: tweet })).success).toBe(true);
    }
    const llm = new LlmUsageRepository(harness.app.deps.database, DEFAULT_ACCOUNT_ID, {
      now: () => new Date(harness.clock.now()),
    });
    for (const cost of [0.002, 0.003]) {
      await llm.record({
        generation_type: 'reply',
        provider: 'anthropic',
        model: 'claude-small',
        input_tokens: 1000,
        output_tokens: 200,
        cost_usd: cost,
        latency_ms: 800,
        success: true,
      });
    }

    const { success, data } = await harness.call('get_social_usage');
    expect(success).toBe(true);
    expect(data.window.window_hours).toBe(30 * 24);
    const likes = data.api.endpoints.find(
      (e: { method: string; endpoint: string }) => e.method === 'POST' && e.endpoint.endsWith('/likes'),
    );
    // Each like is a user interaction on the platform's bill ($0.015 a request, April 2026).
    expect(likes).toMatchObject({ calls: 2, errors: 0, cost_usd: 0.03 });
    expect(data.api.total_calls).toBeGreaterThanOrEqual(2);
    expect(data.api.daily).toEqual([
      {
        date: '2026-11-22',
        calls: data.api.total_calls,
        errors: data.api.errors,
        cost_usd: data.api.cost_usd,
      },
    ]);
    expect(data.api.cost_usd).toBeGreaterThanOrEqual(0.03);
    expect(data.bill).toMatchObject({ month: '2026-11', month_to_date_usd: data.api.cost_usd });
    expect(data.llm).toMatchObject({
      total_calls: 2,
      input_tokens: 2000,
      output_tokens: 400,
      cost_usd: 0.005,
      models: [{ provider: 'anthropic', model: 'claude-small', calls: 2, failures: 0, cost_usd: 0.005 }],
      daily: [{ date: '2026-11-22', calls: 2, cost_usd: 0.005 }],
    });
  });

  it('get_recent_mutations and get_mutation_detail read back what the gateway audited', async () => {
    const harness = await start(EXECUTE_LIKES);
    const [first, second] = otherPosts(harness, 2);
    const liked = await harness.call('social_like_tweet', { tweet_id: first });
    const correlationId = liked.meta?.correlation_id as string;
    expect(correlationId).toBeTruthy();
    expect((await harness.call('social_retweet', { tweet_id: second })).success).toBe(true);

    const recent = await harness.call('get_recent_mutations');
    expect(
      recent.data.map((m: { tool_name: string; status: string }) => `${m.tool_name}:${m.status}`),
    ).toEqual(['social_retweet:success', 'social_like_tweet:success']);
    const likesOnly = await harness.call('get_recent_mutations', { tool_name: 'like_tweet' });
    expect(likesOnly.data).toHaveLength(1);
    expect(likesOnly.data[0]).toMatchObject({
      correlation_id: correlationId,
      face: 'mcp',
      policy_decision: 'allowed',
      params_summary: JSON.stringify({ tweet_id: first }),
    });
    expect((await harness.call('get_recent_mutations', { status: 'denied' })).data).toEqual([]);
    expect((await harness.call('get_recent_mutations', { limit: 1 })).data).toHaveLength(1);
    expect((await harness.call('get_recent_mutations', { limit: -1 })).error?.code).toBe('invalid_input');
    expect((await harness.call('get_recent_mutations', { limit: 101 })).error?.code).toBe('invalid_input');

    const detail = await harness.call('get_mutation_detail', { correlation_id: correlationId });
    expect(detail.success).toBe(true);
    expect(detail.data).toMatchObject({
      correlation_id: correlationId,
      tool_name: 'social_like_tweet',
      status: 'success',
      params: { tweet_id: first },
      result: { liked: true, tweet_id: first },
      rollback: { tool: 'social_unlike_tweet', params: { tweet_id: first } },
      created_at: '2026-11-22T12:00:00.000Z',
    });
    const missing = await harness.call('get_mutation_detail', { correlation_id: 'no-such-id' });
    expect(missing).toMatchObject({
      success: false,
      data: null,
      error: { code: 'not_found', retryable: false },
    });
    expect((await harness.call('get_mutation_detail', {})).error?.code).toBe('invalid_input');
  });
});

describe('policy tools', () => {
  it('get_rate_limits shows every cap; two executed likes use 2 of the hourly cap and of a per-tool limit', async () => {
    const harness = await start({
      limits: { max_tweets_per_day: 4 },
      mcp_policy: {
        require_approval_for: [],
        max_mutations_per_hour: 10,
        rate_limits: [
          {
            key: 'mcp:likes:daily',
            dimension: 'tool',
            match_value: 'social_like_tweet',
            max_count: 5,
            period_seconds: 86_400,
          },
        ],
      },
    });
    const seed = analyticsSeed(harness.app.deps.database);
    await seed.post('tweet', '1', '2026-11-22T02:00:00.000Z');
    await seed.post('quote', '2', '2026-11-22T03:00:00.000Z');
    harness.clock.set(NOW - 30 * 60_000);
    const [a, b] = otherPosts(harness, 2);
    expect((await harness.call('social_like_tweet', { tweet_id: a })).success).toBe(true);
    harness.clock.set(NOW);
    expect((await harness.call('social_like_tweet', { tweet_id: b })).success).toBe(true);

    const { success, data } = await harness.call('get_rate_limits');
    expect(success).toBe(true);
    expect(data.policy_enforced).toBe(true);
    const byKey = Object.fromEntries(data.limits.map((l: { key: string }) => [l.key, l]));
    expect(byKey.mcp_mutation).toMatchObject({
      source: 'mcp_policy.max_mutations_per_hour',
      used: 2,
      max: 10,
      remaining: 8,
      period_seconds: 3600,
      window: 'sliding',
      // The like 30 minutes ago leaves the hour first.
      resets_at: '2026-11-22T12:30:00.000Z',
      applies_to: ['*'],
    });
    expect(byKey['mcp:likes:daily']).toMatchObject({
      source: 'mcp_policy.rate_limits',
      used: 2,
      max: 5,
      remaining: 3,
      applies_to: ['social_like_tweet'],
    });
    expect(byKey.tweets_per_day).toMatchObject({
      used: 2,
      max: 4,
      remaining: 2,
      window: 'calendar_day',
      resets_at: '2026-11-23T00:00:00.000Z',
    });
    expect(byKey.replies_per_day).toMatchObject({ used: 0, max: 5, remaining: 5, window: 'calendar_day' });
    expect(byKey.threads_per_week).toMatchObject({ used: 0, max: 1, period_seconds: 604_800 });

    // An hour after the first like, its slot is free again.
    harness.clock.set(NOW + 30 * 60_000);
    const later = await harness.call('get_rate_limits');
    expect(later.data.limits.find((l: { key: string }) => l.key === 'mcp_mutation')).toMatchObject({
      used: 1,
      remaining: 9,
      resets_at: '2026-11-22T13:00:00.000Z',
    });
  });

  it('get_policy_status reports the policy in force with the hourly cap usage and template rules', async () => {
    const harness = await start({
      mode: 'composer',
      approval_mode: false,
      mcp_policy: {
        template: 'growth_aggressive',
        blocked_tools: ['social_retweet'],
        max_mutations_per_hour: 3,
        rules: [
          {
            id: 'no-unfollow',
            priority: 200,
            conditions: { tools: ['social_unfollow_user'] },
            action: { type: 'deny', reason: 'we never unfollow' },
          },
        ],
      },
    });
    const [tweet] = otherPosts(harness, 1);
    // Composer mode routes the like to approval: nothing executes, nothing counts.
    const routed = await harness.call('social_like_tweet', { tweet_id: tweet });
    expect(routed.data).toMatchObject({ routed_to_approval: true });

    const { success, data } = await harness.call('get_policy_status');
    expect(success).toBe(true);
    expect(data).toMatchObject({
      enforce_for_mutations: true,
      blocked_tools: ['social_retweet'],
      dry_run_mutations: false,
      max_mutations_per_hour: 3,
      mode: 'composer',
      approval_mode: false,
      effective_approval_mode: true,
      template: 'growth_aggressive',
      rate_limit: { used: 0, max: 3, remaining: 3, period_seconds: 3600, resets_at: null },
    });
    expect(data.rules.map((r: { id: string }) => r.id)).toEqual(['no-unfollow']);
    expect(data.effective_rules.map((r: { id: string }) => r.id)).toEqual([
      'template:delete_approval',
      'template:allow',
      'no-unfollow',
    ]);
    expect(data.evaluation_order[1]).toMatch(/blocked_tools/);
  });

  it('get_policy_status counts executed mutations of the last hour only', async () => {
    const harness = await start(EXECUTE_LIKES);
    const [a, b] = otherPosts(harness, 2);
    harness.clock.set(NOW - 2 * 3_600_000);
    await harness.call('social_like_tweet', { tweet_id: a });
    harness.clock.set(NOW);
    await harness.call('social_like_tweet', { tweet_id: b });
    const { data } = await harness.call('get_policy_status');
    expect(data.rate_limit).toEqual({
      used: 1,
      max: 20,
      remaining: 19,
      period_seconds: 3600,
      window_start: '2026-11-22T11:00:00.000Z',
      resets_at: '2026-11-22T13:00:00.000Z',
    });
  });
});

describe('telemetry tools', () => {
  /** Twenty known calls of one tool, 10..200 ms, the two slowest failing. */
  function seedCalls(harness: McpHarness) {
    for (let i = 1; i <= 20; i++) {
      harness.app.deps.telemetry.record({
        tool_name: 'get_tweet_by_id',
        category: 'read',
        profile: 'write',
        latency_ms: i * 10,
        success: i <= 18,
        ...(i > 18 ? { error_code: 'social_api_error' } : {}),
        at: new Date(NOW - i * 60_000),
      });
    }
    harness.app.deps.telemetry.record({
      tool_name: 'get_tweet_by_id',
      category: 'read',
      profile: 'write',
      latency_ms: 5000,
      success: false,
      error_code: 'social_network_error',
      at: new Date(NOW - 3 * 86_400_000),
    });
  }

  it('get_mcp_tool_metrics computes counts, success rate and p50/p95 latency per tool', async () => {
    const harness = await start();
    seedCalls(harness);
    const { success, data } = await harness.call('get_mcp_tool_metrics', { days: 1 });
    expect(success).toBe(true);
    expect(data.window_hours).toBe(24);
    const tool = data.tools.find((t: { tool_name: string }) => t.tool_name === 'get_tweet_by_id');
    expect(tool).toEqual({
      tool_name: 'get_tweet_by_id',
      category: 'read',
      total_calls: 20,
      success_count: 18,
      failure_count: 2,
      success_rate: 0.9,
      avg_latency_ms: 105,
      p50_latency_ms: 100,
      p95_latency_ms: 190,
      min_latency_ms: 10,
      max_latency_ms: 200,
      policy_decisions: {},
    });
    // A week back also holds the 5 s failure of three days ago.
    const week = await harness.call('get_mcp_tool_metrics', { days: 7 });
    const weekTool = week.data.tools.find((t: { tool_name: string }) => t.tool_name === 'get_tweet_by_id');
    expect(weekTool).toMatchObject({ total_calls: 21, max_latency_ms: 5000, p95_latency_ms: 200 });
    expect((await harness.call('get_mcp_tool_metrics', { since_hours: 0 })).error?.code).toBe(
      'invalid_input',
    );
  });

  it('every tool call is counted, and policy decisions are summed by decision', async () => {
    const harness = await start({ mcp_policy: { blocked_tools: ['social_retweet'] } });
    const [a, b] = otherPosts(harness, 2);
    const routed = await harness.call('social_like_tweet', { tweet_id: a }); // default: likes need approval
    expect(routed.data).toMatchObject({ routed_to_approval: true });
    const denied = await harness.call('social_retweet', { tweet_id: b });
    expect(denied.error).toMatchObject({ code: 'policy_denied_blocked', policy_decision: 'denied' });
    await harness.call('get_stats');

    const { data } = await harness.call('get_mcp_tool_metrics');
    expect(data.summary).toMatchObject({
      total_calls: 3,
      total_successes: 2,
      total_failures: 1,
      success_rate: 0.6667,
      distinct_tools: 3,
      policy_decisions: { routed_to_approval: 1, denied: 1 },
    });
    const byName = Object.fromEntries(data.tools.map((t: { tool_name: string }) => [t.tool_name, t]));
    expect(byName.social_like_tweet).toMatchObject({
      category: 'engage',
      policy_decisions: { routed_to_approval: 1 },
    });
    expect(byName.get_stats).toMatchObject({ category: 'analytics', total_calls: 1, success_count: 1 });
  });

  it('get_mcp_error_breakdown groups failures by tool and code with the latest time', async () => {
    const harness = await start({ mcp_policy: { blocked_tools: ['social_retweet'] } });
    seedCalls(harness);
    const [tweet] = otherPosts(harness, 1);
    await harness.call('social_retweet', { tweet_id: tweet });
    await harness.call('get_mutation_detail', { correlation_id: 'nope' });

    const { success, data } = await harness.call('get_mcp_error_breakdown', { days: 1 });
    expect(success).toBe(true);
    expect(data.total_errors).toBe(4);
    expect(data.breakdown).toEqual(
      expect.arrayContaining([
        {
          tool_name: 'get_tweet_by_id',
          error_code: 'social_api_error',
          count: 2,
          latest_at: '2026-11-22T11:41:00.000Z',
        },
        {
          tool_name: 'social_retweet',
          error_code: 'policy_denied_blocked',
          count: 1,
          latest_at: '2026-11-22T12:00:00.000Z',
        },
        {
          tool_name: 'get_mutation_detail',
          error_code: 'not_found',
          count: 1,
          latest_at: '2026-11-22T12:00:00.000Z',
        },
      ]),
    );
    expect(data.policy_decisions).toEqual({ denied: 1 });
    const week = await harness.call('get_mcp_error_breakdown', { since_hours: 24 * 7 });
    expect(week.data.total_errors).toBe(5);
    expect(week.data.breakdown).toContainEqual(
      expect.objectContaining({ error_code: 'social_network_error', count: 1 }),
    );
  });
});

describe('declarations', () => {
  const SPEC_PARAMS: Record<string, string[]> = {
    get_stats: ['days'],
    get_follower_trend: ['days'],
    get_action_log: ['limit'],
    get_action_counts: ['period'],
    get_recent_replies: ['limit'],
    get_reply_count_today: [],
    get_social_usage: [],
    get_recent_mutations: ['limit', 'tool_name', 'status'],
    get_mutation_detail: ['correlation_id'],
    get_rate_limits: [],
    get_policy_status: [],
    get_mcp_tool_metrics: ['days'],
    get_mcp_error_breakdown: ['days'],
  };
  const NAMES = Object.keys(SPEC_PARAMS);

  it('registers the 13 read-only tools in write and admin only, with the catalog categories and parameters', async () => {
    const catalog = (await import('../fixtures/tool-catalog.json', { with: { type: 'json' } }))
      .default as Array<{
      name: string;
      category: string;
      mutation: boolean;
      profiles: string[];
      params: Array<{ name: string; required: boolean }>;
    }>;
    const harness = await start();
    const { tools } = await harness.client.listTools();
    for (const name of NAMES) {
      const listed = tools.find((t) => t.name === name);
      const entry = catalog.find((t) => t.name === name);
      expect(listed, name).toBeDefined();
      expect(entry, name).toBeDefined();
      expect(listed?.annotations?.readOnlyHint, name).toBe(true);
      const properties = Object.keys(listed?.inputSchema.properties ?? {});
      // The spec's parameters are normative; the catalog's extras are accepted too.
      for (const param of [...(SPEC_PARAMS[name] ?? []), ...(entry?.params.map((p) => p.name) ?? [])]) {
        expect(properties, `${name}.${param}`).toContain(param);
      }
      expect(listed?.inputSchema.required ?? [], name).toEqual(
        name === 'get_mutation_detail' ? ['correlation_id'] : [],
      );
    }
    const byName = new Map(profileTools('write').map((op) => [op.tool.name, op]));
    for (const name of NAMES) {
      const entry = catalog.find((t) => t.name === name);
      expect(byName.get(name)?.tool.category, name).toBe(entry?.category);
      expect(byName.get(name)?.mutation, name).toBe(false);
    }
    const admin = new Set(profileTools('admin').map((op) => op.tool.name));
    const readonly = new Set(profileTools('readonly').map((op) => op.tool.name));
    const apiReadonly = new Set(profileTools('api-readonly').map((op) => op.tool.name));
    expect(NAMES.filter((n) => admin.has(n))).toEqual(NAMES);
    expect(NAMES.filter((n) => readonly.has(n) || apiReadonly.has(n))).toEqual([]);
  });
});
