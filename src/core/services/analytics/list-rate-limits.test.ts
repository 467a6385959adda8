// listRateLimits over real SQLite stores: which counters a template and the user's limits add, and which
// tools each one covers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyticsSeed } from '../../../../test/support/analytics-seed.js';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { createAnalyticsDeps } from '../../../app/wiring/analytics-deps.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { McpPolicySchema } from '../../../contracts/config/mcp-policy.js';
import { type AppDatabase, openDatabase } from '../../../infra/sqlite/open-database.js';
import { MutationRepository } from '../../../infra/sqlite/repositories/mutation-repository.js';
import { listRateLimits } from './list-rate-limits.js';

const LIMITS = { max_replies_per_day: 5, max_tweets_per_day: 6, max_threads_per_week: 1 };
const TOOLS = [
  { tool: 'social_post_tweet', category: 'write' },
  { tool: 'social_like_tweet', category: 'engage' },
  { tool: 'social_follow_user', category: 'engage' },
  { tool: 'social_delete_tweet', category: 'delete' },
] as const;

let database: AppDatabase;
let clock: FakeClock;

beforeEach(() => {
  database = openDatabase({ path: ':memory:' });
  clock = new FakeClock('2026-11-22T12:00:00.000Z');
});
afterEach(async () => database.close());

describe('listRateLimits', () => {
  it("lists the agency template's per-tool limits with the tools they cover and their usage", async () => {
    await new MutationRepository(database, DEFAULT_ACCOUNT_ID).count(
      ['mcp_mutation', 'template:like:daily'],
      new Date('2026-11-22T03:00:00.000Z'),
    );
    const report = await listRateLimits(createAnalyticsDeps(database, DEFAULT_ACCOUNT_ID, clock), {
      limits: LIMITS,
      timezone: 'UTC',
      policy: McpPolicySchema.parse({ template: 'agency_mode' }),
      gatedTools: TOOLS,
    });
    const policyRows = report.limits.filter((l) => l.source.startsWith('mcp_policy'));
    expect(policyRows.map((l) => [l.key, l.used, l.max, l.applies_to])).toEqual([
      ['mcp_mutation', 0, 20, ['*']], // the 03:00 mutation left the hour long ago
      ['template:post:daily', 0, 30, ['social_post_tweet']],
      ['template:like:daily', 1, 50, ['social_like_tweet']],
      ['template:follow:daily', 0, 20, ['social_follow_user']],
    ]);
    expect(policyRows[2]).toMatchObject({
      source: 'mcp_policy.template (agency_mode)',
      remaining: 49,
      resets_at: '2026-11-23T03:00:00.000Z',
    });
  });

  it('shows a configured limit no tool matches (a typo stays visible) and says when the policy is off', async () => {
    const report = await listRateLimits(createAnalyticsDeps(database, DEFAULT_ACCOUNT_ID, clock), {
      limits: LIMITS,
      timezone: 'UTC',
      policy: McpPolicySchema.parse({
        enforce_for_mutations: false,
        rate_limits: [
          {
            key: 'engage:hourly',
            dimension: 'category',
            match_value: 'engage',
            max_count: 9,
            period_seconds: 3600,
          },
          {
            key: 'typo',
            dimension: 'tool',
            match_value: 'social_lik_tweet',
            max_count: 1,
            period_seconds: 60,
          },
        ],
      }),
      gatedTools: TOOLS,
    });
    expect(report.policy_enforced).toBe(false);
    const byKey = new Map(report.limits.map((l) => [l.key, l]));
    expect(byKey.get('engage:hourly')).toMatchObject({
      description: 'Executed mutations of category engage',
      applies_to: ['social_follow_user', 'social_like_tweet'],
    });
    expect(byKey.get('typo')).toMatchObject({ used: 0, max: 1, applies_to: [] });
    expect([...byKey.keys()].slice(0, 3)).toEqual(['replies_per_day', 'tweets_per_day', 'threads_per_week']);
  });

  it("counts the posting caps over the calendar day and the week from Monday in the account's timezone, as the guards do", async () => {
    // 2026-11-22T12:00Z is Sunday 21:00 in Tokyo; the Tokyo week began Monday 16th 00:00 (15th 15:00Z).
    const seed = analyticsSeed(database);
    await seed.post('reply', '1', '2026-11-21T14:59:00.000Z'); // Saturday 23:59 in Tokyo
    await seed.post('reply', '2', '2026-11-21T20:00:00.000Z'); // Sunday 05:00
    await seed.post('tweet', '3', '2026-11-22T11:00:00.000Z'); // Sunday 20:00
    const card = (id: string, at: string) =>
      seed.post('thread_card', id, at, { thread_root_tweet_id: id, thread_position: 0 });
    await card('4', '2026-11-15T14:00:00.000Z'); // Sunday 15th 23:00: last week
    await card('5', '2026-11-16T01:00:00.000Z'); // Monday 16th 10:00: this week
    const report = await listRateLimits(createAnalyticsDeps(database, DEFAULT_ACCOUNT_ID, clock), {
      limits: LIMITS,
      timezone: 'Asia/Tokyo',
      policy: McpPolicySchema.parse({}),
      gatedTools: TOOLS,
    });
    const byKey = Object.fromEntries(report.limits.map((l) => [l.key, l]));
    // Monday 23rd 00:00 in Tokyo starts the next day and the next week alike.
    expect(byKey.replies_per_day).toMatchObject({
      used: 1,
      remaining: 4,
      window: 'calendar_day',
      resets_at: '2026-11-22T15:00:00.000Z',
    });
    expect(byKey.tweets_per_day).toMatchObject({ used: 1, remaining: 5, window: 'calendar_day' });
    expect(byKey.threads_per_week).toMatchObject({
      used: 1,
      remaining: 0,
      window: 'calendar_week',
      resets_at: '2026-11-22T15:00:00.000Z',
    });
  });
});
