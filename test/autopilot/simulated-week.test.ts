// A simulated week of autopilot — the real loops on simulated time against the fake platform, the fake LLM
// with the seeded stand-in writer, and injected 429s, 5xx, dropped connections, a lost answer and an
// expired token — proves the safety rules by construction: no cap exceeded on any day, no duplicate reply,
// at most one reply per author per day, product mentions within their share, nothing outside active hours,
// every thread complete and posted once; the same seed gives the same week; and a switch to composer on
// day 3 stops the autonomous loops from their next iteration without touching what waits for review.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulation,
  runSimulation,
  type SimulationResult,
} from '../../src/app/simulation/run-simulation.js';
import { DEFAULT_USER_ID } from '../../src/infra/sandbox/social/index.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { simConfig } from './sim-config.js';

const AUTONOMOUS = ['loop:discovery', 'loop:mentions', 'loop:targets', 'loop:content', 'loop:threads'];
const dirs: string[] = [];
const workDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-week-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const config = simConfig;

interface FakePost {
  id: string;
  text: string;
  authorId: string;
  inReplyToTweetId?: string;
  createdAt: number;
}

describe('a simulated week of autopilot with faults', () => {
  let result: SimulationResult;
  let platformPosts: FakePost[] = [];

  beforeAll(async () => {
    result = await runSimulation({
      config: config(),
      workDir: workDir(),
      days: 7,
      seed: 42,
      faults: true,
      beforeDay: (day, sim) => {
        // Keep a handle on the platform's record of the account's posts as the week ends.
        if (day === 6) captureAtEnd(sim);
      },
    });
  }, 120_000);

  let capture: RunningSimulation | undefined;
  function captureAtEnd(sim: RunningSimulation) {
    capture = sim;
  }
  const fakePosts = () => {
    if (platformPosts.length === 0 && capture) {
      platformPosts = [...capture.fake.state.tweets.values()].filter((t) => t.authorId === DEFAULT_USER_ID);
    }
    return platformPosts;
  };

  it('did things every day and met the faults', () => {
    expect(result.days).toHaveLength(7);
    const posted = result.days.flatMap((d) => d.posted.filter((p) => AUTONOMOUS.includes(p.actor)));
    expect(posted.filter((p) => p.kind === 'reply').length).toBeGreaterThan(14);
    expect(posted.filter((p) => p.kind === 'tweet').length).toBeGreaterThan(7);
    expect(result.faults.length).toBe(14);
    expect(result.events.some((e) => e.outcome === 'error')).toBe(true);
    // Every loop that failed ran fine again later.
    for (const failed of new Set(result.events.filter((e) => e.outcome === 'error').map((e) => e.loop))) {
      const last = result.events.filter((e) => e.loop === failed).at(-1);
      expect(last?.outcome, `${failed} recovered`).toBe('ok');
    }
  });

  it('never exceeds a cap, the per-author limit or the product-mention share, and posts only in active hours', () => {
    const s = result.settings;
    for (const day of result.days) {
      const t = day.totals;
      expect(t.replies, day.date).toBeLessThanOrEqual(s.max_replies_per_day);
      expect(t.tweets, day.date).toBeLessThanOrEqual(s.max_tweets_per_day);
      expect(t.threadsThisWeek, day.date).toBeLessThanOrEqual(s.max_threads_per_week);
      expect(t.maxRepliesToOneAuthor, day.date).toBeLessThanOrEqual(s.max_replies_per_author_per_day);
      if (t.replies > 0)
        expect(t.productMentions / t.replies, day.date).toBeLessThanOrEqual(s.product_mention_ratio);
      expect(t.outsideActiveHours, day.date).toBe(0);
    }
  });

  it("spaces the account's automated writes: never closer than the configured minimum, no burst as the window opens", () => {
    const min = config().limits.min_action_delay_seconds;
    expect(result.pacing.writes).toBeGreaterThan(20);
    expect(result.pacing.smallestGapSeconds).toBeGreaterThanOrEqual(min);
    // 15 minutes hold at most 900 / 45 = 20 writes at the minimum gap; the loops never come near it.
    expect(result.pacing.busiestQuarterHour).toBeLessThanOrEqual(Math.floor(900 / min));
    // On the platform itself: the account's posts, thread cards after the first aside, are as far apart.
    const own = new Set(fakePosts().map((p) => p.id));
    const starts = fakePosts()
      .filter((p) => !(p.inReplyToTweetId && own.has(p.inReplyToTweetId)))
      .map((p) => p.createdAt)
      .sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(min * 1000);
    }
  });

  it('sends no duplicate reply: one reply per answered post on the platform itself', () => {
    const replies = fakePosts().filter((p) => p.inReplyToTweetId && !isThreadCard(p));
    const targets = replies.map((p) => p.inReplyToTweetId);
    expect(replies.length).toBeGreaterThan(14);
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('posts every thread complete, as one reply chain, exactly once', () => {
    const threads = result.days.flatMap((d) => d.posted.filter((p) => p.kind === 'thread'));
    expect(threads.length).toBeGreaterThanOrEqual(1);
    const posts = fakePosts();
    const byId = new Map(posts.map((p) => [p.id, p]));
    const roots = posts.filter((p) => !p.inReplyToTweetId && /^A thread on /.test(p.text));
    expect(roots).toHaveLength(threads.length);
    for (const root of roots) {
      const chain = [root];
      for (;;) {
        const last = chain.at(-1) as FakePost;
        const next = posts.filter((p) => p.inReplyToTweetId === last.id && byId.has(p.id));
        expect(next.length, 'one next card').toBeLessThanOrEqual(1);
        if (next.length === 0) break;
        chain.push(next[0] as FakePost);
      }
      expect(chain.length).toBeGreaterThanOrEqual(5);
      expect(chain.length).toBeLessThanOrEqual(8);
    }
    // No card text twice on the platform (a resumed chain never re-posts a card).
    const cardTexts = posts.filter(isThreadCard).map((p) => p.text);
    expect(new Set(cardTexts).size).toBe(cardTexts.length);
  });

  function isThreadCard(post: FakePost): boolean {
    const posts = fakePosts();
    let at: FakePost | undefined = post;
    for (let hops = 0; at && hops < 10; hops++) {
      if (/^A thread on /.test(at.text)) return true;
      const parent: string | undefined = at.inReplyToTweetId;
      at = parent ? posts.find((p) => p.id === parent) : undefined;
    }
    return false;
  }
});

describe('the same seed, the same week', () => {
  it('two runs of two days with seed 7 give identical reports', async () => {
    const run = () => runSimulation({ config: config(), workDir: workDir(), days: 2, seed: 7, faults: true });
    const [a, b] = [await run(), await run()];
    expect(a.days.length).toBe(2);
    expect(JSON.stringify(b.days)).toBe(JSON.stringify(a.days));
    expect(b.events.map((e) => [e.at, e.loop, e.outcome])).toEqual(
      a.events.map((e) => [e.at, e.loop, e.outcome]),
    );
  }, 120_000);
});

const pendingIds = (db: { prepare(sql: string): { all(): unknown[] } }) =>
  (
    db.prepare("select id from approval_queue where status = 'pending' order by id").all() as Array<{
      id: number;
    }>
  ).map((r) => r.id);

describe('switching to composer on day 3', () => {
  it('stops mentions, targets, content and threads from the next iteration; discovery reads only; nothing queued is approved', async () => {
    let switchedAt = 0;
    let pendingBefore: number[] = [];
    let discoveredBefore = 0;
    let finalPending: number[] = [];
    let finalDiscovered = 0;
    let queuedAfterSwitch = -1;
    const result = await runSimulation({
      config: config({ approval_mode: true }),
      workDir: workDir(),
      days: 4,
      seed: 3,
      faults: false,
      afterRun: (running) => {
        const db = sqliteOf(running.app.deps.database).sqlite;
        finalPending = pendingIds(db);
        finalDiscovered = (db.prepare('select count(*) as n from discovered_tweets').get() as { n: number })
          .n;
        queuedAfterSwitch = (
          db
            .prepare('select count(*) as n from approval_queue where created_at >= ?')
            .get(new Date(switchedAt).toISOString()) as { n: number }
        ).n;
      },
      beforeDay: async (day, running) => {
        if (day !== 2) return;
        switchedAt = running.time.now().getTime();
        const db = sqliteOf(running.app.deps.database).sqlite;
        pendingBefore = pendingIds(db);
        discoveredBefore = (db.prepare('select count(*) as n from discovered_tweets').get() as { n: number })
          .n;
        running.setConfig((c) => ({ ...c, mode: 'composer' }));
      },
    });
    expect(pendingBefore.length).toBeGreaterThan(3);
    const afterSwitch = (e: { at: string }) => Date.parse(e.at) >= switchedAt;
    const stopped = ['mentions', 'targets', 'content', 'threads'];
    expect(result.events.filter((e) => stopped.includes(e.loop) && afterSwitch(e))).toEqual([]);
    // Discovery goes on, read-only: it runs, stores what it finds, and queues nothing.
    expect(result.events.filter((e) => e.loop === 'discovery' && afterSwitch(e)).length).toBeGreaterThan(10);
    expect(queuedAfterSwitch).toBe(0);
    // What waited for review still waits: never auto-approved, never posted; discovery data kept.
    expect(finalPending).toEqual(pendingBefore);
    expect(finalDiscovered).toBeGreaterThan(discoveredBefore);
    expect(result.days.slice(2).flatMap((d) => d.posted)).toEqual([]);
  }, 120_000);
});
