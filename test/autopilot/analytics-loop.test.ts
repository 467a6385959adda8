// The analytics loop against the fake platform and real SQLite: one follower snapshot per calendar day
// (in the account's timezone), an alert when followers fell more than 2 % since yesterday, the metrics
// of the account's posts once a day old with the performance score, the topic scores from them — and the
// tools and assist endpoints reading those rows.
import { afterEach, describe, expect, it } from 'vitest';
import { analyticsLoop } from '../../src/automation/loops/analytics.js';
import { analyticsSeed } from '../support/analytics-seed.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

const HOUR = 3_600_000;
let h: AppHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const turn = (harness: AppHarness) =>
  analyticsLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
const rows = (harness: AppHarness, sql: string) =>
  sqliteOf(harness.app.deps.database).sqlite.prepare(sql).all();
const meCalls = (harness: AppHarness) => harness.fake.requests.filter((r) => r.path === '/2/users/me').length;

describe('analytics loop', () => {
  it('one follower snapshot per day in the account timezone; a drop over 2 % leaves an alert', async () => {
    // 2026-11-22T12:00Z is the 22nd in UTC and already 02:00 on the 23rd in Kiritimati (UTC+14).
    h = await startAppHarness({
      config: { schedule: { timezone: 'Pacific/Kiritimati' } },
      loginSeconds: 7 * 86_400,
    });
    const followers = h.fake.state.userMetrics(
      h.fake.state.userByUsername('app_owner') as never,
    ).followers_count;
    await analyticsSeed(h.app.deps.database).snapshot('2026-11-22', Math.round(followers / 0.9));
    expect(await turn(h)).toMatch(
      new RegExp(`^followers ${followers} \\(−\\d+(\\.\\d)? %, alert\\), 0 posts measured$`),
    );
    expect(rows(h, 'select snapshot_date, followers from follower_snapshots order by snapshot_date')).toEqual(
      [
        { snapshot_date: '2026-11-22', followers: Math.round(followers / 0.9) },
        { snapshot_date: '2026-11-23', followers },
      ],
    );
    expect(
      rows(h, "select action_type, status from action_log where action_type = 'follower_alert'"),
    ).toEqual([{ action_type: 'follower_alert', status: 'warning' }]);
    // Later the same local day: no second lookup of the account.
    const calls = meCalls(h);
    h.clock.advance(5 * HOUR);
    expect(await turn(h)).toBe('0 posts measured');
    expect(meCalls(h)).toBe(calls);
    // The next local day: a new snapshot, no alert (no drop).
    h.clock.advance(18 * HOUR);
    expect(await turn(h)).toBe(`followers ${followers}, 0 posts measured`);
  });

  it('posts are measured once a day old, with the performance score, and topics are scored from them', async () => {
    h = await startAppHarness({ loginSeconds: 7 * 86_400 });
    const own = h.fake.state.seed({
      tweets: [
        {
          author_username: 'app_owner',
          text: 'Queues are just tables.',
          minutes_ago: 60,
          like_count: 12,
          impression_count: 2000,
        },
        {
          author_username: 'app_owner',
          text: 'Ship the boring thing.',
          minutes_ago: 30,
          like_count: 1,
          impression_count: 400,
        },
      ],
    }).tweets as [string, string];
    const seed = analyticsSeed(h.app.deps.database);
    await seed.post('tweet', own[0], '2026-11-22T11:00:00.000Z');
    await seed.post('tweet', own[1], '2026-11-22T11:30:00.000Z');
    // What the content loop records with each original post.
    sqliteOf(h.app.deps.database).sqlite.prepare("update posts set topic = 'queues', format = 'tip'").run();
    expect(await turn(h)).toMatch(/, 0 posts measured$/);
    h.clock.advance(24 * HOUR);
    expect(await turn(h)).toMatch(/2 posts measured$/);
    expect(
      rows(h, 'select tweet_id, impressions, likes, performance_score from post_metrics order by tweet_id'),
    ).toEqual([
      { tweet_id: own[0], impressions: 2000, likes: 12, performance_score: 18 },
      { tweet_id: own[1], impressions: 400, likes: 1, performance_score: 7.5 },
    ]);
    expect(rows(h, 'select topic, format, total_posts, avg_performance from content_scores')).toEqual([
      { topic: 'queues', format: 'tip', total_posts: 2, avg_performance: 12.75 },
    ]);
    // Measured at a day old: not again.
    expect(await turn(h)).toBe('0 posts measured');
  });

  it('a post deleted on the platform is set aside, never asked for again, and never fails the turn', async () => {
    h = await startAppHarness({ loginSeconds: 7 * 86_400 });
    const harness = h;
    const own = (text: string) =>
      harness.fake.state.seed({ tweets: [{ author_username: 'app_owner', text, minutes_ago: 5 }] })
        .tweets[0] as string;
    const kept = own('Queues are just tables.');
    const deleted = own('A take I regret.');
    const seed = analyticsSeed(h.app.deps.database);
    await seed.post('tweet', kept, '2026-11-21T09:00:00.000Z');
    await seed.post('tweet', deleted, '2026-11-21T10:00:00.000Z');
    h.fake.state.tweets.delete(deleted);
    expect(await turn(h)).toMatch(/, 1 post measured, 1 gone from the platform$/);
    expect(rows(h, 'select tweet_id from posts where gone_at is not null')).toEqual([{ tweet_id: deleted }]);
    expect(rows(h, 'select tweet_id from post_metrics')).toEqual([{ tweet_id: kept }]);
    // Every post of a lookup gone: the platform answers "not found", which is no failure either.
    const later = own('Also regretted.');
    await seed.post('tweet', later, '2026-11-21T11:00:00.000Z');
    h.fake.state.tweets.delete(later);
    const lookups = () => harness.fake.requests.filter((r) => r.path === '/2/tweets').length;
    const before = lookups();
    expect(await turn(h)).toBe('0 posts measured, 1 gone from the platform');
    expect(lookups()).toBe(before + 1);
    // Nothing left to ask for.
    expect(await turn(h)).toBe('0 posts measured');
    expect(lookups()).toBe(before + 1);
  });
});
