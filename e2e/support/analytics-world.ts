// A data dir with history for the Analytics and Activity pages, made before the built server starts. Posts go
// through the posting repository (as the publisher records them, with topic) and the analytics loop's own
// turn, in-process on the fake platform with its clock at the world's instant, measures them and takes today's
// follower count. Follower snapshots of past days are plain rows (analyticsSeed): no real path can make a
// snapshot dated yesterday in a test of today.
import { analyticsLoop } from '../../src/automation/loops/analytics.js';
import { analyticsSeed } from '../../test/support/analytics-seed.js';
import { startAppHarness } from '../../test/support/app-harness.js';
import type { TempHome } from '../../test/support/temp-home.js';

const DAY = 86_400_000;

export interface SeededPost {
  id: string;
  kind: 'tweet' | 'reply';
  text: string;
  postedAt: Date;
  impressions: number;
  likes: number;
  topic?: string;
  /** likes × 3 ÷ impressions × 1000, as the loop stores it. */
  score: number;
}

export interface AnalyticsHistory {
  posts: SeededPost[];
  /** Followers the fake reports today (the loop's snapshot). */
  followers: number;
  /** Snapshots seeded before today: date → followers. */
  past: Array<{ date: string; followers: number }>;
  /** The loop's turn summary. */
  turn: string;
  /** Platform API calls the loop made, by path, as the fake saw them. */
  calls: Record<string, number>;
}

/** Midnight UTC `days` ago plus `hour` (the account timezone is UTC by default). */
const at = (now: number, days: number, hour: number) =>
  new Date(Math.floor((now - days * DAY) / DAY) * DAY + hour * 3_600_000);
const utcDate = (date: Date) => date.toISOString().slice(0, 10);

export async function seedAnalyticsHistory(
  home: TempHome,
  clock: { now(): number },
): Promise<AnalyticsHistory> {
  const now = clock.now();
  const h = await startAppHarness({ home, start: new Date(now).toISOString(), loginSeconds: 7 * DAY });
  try {
    const plan = [
      {
        kind: 'tweet',
        text: 'Queues are just tables.',
        days: 2,
        hour: 17,
        impressions: 1000,
        likes: 20,
        topic: 'queues',
      },
      {
        kind: 'tweet',
        text: 'Ship the boring thing.',
        days: 3,
        hour: 9,
        impressions: 2000,
        likes: 10,
        topic: 'queues',
      },
      {
        kind: 'tweet',
        text: 'Tests that cannot fail prove nothing.',
        days: 40,
        hour: 13,
        impressions: 100,
        likes: 10,
        topic: 'testing',
      },
      { kind: 'reply', text: 'Agreed, and measure it first.', days: 2, hour: 11, impressions: 500, likes: 5 },
      { kind: 'reply', text: 'Which queue did you pick?', days: 4, hour: 8, impressions: 400, likes: 1 },
    ] as const;
    const ids = h.fake.state.seed({
      tweets: plan.map((p) => ({
        author_username: 'app_owner',
        text: p.text,
        minutes_ago: p.days * 24 * 60,
        like_count: p.likes,
        impression_count: p.impressions,
      })),
    }).tweets;
    const seed = analyticsSeed(h.app.deps.database);
    const posts: SeededPost[] = [];
    for (const [i, p] of plan.entries()) {
      const id = ids[i] as string;
      const postedAt = at(now, p.days, p.hour);
      await seed.post(p.kind, id, postedAt.toISOString(), {
        text: p.text,
        ...('topic' in p ? { topic: p.topic, format: 'tip' } : {}),
        ...(p.kind === 'reply' ? { in_reply_to_tweet_id: '1', target_author_username: 'someone' } : {}),
      });
      posts.push({
        id,
        kind: p.kind,
        text: p.text,
        postedAt,
        impressions: p.impressions,
        likes: p.likes,
        ...('topic' in p ? { topic: p.topic } : {}),
        score: Math.round(((p.likes * 3) / p.impressions) * 1000 * 100) / 100,
      });
    }
    const owner = h.fake.state.userByUsername('app_owner');
    const followers = h.fake.state.userMetrics(owner as never).followers_count;
    const past = [
      { date: utcDate(new Date(now - 20 * DAY)), followers: followers - 100 },
      { date: utcDate(new Date(now - 3 * DAY)), followers: followers - 30 },
      { date: utcDate(new Date(now - 1 * DAY)), followers: followers - 10 },
    ];
    for (const s of past) await seed.snapshot(s.date, s.followers);
    const turn = await analyticsLoop.run(h.app.deps.forLoops, { signal: new AbortController().signal });
    const calls: Record<string, number> = {};
    for (const r of h.fake.requests) calls[r.path] = (calls[r.path] ?? 0) + 1;
    return { posts, followers, past, turn: String(turn), calls };
  } finally {
    await h.close();
  }
}

/** The passphrase set through the first-run endpoint, then a page signed in and sent to `path`. */
export async function signedInPage(
  context: import('playwright-core').BrowserContext,
  url: string,
  path: string,
): Promise<import('playwright-core').Page> {
  const passphrase = 'correct horse battery staple';
  await fetch(`${url}/api/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ passphrase }),
  });
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  await page.getByLabel('Passphrase').fill(passphrase);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === path);
  return page;
}

/** Every /api GET the page makes from now on (path and query). */
export function apiReads(page: import('playwright-core').Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const u = new URL(request.url());
    if (request.method() === 'GET' && u.pathname.startsWith('/api/')) seen.push(u.pathname + u.search);
  });
  return seen;
}
