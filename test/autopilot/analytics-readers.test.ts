// Everything that reads analytics, fed by the real analytics loop: the account's own posts sit on the fake
// platform with known metrics, one loop turn measures them, and then the best-time table, the topic
// suggestions, the analytics tools and vault context's winning posts must show figures computed by hand
// from those metrics (performance = (likes×3 + replies×5 + reposts×4) ÷ impressions × 1000).
import { describe, expect, it } from 'vitest';
import { analyticsLoop } from '../../src/automation/loops/analytics.js';
import { analyticsSeed } from '../support/analytics-seed.js';
import { connectTools } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { loopWorld } from './loop-world.js';

const world = loopWorld();
const HOUR = 3_600_000;

const turn = (h: HttpHarness) =>
  analyticsLoop.run(h.app.deps.forLoops, { signal: new AbortController().signal });
const owner = (h: HttpHarness) => {
  const user = h.fake.state.userByUsername('app_owner');
  if (!user) throw new Error('the fake has no app_owner');
  return user;
};

interface OwnPost {
  kind: 'tweet' | 'reply' | 'thread_card';
  text: string;
  /** UTC; the local (New York, UTC−5 in November) time is in the comment beside each. */
  at: string;
  likes?: number;
  replies?: number;
  retweets?: number;
  impressions: number;
  topic?: string;
  format?: string;
  position?: number;
}

/**
 * Puts each post on the fake platform (as app_owner, with its metrics) and in the local posts table as the
 * publisher records it, with the topic and format the content loop records. Answers the platform ids.
 */
async function publish(h: HttpHarness, posts: readonly OwnPost[]): Promise<string[]> {
  const ids = h.fake.state.seed({
    tweets: posts.map((p) => ({
      author_username: 'app_owner',
      text: p.text,
      created_at: p.at,
      like_count: p.likes ?? 0,
      impression_count: p.impressions,
    })),
  }).tweets;
  const seed = analyticsSeed(h.app.deps.database);
  const sqlite = sqliteOf(h.app.deps.database).sqlite;
  for (const [i, p] of posts.entries()) {
    const id = ids[i] as string;
    const record = h.fake.state.tweets.get(id);
    if (!record) throw new Error(`the fake lost ${id}`);
    record.extra.replies = p.replies ?? 0;
    record.extra.retweets = p.retweets ?? 0;
    await seed.post(p.kind, id, p.at, {
      text: p.text,
      ...(p.position === undefined ? {} : { thread_position: p.position }),
      ...(p.position ? { thread_root_tweet_id: ids[i - p.position] } : {}),
    });
    sqlite
      .prepare('update posts set topic = ?, format = ? where tweet_id = ?')
      .run(p.topic ?? null, p.format ?? null, id);
  }
  return ids;
}

// Scores: A 22, B 12, C 80, D 0.6, E 18, E's second card 0, F 150 (the account's best, 113 days old).
const POSTS: OwnPost[] = [
  // Fri 09:10 local.
  {
    kind: 'tweet',
    text: 'Tip: name the queue after the job it runs.',
    at: '2026-11-20T14:10:00.000Z',
    likes: 10,
    replies: 2,
    retweets: 1,
    impressions: 2000,
    topic: 'queues',
    format: 'tip',
  },
  // Thu 09:45 local.
  {
    kind: 'tweet',
    text: 'Three queue rules: 1. idempotent jobs 2. dead letters',
    at: '2026-11-19T14:45:00.000Z',
    likes: 4,
    impressions: 1000,
    topic: 'queues',
    format: 'list',
  },
  // Fri 17:30 local.
  {
    kind: 'tweet',
    text: 'We deleted half our tests and shipped faster.',
    at: '2026-11-20T22:30:00.000Z',
    likes: 20,
    retweets: 5,
    impressions: 1000,
    topic: 'testing',
  },
  // Fri 22:00 local.
  {
    kind: 'reply',
    text: 'Do you shard your queues by tenant?',
    at: '2026-11-21T03:00:00.000Z',
    likes: 1,
    impressions: 5000,
  },
  // Sat 06:05 local: a thread of two cards.
  {
    kind: 'thread_card',
    text: 'How we test a payment flow end to end',
    at: '2026-11-21T11:05:00.000Z',
    likes: 6,
    impressions: 1000,
    topic: 'testing',
    position: 0,
  },
  {
    kind: 'thread_card',
    text: 'Second card: the fake bank',
    at: '2026-11-21T11:05:00.000Z',
    impressions: 1000,
    position: 1,
  },
  // 1 August, more than 90 days ago.
  {
    kind: 'tweet',
    text: 'Our old monolith post that went far',
    at: '2026-08-01T13:00:00.000Z',
    likes: 50,
    impressions: 1000,
    topic: 'legacy',
  },
];

describe('analytics readers, fed by the analytics loop', () => {
  it('best times, topic suggestions and the topic snapshot come from the measured posts', async () => {
    const h = (await world.open(
      startHttpHarness(
        {
          schedule: { timezone: 'America/New_York' },
          business: { industry_topics: ['queues', 'testing'], content_pillars: ['shipping'] },
        },
        { loginSeconds: 7 * 86_400 },
      ),
    )) as HttpHarness;
    const fallback = {
      timezone: 'America/New_York',
      times: [],
      by_weekday: [],
      cells: [],
      fallback: ['09:15', '12:30', '17:00'],
    };
    expect((await h.api('GET', '/api/assist/optimal-times')).json).toEqual(fallback);
    await publish(h, POSTS);
    // Posted but not measured yet: still no history.
    expect((await h.api('GET', '/api/assist/optimal-times')).json).toEqual(fallback);

    expect(await turn(h)).toMatch(/, 7 posts measured$/);

    // Local hours: 17 → C 80; 06 → E 18 (its second card is the same thread, not another post);
    // 09 → (A 22 + B 12) ÷ 2 = 17; 22 → D 0.6. F is older than 90 days.
    expect((await h.api('GET', '/api/assist/optimal-times')).json).toEqual({
      timezone: 'America/New_York',
      times: [
        { hour: 17, avg_engagement: 80, post_count: 1 },
        { hour: 6, avg_engagement: 18, post_count: 1 },
        { hour: 9, avg_engagement: 17, post_count: 2 },
        { hour: 22, avg_engagement: 0.6, post_count: 1 },
      ],
      // Fri: (22 + 80 + 0.6) ÷ 3 = 34.2.
      by_weekday: [
        { day: 'Fri', avg_engagement: 34.2, post_count: 3 },
        { day: 'Sat', avg_engagement: 18, post_count: 1 },
        { day: 'Thu', avg_engagement: 12, post_count: 1 },
      ],
      // The heatmap's weekday × hour slots, Monday first: B Thu 09, A Fri 09, C Fri 17, D Fri 22, E Sat 06.
      cells: [
        { day: 'Thu', hour: 9, avg_engagement: 12, post_count: 1 },
        { day: 'Fri', hour: 9, avg_engagement: 22, post_count: 1 },
        { day: 'Fri', hour: 17, avg_engagement: 80, post_count: 1 },
        { day: 'Fri', hour: 22, avg_engagement: 0.6, post_count: 1 },
        { day: 'Sat', hour: 6, avg_engagement: 18, post_count: 1 },
      ],
      fallback: null,
    });

    // content_scores: legacy 150; testing (80 + 18) ÷ 2 = 49; queues tip 22 and list 12 → 17. Then the
    // profile's topics not scored yet.
    expect((await h.api('GET', '/api/assist/topics')).json).toEqual({
      topics: [
        { topic: 'legacy', score: 150, source: 'performance' },
        { topic: 'testing', score: 49, source: 'performance' },
        { topic: 'queues', score: 17, source: 'performance' },
        { topic: 'shipping', score: 0, source: 'profile' },
      ],
    });

    const tools = await connectTools(h.app);
    try {
      const snapshot = await tools.call('topic_performance_snapshot', { days: 30 });
      expect(snapshot.success).toBe(true);
      expect(snapshot.data).toMatchObject({ best_topic: 'testing', worst_topic: 'queues' });
      expect(
        snapshot.data.topics.map(
          (t: { topic: string; avg_performance: number | null; all_time: unknown }) => [
            t.topic,
            t.avg_performance,
            t.all_time,
          ],
        ),
      ).toEqual([
        ['testing', 49, { total_posts: 2, avg_performance: 49 }],
        ['queues', 17, { total_posts: 2, avg_performance: 17 }],
        ['legacy', null, { total_posts: 1, avg_performance: 150 }],
      ]);
      const stats = await tools.call('get_stats', { days: 7 });
      // A, B, C, D, E and its card: 6 measured posts in the week, (22 + 12 + 80 + 0.6 + 18 + 0) ÷ 6 = 22.1;
      // the best is C.
      expect(stats.data.engagement).toMatchObject({ measured_posts: 6, avg_performance_score: 22.1 });
      expect(stats.data.top_posts[0]).toMatchObject({ text: POSTS[2]?.text, performance_score: 80 });
    } finally {
      await tools.close();
    }
  });

  it("vault context's winning posts: the best on the keywords first, none under a tenth of the best score", async () => {
    const h = (await world.open(
      startHttpHarness(
        {
          schedule: { timezone: 'America/New_York' },
          business: { product_name: 'Acme', industry_topics: ['queues', 'testing'] },
          llm: { provider: 'openai', api_key: 'sk-test', base_url: world.llm.openaiBaseUrl },
        },
        { loginSeconds: 7 * 86_400 },
      ),
    )) as HttpHarness;
    await publish(h, POSTS);
    await turn(h);
    world.llm.script.reply('Queues are tables with opinions.');
    const response = await h.api('POST', '/api/assist/tweet', { topic: 'queues' });
    expect(response.status).toBe(200);
    const system = world.llm.calls.at(-1)?.system ?? '';
    // Best score 150 (F, topic legacy: not a keyword). C 80 → 0.53, A 22 → 0.15, E 18 → 0.12; B 12 → 0.08
    // and the reply D 0.6 are under 0.1. Weighted by age at 2026-11-22T12:00Z: C, A, E.
    const ancestors = system.split('\n').filter((line) => /^\d\. \[/.test(line));
    expect(ancestors).toEqual([
      `1. [storytelling] (tweet): "${POSTS[2]?.text}"`,
      `2. [tip] (tweet): "${POSTS[0]?.text}"`,
      `3. [storytelling] (thread_card): "${POSTS[4]?.text}"`,
    ]);
    expect(system).not.toContain(POSTS[1]?.text);
    expect(system).not.toContain(POSTS[3]?.text);
    expect(system).not.toContain(POSTS[6]?.text);
  });

  it('the analytics tools report the follower trend from the loop’s daily snapshots (local days)', async () => {
    // 12:00 UTC is already 02:00 the next day in Kiritimati (UTC+14).
    const h = (await world.open(
      startHttpHarness({ schedule: { timezone: 'Pacific/Kiritimati' } }, { loginSeconds: 7 * 86_400 }),
    )) as HttpHarness;
    const me = owner(h);
    const start = h.fake.state.userMetrics(me);
    // A snapshot from a local day before the window (written by an earlier turn).
    await analyticsSeed(h.app.deps.database).snapshot('2026-11-22', start.followers_count - 40);
    expect(await turn(h)).toBe(`followers ${start.followers_count}, 0 posts measured`);
    me.extra.followers += 25;
    h.clock.advance(24 * HOUR);
    expect(await turn(h)).toBe(`followers ${start.followers_count + 25}, 0 posts measured`);

    const tools = await connectTools(h.app);
    try {
      const snapshot = (date: string, followers: number, change: number) => ({
        date,
        followers,
        following: start.following_count,
        tweet_count: start.tweet_count,
        change,
      });
      const summary = {
        current: start.followers_count + 25,
        start: start.followers_count,
        net_change: 25,
        change_percent: Math.round((25 / start.followers_count) * 10_000) / 100,
      };
      // The last day began at 2026-11-22T12:00Z, which is the local 23rd: the 22nd's snapshot is out.
      const trend = await tools.call('get_follower_trend', { days: 1 });
      expect(trend.data.summary).toEqual(summary);
      expect(trend.data.snapshots).toEqual([
        snapshot('2026-11-23', start.followers_count, 0),
        snapshot('2026-11-24', start.followers_count + 25, 25),
      ]);
      expect((await tools.call('get_stats', { days: 1 })).data.followers).toEqual(summary);
      const longer = await tools.call('get_follower_trend', { days: 7 });
      expect(longer.data.snapshots.map((s: { date: string; change: number }) => [s.date, s.change])).toEqual([
        ['2026-11-22', 0],
        ['2026-11-23', 40],
        ['2026-11-24', 25],
      ]);
    } finally {
      await tools.close();
    }
  });
});
