// The same pending approval item reviewed at once from the HTTP face and the tool server of ONE app (one
// SQLite database), many rounds over every interleaving: exactly one review wins (one posting job, one post
// at the fake), and the loser gets the same conflict on both faces — HTTP 409 `conflict`, the envelope
// `validation_error`, with the same message and `details` — never the refusal of a guard that the winner's
// job or post tripped (the duplicate-reply guard, the daily cap).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import type { Envelope } from '../../src/contracts/tools/envelope.js';
import { runPostingQueue } from '../../src/core/gateway/publish-job.js';
import { addTweet } from '../../src/infra/sandbox/social/factory.js';
import { connectTools } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

const DAY_MS = 86_400_000;
const OTHER_USER = '1001';
const CONFLICT_MESSAGE =
  /^approval item (\d+) has already been reviewed \(status (approved|posting|posted|rejected)\)$/;

type Faces = Pick<HttpHarness, 'app' | 'fake' | 'home' | 'clock'> & {
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
  http(method: 'POST', url: string): Promise<{ status: number; json: any }>;
  tool(name: string, args: Record<string, unknown>): Promise<Envelope>;
  close(): Promise<void>;
};

/** Both faces on one app: the HTTP server and the tool server built from the same deps. */
async function startFaces(config: ConfigInput): Promise<Faces> {
  // A login that outlives the simulated days (the clock moves a day per round): no refresh mid-race.
  const h = await startHttpHarness(config, {
    start: '2026-11-23T12:00:00.000Z',
    loginSeconds: 10 * 365 * 86_400,
  });
  const tools = await connectTools(h.app, 'write');
  return {
    app: h.app,
    fake: h.fake,
    home: h.home,
    clock: h.clock,
    async http(method, url) {
      const response = await h.server.inject({
        method,
        url,
        headers: { host: '127.0.0.1:3001', authorization: `Bearer ${h.token}` },
        payload: {},
      });
      return { status: response.statusCode, json: response.json() };
    },
    tool: (name, args) => tools.call(name, args),
    async close() {
      await tools.close();
      await h.close();
    },
  };
}

/** How long one face's first read of the item is held back: microtasks, or until the winner has posted. */
type Hold = number | 'posted';

/** Posting passes started by the woken runner (the service's posting loop), awaited before each check. */
const woken: Promise<unknown>[] = [];

async function wait(hold: Hold): Promise<void> {
  if (hold === 'posted') {
    for (let i = 0; i < 500 && woken.length === 0; i++) await new Promise((r) => setImmediate(r));
    await Promise.all(woken);
    return;
  }
  for (let i = 0; i < hold; i++) await Promise.resolve();
}

/**
 * Forces an interleaving: the first two reads of item `id` (one per face: each review starts by reading
 * the item) wait for each other, then go on `holds[0]` and `holds[1]` apart. The real store answers them;
 * the HTTP face needs several event-loop turns to reach its read, so timing alone rarely overlaps the two.
 */
function gate(f: Faces, id: number, holds: [Hold, Hold]): void {
  const store = f.app.deps.content.approvals;
  const read = store.get;
  let arrived = 0;
  let release = () => {};
  const both = new Promise<void>((resolve) => {
    release = resolve;
  });
  store.get = async (itemId: number) => {
    const value = await read.call(store, itemId);
    if (itemId !== id || arrived >= 2) return value;
    const mine = arrived++;
    if (arrived === 2) {
      store.get = read;
      release();
    }
    await both;
    await wait(holds[mine] ?? 0);
    return value;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'so', 'ti', 'vu', 'ze', 'ba', 'do', 'fi', 'gu', 'he'];

/** Words no other round uses, so the similar-reply guard never decides a round. */
function roundText(kind: string, round: number): string {
  const words = Array.from({ length: 8 }, (_, i) => {
    let n = (round * 8 + i) * 7919 + 104_729;
    let word = '';
    for (let s = 0; s < 4; s++, n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
    return word;
  });
  return `${kind} ${words.join(' ')} #${round}`;
}

/** A pending item of the given kind; a reply targets a fresh post of another account. */
async function pendingItem(f: Faces, kind: 'reply' | 'tweet', round: number): Promise<number> {
  const cards = [{ text: roundText(kind, round), media_paths: [] }];
  const target =
    kind === 'reply'
      ? addTweet(f.fake.state, { authorId: OTHER_USER, text: `target ${round}` }).id
      : undefined;
  const item = await f.app.deps.content.approvals.create(
    {
      action_type: kind,
      payload: target ? { cards, in_reply_to_tweet_id: target, target_author_id: OTHER_USER } : { cards },
      actor: 'agent',
      ...(target ? { target_tweet_id: target, target_author_id: OTHER_USER } : {}),
    },
    f.app.deps.clock.now(),
  );
  return item.id;
}

type Review = 'approve' | 'reject';
interface Outcome {
  face: 'http' | 'mcp';
  review: Review;
  won: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: the loser's error as each face shows it.
  error?: { code: string; message: string; details: any };
}

async function viaHttp(f: Faces, id: number, review: Review): Promise<Outcome> {
  const response = await f.http('POST', `/api/approval/${id}/${review}`);
  if (response.status === 200) return { face: 'http', review, won: true };
  return { face: 'http', review, won: false, error: { ...response.json.error, status: response.status } };
}

async function viaMcp(f: Faces, id: number, review: Review): Promise<Outcome> {
  const envelope = await f.tool(review === 'approve' ? 'approve_item' : 'reject_item', { id });
  if (envelope.success) return { face: 'mcp', review, won: true };
  return { face: 'mcp', review, won: false, error: envelope.error as Outcome['error'] };
}

function jobsFor(f: Faces, id: number): number {
  const row = sqliteOf(f.app.deps.database)
    .sqlite.prepare('SELECT count(*) AS n FROM posting_jobs WHERE approval_id = ?')
    .get(id) as { n: number };
  return row.n;
}

function postsAtFake(f: Faces, round: number): number {
  return [...f.fake.state.tweets.values()].filter(
    (t) => t.authorId === '1000' && t.text.endsWith(` #${round}`),
  ).length;
}

/** The loser's answer, face by face: the same conflict, the same message and details. */
function expectConflict(outcome: Outcome, id: number): void {
  const label = `${outcome.face} ${outcome.review} of item ${id}: ${JSON.stringify(outcome.error)?.slice(0, 300)}`;
  if (outcome.face === 'http') {
    expect(outcome.error, label).toMatchObject({ code: 'conflict', status: 409 });
  } else {
    expect(outcome.error, label).toMatchObject({ code: 'validation_error', retryable: false });
  }
  expect(outcome.error?.message, label).toMatch(CONFLICT_MESSAGE);
  expect(outcome.error?.message.match(CONFLICT_MESSAGE)?.[1], label).toBe(String(id));
  expect(Object.keys(outcome.error?.details ?? {}).sort(), label).toEqual(['conflict', 'current']);
  expect(outcome.error?.details, label).toMatchObject({ conflict: true, current: { id } });
  const status = outcome.error?.message.match(CONFLICT_MESSAGE)?.[2];
  expect(outcome.error?.details.current.status, label).toBe(status);
}

/** One round: both faces at once, their first reads `holds` apart (none: as timing has it). */
async function race(
  f: Faces,
  round: number,
  kind: 'reply' | 'tweet',
  reviews: [http: Review, mcp: Review],
  holds?: [Hold, Hold],
): Promise<void> {
  const id = await pendingItem(f, kind, round);
  if (holds) gate(f, id, holds);
  const outcomes = await Promise.all([viaHttp(f, id, reviews[0]), viaMcp(f, id, reviews[1])]);
  const label = `round ${round} ${JSON.stringify(holds)}: ${JSON.stringify(outcomes).slice(0, 600)}`;
  const winners = outcomes.filter((o) => o.won);
  expect(winners, label).toHaveLength(1);
  expectConflict(outcomes.find((o) => !o.won) as Outcome, id);
  await Promise.all(woken.splice(0));
  await runPostingQueue(f.app.deps.publisher);
  const approved = winners[0]?.review === 'approve';
  expect(jobsFor(f, id), label).toBe(approved ? 1 : 0);
  expect(postsAtFake(f, round), label).toBe(approved ? 1 : 0);
  expect((await f.app.deps.content.approvals.get(id))?.status, label).toBe(approved ? 'posted' : 'rejected');
  // A new day for the next round: a cap reached by an earlier round never decides this one.
  f.clock.advance(DAY_MS + 60_000);
}

/** Every interleaving worth trying: either face's read held back 0..STEPS*STEP microtasks, and none. */
const STEP = 6;
const STEPS = 24;
const SWEEP: Array<[Hold, Hold] | undefined> = [
  undefined,
  ...Array.from({ length: STEPS }, (_, k): [Hold, Hold] => [k * STEP, 0]),
  ...Array.from({ length: STEPS }, (_, k): [Hold, Hold] => [0, k * STEP]),
];

// Caps of one a day: a winner that has posted would trip them for the loser.
const LIMITS = { max_replies_per_day: 1, max_tweets_per_day: 1, max_replies_per_author_per_day: 1 };

describe('approval race between the HTTP face and the tool server', () => {
  let f: Faces;
  let round = 0;
  beforeAll(async () => {
    f = await startFaces({ approval_mode: true, limits: LIMITS });
  });
  afterAll(() => f.close());

  it.each(['reply', 'tweet'] as const)(
    'approve vs approve of a %s: one job, one post, one conflict',
    async (kind) => {
      for (const holds of SWEEP) await race(f, round++, kind, ['approve', 'approve'], holds);
    },
  );

  it.each(['reply', 'tweet'] as const)('reject vs approve of a %s, both ways round', async (kind) => {
    for (const [i, holds] of SWEEP.entries()) {
      await race(f, round++, kind, i % 2 === 0 ? ['reject', 'approve'] : ['approve', 'reject'], holds);
    }
  });

  it.each(['reply', 'tweet'] as const)(
    'a %s loser held until the winner has posted (duplicate reply, daily cap)',
    async (kind) => {
      const stop = f.app.deps.postingWake.listen(() => {
        woken.push(runPostingQueue(f.app.deps.publisher));
      });
      try {
        for (const holds of [[0, 'posted'], ['posted', 0], undefined] as Array<[Hold, Hold] | undefined>) {
          for (let i = 0; i < 4; i++) await race(f, round++, kind, ['approve', 'approve'], holds);
        }
      } finally {
        stop();
      }
    },
  );
});
