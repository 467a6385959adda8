// Exactly once at scale (issue 28 item 3): three `app worker` processes on one Postgres database post
// 1,000 due posts of 50 accounts to a fake platform that answers after 50 ms, while a random worker is
// SIGKILLed every few seconds and started again. At the end every post is at the fake exactly once under
// its own account's user, threads are whole reply chains, the outbox holds one confirmed row per card, and
// the agents' posts kept each account's daily cap and pacing.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/wiring/create-app.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import { openPostgres } from '../../src/infra/postgres/open-postgres.js';
import { faultPresets, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { PacingRepository } from '../../src/infra/sqlite/repositories/pacing-repository.js';
import { composeOperation } from '../../src/operations/compose/compose-operation.js';
import { invokeOperation } from '../../src/operations/invoke-operation.js';
import { type PostgresAccount, preparePostgresHome } from '../support/postgres-home.js';
import { killHard, type ServeProcess, worker } from '../support/serve-process.js';
import { freshPostgres } from '../support/stores.js';
import { createTempHome } from '../support/temp-home.js';

const ACCOUNTS = 50;
/** Per account: 2 threads of 3 cards and 15 tweets from a person, and an agent's tweets up to the cap: 20 posts. */
const THREADS = 2;
const PERSON_TWEETS = 15;
/** An agent's four posts: unlike each other, as the near-repeat rule wants of autonomous posts. */
const AGENT_TEXTS = [
  'Shipping small beats shipping big: we cut our release to one afternoon.',
  'Three questions we ask before adding any dependency to the build.',
  'Our importer now streams rows instead of loading whole files into memory.',
  'What a week of pairing on the scheduler taught the whole team about time zones.',
];
const WORKERS = 3;
/** Autonomous tweets an account may post a day (a person's never count): one agent post of four waits. */
const DAILY_CAP = 3;
/** The account's pacing of autonomous writes: at least this long between two. */
const PACING_SECONDS = 1;
const KILL_EVERY_MS = 4000;
/**
 * Kills at most this many times: killed every few seconds without end, a loaded machine spends its time
 * starting workers (each takes a few seconds there) and releasing what the dead held, and never settles.
 */
const MAX_KILLS = 10;
/** Below this many posts to go, no more kills. */
const SETTLE_BELOW = 30;
const DEADLINE_MS = 240_000;

interface Planned {
  account: PostgresAccount;
  actor: 'dashboard' | 'agent';
  cards: string[];
  jobId: number;
}

/** An account's twenty posts: its threads, a person's tweets, an agent's tweets. */
function postsOf(account: PostgresAccount, a: number): Array<{ actor: Planned['actor']; cards: string[] }> {
  return [
    ...Array.from({ length: THREADS }, (_, t) => ({
      actor: 'dashboard' as const,
      cards: [1, 2, 3].map((c) => `Thread ${t + 1} of ${account.name}, card ${c} of 3 (${a}).`),
    })),
    ...Array.from({ length: PERSON_TWEETS }, (_, n) => ({
      actor: 'dashboard' as const,
      cards: [`A person's post ${n + 1} for ${account.name} (${a}).`],
    })),
    ...AGENT_TEXTS.map((text) => ({ actor: 'agent' as const, cards: [`${text} (${account.name})`] })),
  ];
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('three workers, 1,000 due posts of 50 accounts, a worker SIGKILLed every few seconds', () => {
  it('posts each exactly once under its account, threads whole, caps and pacing kept', {
    timeout: 480_000,
  }, async () => {
    const fake = await startFakeSocial();
    cleanups.push(() => fake.close());
    const users = Array.from({ length: ACCOUNTS - 1 }, (_, i) => ({
      id: String(5001 + i),
      username: `scale_${i + 1}`,
    }));
    fake.state.seed({ users });
    const database = await freshPostgres();
    cleanups.push(() => database.drop());
    const home = createTempHome();
    cleanups.push(() => home.cleanup());
    const accounts = await preparePostgresHome(home, fake, {
      url: database.url,
      accounts: users.map((user, i) => ({ name: `a${String(i + 1).padStart(2, '0')}`, userId: user.id })),
      lines: [
        '[limits]',
        `max_tweets_per_day = ${DAILY_CAP}`,
        'max_threads_per_week = 10',
        `min_action_delay_seconds = ${PACING_SECONDS}`,
        `max_action_delay_seconds = ${PACING_SECONDS}`,
        // Always active: the agents' posts must not wait for the morning.
        '[schedule]',
        'active_hours_start = 0',
        'active_hours_end = 0',
        '[mcp_policy]',
        'max_mutations_per_hour = 10000',
        '[storage]',
      ].slice(0, -1),
    });
    expect(accounts).toHaveLength(ACCOUNTS);
    // Releases a killed worker's turns 3 s after its last heartbeat.
    const env = { ...home.env, APP_STORAGE__WORKER_RELEASE_AFTER_SECONDS: '3' };

    // The posts are composed first, through the service's own operation (as the dashboard and an agent
    // would), while no worker runs: all of them are due when the workers start.
    const loaded = loadConfig({ env });
    if (!loaded.config) throw new Error(`config refused: ${JSON.stringify(loaded.issues)}`);
    const app = await createApp({
      config: loaded.config,
      dataDir: home.dir,
      logger: createLogger({ level: 'silent' }),
      env,
    });
    const planned: Planned[] = [];
    const capped: string[] = [];
    // wall clock: real worker processes on real time; these time the run and its deadline
    const seedingFrom = Date.now();
    try {
      // Accounts in parallel (each one's posts in order), as fifty people would compose at once.
      await Promise.all(
        accounts.map(async (account, a) => {
          const deps = app.accounts.find((each) => each.id === account.id)?.deps;
          if (!deps) throw new Error(`no app for ${account.name}`);
          for (const post of postsOf(account, a)) {
            const thread = post.cards.length > 1;
            const result = (await invokeOperation(
              deps.forOperations,
              composeOperation,
              {
                content_type: thread ? 'thread' : 'tweet',
                content: thread ? JSON.stringify(post.cards) : post.cards[0],
              },
              { actor: post.actor },
            ).catch((error: unknown) => {
              // The agent's fourth post of the day: refused by the cap (the jobs already waiting count).
              if (
                post.actor === 'agent' &&
                String((error as Error).message).includes('daily post cap reached')
              ) {
                capped.push(account.name);
                return {};
              }
              throw error;
            })) as { job_id?: number };
            if (post.actor === 'agent' && result.job_id === undefined) continue;
            if (typeof result.job_id !== 'number') throw new Error(`no job for ${post.cards[0]}`);
            planned.push({ account, actor: post.actor, cards: post.cards, jobId: result.job_id });
          }
        }),
      );
    } finally {
      await app.close();
    }
    expect(planned).toHaveLength(1000);
    expect(capped.sort()).toEqual(accounts.map((account) => account.name).sort());
    // wall clock: real worker processes on real time; these time the run and its deadline
    const seeding = Date.now() - seedingFrom;
    console.info(`seeded 1,000 posts of ${ACCOUNTS} accounts in ${seeding} ms`);

    // Every request to the platform waits 50 ms, as a real one would.
    fake.faults.inject({ path: /.*/, times: -1, action: faultPresets.latency(50) });
    const seeded = new Set(fake.state.tweets.keys());
    const workers: Array<ServeProcess | undefined> = [];
    const start = async (slot: number) => {
      workers[slot] = await worker(env, ['--concurrency', '4']);
    };
    cleanups.push(() => Promise.all(workers.map((w) => (w ? killHard(w) : undefined))).then(() => undefined));
    for (let slot = 0; slot < WORKERS; slot++) await start(slot);

    const store = await openPostgres({ url: database.url, migrate: false });
    cleanups.push(() => store.close());
    /** Jobs neither posted nor held back by the daily cap (a capped job waits for tomorrow). */
    const unfinished = async () => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from posting_jobs
        where status <> 'posted' and not (status = 'queued' and coalesce(last_error, '') like '%daily post cap%')`.execute(
        store.db,
      );
      return Number(rows[0]?.n);
    };
    let kills = 0;
    // wall clock: real worker processes on real time; these time the run and its deadline
    const began = Date.now();
    // wall clock: real worker processes on real time; these time the run and its deadline
    let last = Date.now();
    // wall clock: real worker processes on real time; these time the run and its deadline
    let reported = Date.now();
    const statuses = async () =>
      JSON.stringify(
        (
          await sql`select status, substr(coalesce(last_error, ''), 1, 60) as error, count(*) as n
            from posting_jobs where status <> 'posted' group by 1, 2`.execute(store.db)
        ).rows,
      );
    for (let left = await unfinished(); left > 0; left = await unfinished()) {
      // wall clock: real worker processes on real time; these time the run and its deadline
      if (Date.now() - began > DEADLINE_MS) {
        // What is left, and the loop turns of its accounts, to say why.
        const { rows: left } = await sql<{ account_id: string }>`select id, account_id, status,
          next_attempt_at, attempts, last_error, claimed_by from posting_jobs where status <> 'posted'`.execute(
          store.db,
        );
        const { rows: turns } = await sql`select key, run_at, attempts, max_attempts, locked_at, locked_by,
          last_error, now() as now from graphile_worker.jobs
          where key like any(${left.map((row) => `%${row.account_id}:posting-queue`)}::text[])`.execute(
          store.db,
        );
        const { rows: queues } = await sql`select queue_name, locked_at, locked_by
          from graphile_worker._private_job_queues where locked_by is not null`.execute(store.db);
        const { rows: alive } = await sql`select worker_id, seen_at from worker_heartbeats`.execute(store.db);
        throw new Error(
          `not done after ${DEADLINE_MS} ms: ${JSON.stringify({ left, turns, queues, alive })}`,
        );
      }
      // Kills while the bulk is posting; the last few posts then settle (a post cut off by a kill may
      // wait out a retry of 30 s or more before the platform is asked again).
      // wall clock: real worker processes on real time; these time the run and its deadline
      if (left > SETTLE_BELOW && kills < MAX_KILLS && Date.now() - last >= KILL_EVERY_MS) {
        // wall clock: real worker processes on real time; these time the run and its deadline
        last = Date.now();
        const slot = Math.floor(Math.random() * WORKERS);
        await killHard(workers[slot] as ServeProcess);
        kills += 1;
        await start(slot);
      }
      // wall clock: real worker processes on real time; these time the run and its deadline
      if (Date.now() - reported >= 15_000) {
        // wall clock: real worker processes on real time; these time the run and its deadline
        reported = Date.now();
        console.info(
          `after ${reported - began} ms: ${left} posts to go, ${kills} kills: ${await statuses()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(kills).toBeGreaterThan(0);
    // What the run took, for the notes (the test holds behaviour, not speed).
    console.info(
      // wall clock: real worker processes on real time; these time the run and its deadline
      `seeded 1,000 posts in ${seeding} ms; posted in ${Date.now() - began} ms with ${kills} workers SIGKILLed`,
    );

    const created = [...fake.state.tweets.values()].filter((t) => !seeded.has(t.id));
    const byText = new Map<string, typeof created>();
    for (const tweet of created) byText.set(tweet.text, [...(byText.get(tweet.text) ?? []), tweet]);
    const { rows: jobs } = await sql<{
      id: number;
      status: string;
      account_id: string;
      posted_tweet_ids: string | null;
    }>`select id, status, account_id, posted_tweet_ids from posting_jobs`.execute(store.db);
    const jobOf = new Map(jobs.map((job) => [job.id, job]));
    const problems: string[] = [];
    for (const post of planned) {
      const job = jobOf.get(post.jobId);
      const found = post.cards.map((text) => byText.get(text) ?? []);
      if (job?.status !== 'posted') {
        // Only an agent's post may be held back, by the cap, and then nothing of it is out.
        if (post.actor !== 'agent' || found.some((f) => f.length > 0))
          problems.push(`${post.cards[0]}: job ${job?.status}, ${found.flat().length} at the platform`);
        continue;
      }
      if (found.some((f) => f.length !== 1)) {
        problems.push(`${post.cards[0]}: ${found.map((f) => f.length).join('/')} copies`);
        continue;
      }
      const chain = found.map((f) => f[0] as (typeof created)[number]);
      if (chain.some((t) => t.authorId !== post.account.userId))
        problems.push(`${post.cards[0]}: posted under another user`);
      if (job.account_id !== post.account.id) problems.push(`job ${post.jobId} under another account`);
      const replies = chain.map((t) => t.inReplyToTweetId);
      if (JSON.stringify(replies) !== JSON.stringify([undefined, ...chain.slice(0, -1).map((t) => t.id)]))
        problems.push(`${post.cards[0]}: not a reply chain`);
      if (job.posted_tweet_ids !== JSON.stringify(chain.map((t) => t.id)))
        problems.push(`job ${post.jobId}: posted ids ${job.posted_tweet_ids}`);
    }
    expect(problems).toEqual([]);
    // Nothing else reached the platform, and nothing was refused as a repeat (no second try of a post).
    const cards = planned.filter((p) => jobOf.get(p.jobId)?.status === 'posted').flatMap((p) => p.cards);
    expect(created).toHaveLength(cards.length);
    const refused = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/2/tweets' && r.status >= 400,
    );
    expect(refused).toEqual([]);
    // The outbox: one confirmed row per card out, under its account.
    const { rows: outbox } = await sql<{ status: string; n: number }>`select status, count(*) as n from outbox
      group by status`.execute(store.db);
    expect(outbox).toEqual([{ status: 'confirmed', n: cards.length }]);
    const { rows: misplaced } = await sql<{ n: number }>`select count(*) as n from outbox o
      join posting_jobs j on j.id = o.job_id where o.account_id <> j.account_id`.execute(store.db);
    expect(Number(misplaced[0]?.n)).toBe(0);

    // Per account: the agents' tweets kept the daily cap (the rest were refused), and the pacing held where
    // it is decided, in the database: its grants were at least the gap apart. (At the platform, arrival
    // times also carry each request's own delay, and a post resumed after a kill goes when it is resumed.)
    let smallestAtPlatform = Number.POSITIVE_INFINITY;
    for (const account of accounts) {
      const agents = new Set(
        planned.filter((p) => p.account === account && p.actor === 'agent').flatMap((p) => p.cards),
      );
      const out = created
        .filter((t) => t.authorId === account.userId && agents.has(t.text))
        .sort((a, b) => a.createdAt - b.createdAt);
      expect(out.length, `${account.name}: agents' posts against the cap`).toBe(DAILY_CAP);
      for (let i = 1; i < out.length; i++)
        smallestAtPlatform = Math.min(
          smallestAtPlatform,
          (out[i]?.createdAt as number) - (out[i - 1]?.createdAt as number),
        );
      const pacing = await new PacingRepository(store, account.id).figures(
        new Date(0),
        // wall clock: real worker processes on real time; these time the run and its deadline
        new Date(Date.now() + 3_600_000),
      );
      // A grant a killed worker took and never used is followed by another for the same post.
      expect(pacing.writes, `${account.name}: paced writes`).toBeGreaterThanOrEqual(DAILY_CAP);
      expect(pacing.smallestGapSeconds, `${account.name}: pacing`).toBeGreaterThanOrEqual(PACING_SECONDS);
    }
    console.info(
      `smallest gap between two agents' posts of an account at the platform: ${smallestAtPlatform} ms`,
    );
  });
});
