// The kill-9 matrix: the real server is SIGKILLed at every step of posting a card (a tweet, and cards of
// a 5-card thread), restarted, and left to finish. The fake platform must end with every card exactly
// once, the thread as an in-order reply chain, and the job pointing at those very posts.
// Steps inside the process are reached with crash points (APP_CRASH_AT); the platform-side ones with the
// fake holding the request before or after it commits.
// Every case runs on both stores (issue 28 item 3): SQLite (app.db beside the config) and Postgres (a fresh
// database of the case's own, dropped after), where the account's loop turns are jobs of the job engine and a
// killed process's turn and posting claims are taken over once its heartbeat has been silent long enough.
import { describe, type ExpectStatic, it } from 'vitest';
import type { PublishStep } from '../../src/core/gateway/publisher-deps.js';
import {
  DEFAULT_USER_ID,
  type FakeSocial,
  faultPresets,
  startFakeSocial,
} from '../../src/infra/sandbox/social/index.js';
import type { StoreDialect } from '../../src/infra/storage/store.js';
import { preparePostgresHome } from '../support/postgres-home.js';
import {
  apiClient,
  killHard,
  prepareFakeHome,
  type ServeProcess,
  serve,
  storeAccountLogin,
  until,
  untilPosted,
} from '../support/serve-process.js';
import { freshPostgres, STORES } from '../support/stores.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

type Step =
  | { name: string; crashAt: PublishStep }
  | { name: string; platform: 'holds_before_commit' | 'holds_after_commit' };

/** In the order a card goes through them. */
const STEPS: Step[] = [
  { name: 'before the outbox row', crashAt: 'publish.before_outbox' },
  { name: 'after the outbox row', crashAt: 'publish.after_outbox' },
  { name: 'while the platform holds the request', platform: 'holds_before_commit' },
  { name: 'after the platform committed, its answer held', platform: 'holds_after_commit' },
  { name: 'after the answer, before the outbox is closed', crashAt: 'publish.after_platform' },
  { name: 'after the outbox is closed', crashAt: 'publish.after_close' },
  { name: 'after the post is recorded, before the job is saved', crashAt: 'publish.after_record' },
];

const THREAD = [
  'Five things a crash test taught us about posting.',
  'One: a kill -9 runs no finally block, so only committed rows count.',
  'Two: an open outbox row means "maybe"; ask the platform before sending again.',
  'Three: a thread resumes from the first card that is not live.',
  'Four: a request the platform never committed must still go out once.',
];
const SHAPES = [
  { name: 'tweet', cards: ['A single post that must appear exactly once.'], card: 0 },
  { name: 'thread card 1 of 5', cards: THREAD, card: 0 },
  { name: 'thread card 3 of 5', cards: THREAD, card: 2 },
  { name: 'thread card 5 of 5', cards: THREAD, card: 4 },
];
const CASES = SHAPES.flatMap((shape) =>
  STEPS.map((step) => ({ name: `${shape.name}: killed ${step.name}`, shape, step })),
);
/**
 * On Postgres every step, on two shapes: a tweet, and a card amid a thread (one before it live, more to
 * follow). What Postgres adds (the dead process's turn and posting claim taken over after its heartbeat
 * falls silent) does not depend on the card's place; all four shapes there would double the file's time.
 */
const POSTGRES_SHAPES = new Set(['tweet', 'thread card 3 of 5']);
const casesOn = (dialect: StoreDialect) =>
  dialect === 'sqlite' ? CASES : CASES.filter(({ shape }) => POSTGRES_SHAPES.has(shape.name));

/** Only the POST that creates a post (the card under test is the `card`-th of them). */
const CREATE = /^\/2\/tweets$/;
/** Longer than any case: the held request is cut by the kill, never by the timer. */
const HOLD_MS = 30_000;

type Case = (typeof CASES)[number];

/**
 * The home's store. SQLite: the config as before, further accounts' rows made in app.db. Postgres: a fresh
 * database with the accounts' rows; a killed process's claims are free 2 s after its last heartbeat (the
 * default 30 s would outlast the case). Answers the env to start the servers with and how to drop it.
 */
async function prepareStore(
  dialect: StoreDialect,
  home: TempHome,
  fake: FakeSocial,
  further: ReadonlyArray<{ name: string; display: string; userId: string }> = [],
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    prepareFakeHome(
      home,
      fake,
      further.flatMap(({ name, display }) => [`[accounts.${name}]`, `display_name = "${display}"`]),
    );
    for (const { name, userId } of further) await storeAccountLogin(home, fake, name, userId);
    return { env: home.env, drop: async () => undefined };
  }
  const database = await freshPostgres();
  try {
    await preparePostgresHome(home, fake, { url: database.url, accounts: further });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return { env: { ...home.env, APP_STORAGE__WORKER_RELEASE_AFTER_SECONDS: '2' }, drop: database.drop };
}

/** Kills the first server at the case's step; resolves once it is gone. */
async function killAtStep(
  expect: ExpectStatic,
  fake: FakeSocial,
  server: ServeProcess,
  { shape, step }: Case,
) {
  if ('crashAt' in step) {
    const { signal } = await server.exited;
    expect(signal).toBe('SIGKILL');
    expect(server.output()).toContain(`crash point ${step.crashAt}:${shape.card} reached`);
    return;
  }
  const text = shape.cards[shape.card];
  if (step.platform === 'holds_before_commit') {
    // The rule is consumed as the request arrives; the fake then sleeps before the route runs, and the
    // kill cuts the connection, so the route never runs: nothing is committed.
    await until('the platform to hold the request', () =>
      fake.faults.list().length === 0 ? true : undefined,
    );
  } else {
    const committed = () => [...fake.state.tweets.values()].some((t) => t.text === text);
    await until('the platform to commit the post', () => (committed() ? true : undefined));
  }
  // Still waiting on the platform, not dead of something else.
  expect(server.child.exitCode, server.output()).toBeNull();
  await killHard(server);
}

async function runCase(dialect: StoreDialect, testCase: Case, expect: ExpectStatic): Promise<void> {
  const { shape, step } = testCase;
  const fake = await startFakeSocial();
  const home = createTempHome();
  const servers: ServeProcess[] = [];
  let store: Awaited<ReturnType<typeof prepareStore>> | undefined;
  try {
    store = await prepareStore(dialect, home, fake);
    const seeded = new Set(fake.state.tweets.keys());
    if ('platform' in step) {
      const action =
        step.platform === 'holds_before_commit'
          ? faultPresets.latency(HOLD_MS)
          : faultPresets.holdAfterCommit(HOLD_MS);
      fake.faults.inject({ method: 'POST', path: CREATE, skip: shape.card, action });
    }
    const crashEnv: Record<string, string> =
      'crashAt' in step ? { APP_CRASH_AT: `${step.crashAt}:${shape.card}` } : {};
    const first = await serve({ ...store.env, ...crashEnv });
    servers.push(first);
    const api = apiClient(home);
    const jobId = await api.compose(first.url, {
      content_type: shape.cards.length > 1 ? 'thread' : 'tweet',
      content: shape.cards.length > 1 ? JSON.stringify(shape.cards) : (shape.cards[0] ?? ''),
    });
    await killAtStep(expect, fake, first, testCase);
    fake.faults.clear();

    const second = await serve(store.env);
    servers.push(second);
    const job = await untilPosted(second.url, api, jobId);

    const created = [...fake.state.tweets.values()].filter((t) => !seeded.has(t.id));
    // 0 duplicates, 0 losses, nothing else posted.
    expect(created.map((t) => t.text).sort()).toEqual([...shape.cards].sort());
    const inOrder = shape.cards.map((text) => created.find((t) => t.text === text));
    // A reply chain in card order, the first card a standalone post.
    expect(inOrder.map((t) => t?.inReplyToTweetId)).toEqual([
      undefined,
      ...inOrder.slice(0, -1).map((t) => t?.id),
    ]);
    expect(job.posted_tweet_ids).toEqual(inOrder.map((t) => t?.id));
    // The fake refuses identical text like the platform does, which would hide a resend as a refusal; the
    // real platform's check is not to be relied on, so the service must never have tried.
    const refused = fake.requests.filter(
      (r) => r.method === 'POST' && CREATE.test(r.path) && r.status >= 400,
    );
    expect(refused).toEqual([]);
  } finally {
    await Promise.all(servers.map(killHard));
    await fake.close();
    home.cleanup();
    await store?.drop();
  }
}

/** SQLite's blocks keep their names; Postgres' say so. */
const onStore = (dialect: StoreDialect, title: string) =>
  dialect === 'sqlite' ? title : `${title} (postgres)`;

for (const dialect of STORES)
  describe(onStore(dialect, 'kill -9 at every step of posting: 0 duplicates, 0 losses'), () => {
    // Concurrent (vitest runs up to maxConcurrency = 5 at once): a case mostly waits on its child processes,
    // and its own fake, home and database keep it apart from the others.
    // '%s' over the plain name: '$name' would cut long names short (and two cases would look alike).
    it.concurrent.for(casesOn(dialect).map((testCase): [string, Case] => [testCase.name, testCase]))(
      '%s',
      { timeout: 60_000 },
      ([, testCase], { expect }) => runCase(dialect, testCase, expect),
    );
  });

// Two accounts posting at once (issue 27): the default account (@app_owner) and `b` (@dana_devrel at the
// fake, by its own token) each post a 5-card thread in the same moment; the server is killed at every step
// of the third card to reach the platform, whichever account's it is. Both threads must end whole, exactly
// once, each card under its own account's user.
const B_USER_ID = '1001';
const B_THREAD = THREAD.map((text) => `(b) ${text}`);
const TWO_ACCOUNT_CASES = STEPS.map((step) => ({ name: `two accounts: killed ${step.name}`, step }));
type TwoAccountCase = (typeof TWO_ACCOUNT_CASES)[number];
/** The card at whose step the server dies: the third create request of the two threads together. */
const NTH_CREATE = 2;

async function runTwoAccountCase(
  dialect: StoreDialect,
  { step }: TwoAccountCase,
  expect: ExpectStatic,
): Promise<void> {
  const fake = await startFakeSocial();
  const home = createTempHome();
  const servers: ServeProcess[] = [];
  let store: Awaited<ReturnType<typeof prepareStore>> | undefined;
  try {
    store = await prepareStore(dialect, home, fake, [{ name: 'b', display: 'B', userId: B_USER_ID }]);
    const seeded = new Set(fake.state.tweets.keys());
    const created = () => [...fake.state.tweets.values()].filter((t) => !seeded.has(t.id));
    if ('platform' in step) {
      const action =
        step.platform === 'holds_before_commit'
          ? faultPresets.latency(HOLD_MS)
          : faultPresets.holdAfterCommit(HOLD_MS);
      fake.faults.inject({ method: 'POST', path: CREATE, skip: NTH_CREATE, action });
    }
    // A crash point counts cards within a thread: the first account to reach its third card dies there.
    const crashEnv: Record<string, string> =
      'crashAt' in step ? { APP_CRASH_AT: `${step.crashAt}:${NTH_CREATE}` } : {};
    const first = await serve({ ...store.env, ...crashEnv });
    servers.push(first);
    const accounts = [
      { api: apiClient(home), cards: THREAD, userId: DEFAULT_USER_ID },
      { api: apiClient(home, 'b'), cards: B_THREAD, userId: B_USER_ID },
    ];
    const jobIds = await Promise.all(
      accounts.map(({ api, cards }) =>
        api.compose(first.url, { content_type: 'thread', content: JSON.stringify(cards) }),
      ),
    );
    if ('crashAt' in step) {
      const { signal } = await first.exited;
      expect(signal).toBe('SIGKILL');
      expect(first.output()).toContain(`crash point ${step.crashAt}:${NTH_CREATE} reached`);
    } else {
      await until('the platform to hold the request', () =>
        fake.faults.list().length === 0 ? true : undefined,
      );
      if (step.platform === 'holds_after_commit')
        await until('the platform to commit the held post', () =>
          created().length > NTH_CREATE ? true : undefined,
        );
      expect(first.child.exitCode, first.output()).toBeNull();
      await killHard(first);
    }
    fake.faults.clear();

    const second = await serve(store.env);
    servers.push(second);
    for (const [i, { api, cards, userId }] of accounts.entries()) {
      const job = await untilPosted(second.url, api, jobIds[i] as number);
      const mine = cards.map((text) => created().filter((t) => t.text === text));
      // Each card exactly once, under this account's user, as a reply chain in card order.
      expect(mine.map((found) => found.length)).toEqual(cards.map(() => 1));
      const inOrder = mine.map((found) => found[0]);
      expect(inOrder.map((t) => t?.authorId)).toEqual(cards.map(() => userId));
      expect(inOrder.map((t) => t?.inReplyToTweetId)).toEqual([
        undefined,
        ...inOrder.slice(0, -1).map((t) => t?.id),
      ]);
      expect(job.posted_tweet_ids).toEqual(inOrder.map((t) => t?.id));
    }
    // Nothing else reached the platform, and nothing was ever sent twice.
    expect(created()).toHaveLength(THREAD.length + B_THREAD.length);
    const refused = fake.requests.filter(
      (r) => r.method === 'POST' && CREATE.test(r.path) && r.status >= 400,
    );
    expect(refused).toEqual([]);
  } finally {
    await Promise.all(servers.map(killHard));
    await fake.close();
    home.cleanup();
    await store?.drop();
  }
}

for (const dialect of STORES)
  describe(
    onStore(
      dialect,
      'kill -9 with two accounts posting at once: 0 duplicates, 0 losses, no post under the wrong account',
    ),
    () => {
      it.concurrent.for(
        TWO_ACCOUNT_CASES.map((testCase): [string, TwoAccountCase] => [testCase.name, testCase]),
      )('%s', { timeout: 60_000 }, ([, testCase], { expect }) =>
        runTwoAccountCase(dialect, testCase, expect),
      );
    },
  );
