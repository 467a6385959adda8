// Worker processes on Postgres (issue 28): `npm run bench -- workers`. Needs Postgres: the server
// APP_TEST_PG_URL names (databases are made and dropped on it; its `postgres` database is never migrated),
// else a throwaway cluster of Debian's `postgresql` package, started and deleted by the bench.
// 1. 1,000 posts of 50 accounts (20 tweets each, composed through the compose operation by an in-process
//    app) all due at one instant (two seconds after the workers settled), posted by 1, 2 and 4 `app worker`
//    processes (--concurrency 4 each, BENCH_WORKER_CONCURRENCY to change), a fresh database per run,
//    against the fake platform answering every request after 50 ms. Per run: the time from the due instant until the last post is at the fake,
//    and the lateness of the posts (their time at the fake minus the due time), median and p99. Median over
//    BENCH_ROUNDS runs (default 3); speed-up 1→2 (target ≥ 1.8×) and 1→4.
// 2. The tool-server and autosave benches (toolserver.ts, drafts.ts) on SQLite and on Postgres in the same
//    run: each figure's p50 and p99 on both, and PG p99 / SQLite p99 (target ≤ 3×).
// BENCH_WORKERS_PARTS picks a part (posting, stores, toolserver, autosave). A posting run that does not
// finish within BENCH_DEADLINE_SECONDS (default 240) is reported as failed, with the accounts whose
// posting-queue turn has no job any more and the workers' first error lines, and the bench goes on.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import { createApp } from '../src/app/wiring/create-app.js';
import { loadConfig } from '../src/infra/config/load-config.js';
import { createLogger } from '../src/infra/logging/create-logger.js';
import { openPostgres } from '../src/infra/postgres/open-postgres.js';
import { faultPresets, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { composeOperation } from '../src/operations/compose/compose-operation.js';
import { invokeOperation } from '../src/operations/invoke-operation.js';
import { preparePostgresHome } from '../test/support/postgres-home.js';
import { killHard, type ServeProcess, worker } from '../test/support/serve-process.js';
import { createTempHome } from '../test/support/temp-home.js';
import { benchDrafts } from './drafts.js';
import { type BenchPostgres, benchPostgres } from './postgres.js';
import { benchToolServer, type Figures } from './toolserver.js';

const ACCOUNTS = 50;
const POSTS_PER_ACCOUNT = 20;
const WORKER_COUNTS = (process.env.BENCH_WORKER_COUNTS ?? '1,2,4').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY ?? '4';
/** The due instant is this long after the workers settled (their first turns of every loop taken). */
const LEAD_MS = 2000;
/** A worker has settled once it used less than this share of a core for SETTLED_SECONDS in a row. */
const SETTLED_CPU = 0.5;
const SETTLED_SECONDS = 3;
const SETTLE_DEADLINE_MS = 90_000;
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_SECONDS ?? 240) * 1000;
const PLATFORM_LATENCY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const median = (values: number[]) => percentile(values, 50);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Run {
  /** From the due instant until the last post was at the fake. */
  totalMs: number;
  latenessP50: number;
  latenessP99: number;
}

/** CPU seconds (user + system) a process used so far. */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in ticks of 10 ms
}

/** Waits until every worker used little CPU for a few seconds; answers how long that took. */
async function settled(processes: ServeProcess[]): Promise<number> {
  const began = performance.now();
  let calm = 0;
  let last = processes.map((w) => cpuSeconds(w.child.pid));
  while (calm < SETTLED_SECONDS) {
    if (performance.now() - began > SETTLE_DEADLINE_MS) throw new Error('the workers did not settle');
    await sleep(1000);
    const now = processes.map((w) => cpuSeconds(w.child.pid));
    calm = now.every((cpu, i) => cpu - (last[i] ?? 0) < SETTLED_CPU) ? calm + 1 : 0;
    last = now;
  }
  return performance.now() - began;
}

async function postingRun(postgres: BenchPostgres, workers: number): Promise<Run> {
  const fake = await startFakeSocial();
  const database = await postgres.fresh();
  const home = createTempHome();
  const processes: ServeProcess[] = [];
  const began = performance.now();
  try {
    const users = Array.from({ length: ACCOUNTS - 1 }, (_, i) => ({
      id: String(5001 + i),
      username: `bench_${i + 1}`,
    }));
    fake.state.seed({ users });
    const accounts = await preparePostgresHome(home, fake, {
      url: database.url,
      accounts: users.map((user, i) => ({ name: `a${String(i + 1).padStart(2, '0')}`, userId: user.id })),
      lines: ['[mcp_policy]', 'max_mutations_per_hour = 10000'],
    });
    const env = { ...home.env, APP_LOGGING__LEVEL: 'error' };
    const loaded = loadConfig({ env });
    if (!loaded.config) throw new Error(`config refused: ${JSON.stringify(loaded.issues)}`);
    // Composed as the dashboard would, scheduled a day ahead while no worker runs; once the workers are up
    // and settled, all are made due at one instant two seconds ahead.
    const app = await createApp({
      config: loaded.config,
      dataDir: home.dir,
      logger: createLogger({ level: 'silent' }),
      env,
    });
    const texts = new Set<string>();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    try {
      // The accounts side by side, each one's posts in order.
      await Promise.all(
        [...accounts.entries()].map(async ([a, account]) => {
          const deps = app.accounts.find((each) => each.id === account.id)?.deps;
          if (!deps) throw new Error(`no app for ${account.name}`);
          for (let n = 0; n < POSTS_PER_ACCOUNT; n++) {
            const text = `Post ${n + 1} of ${account.name} (${a}), bench of ${workers} workers.`;
            const result = (await invokeOperation(
              deps.forOperations,
              composeOperation,
              { content_type: 'tweet', content: text, scheduled_for: later },
              { actor: 'dashboard' },
            )) as { job_id?: number };
            if (typeof result.job_id !== 'number') throw new Error(`no job for ${text}`);
            texts.add(text);
          }
        }),
      );
    } finally {
      await app.close();
    }
    const seededMs = performance.now() - began;
    fake.faults.inject({ path: /.*/, times: -1, action: faultPresets.latency(PLATFORM_LATENCY_MS) });
    const seeded = new Set(fake.state.tweets.keys());
    processes.push(
      ...(await Promise.all(
        Array.from({ length: workers }, () => worker(env, ['--concurrency', CONCURRENCY])),
      )),
    );
    // A started worker takes the first turn of every account's every loop: the posts fall due once that is
    // done, so what is measured is posting, not starting.
    const settleMs = await settled(processes);
    const store = await openPostgres({ url: database.url, migrate: false });
    // wall clock: the due instant the workers' clocks (and the database's) see
    const due = Date.now() + LEAD_MS;
    try {
      await sql`update posting_jobs set scheduled_for = ${new Date(due).toISOString()}`.execute(store.db);
    } finally {
      await store.close();
    }
    const cpuAtDue = new Map(processes.map((w) => [w, cpuSeconds(w.child.pid)]));
    const posted = new Map<string, number>();
    for (;;) {
      for (const [id, tweet] of fake.state.tweets)
        if (!seeded.has(id) && texts.has(tweet.text)) posted.set(tweet.text, tweet.createdAt);
      if (posted.size === texts.size) break;
      // wall clock: a deadline for the wait
      if (Date.now() - due > DEADLINE_MS) {
        // What holds the rest: accounts with posts due whose posting-queue turn has no job any more, and
        // what the workers logged at error level.
        const check = await openPostgres({ url: database.url, migrate: false });
        try {
          const { rows } = await sql<{ account_id: string; n: number }>`select account_id, count(*) as n
            from posting_jobs where status <> 'posted' and not exists (select 1 from graphile_worker.jobs
              where key = 'turn:' || account_id || ':posting-queue') group by account_id`.execute(check.db);
          const errors = processes
            .flatMap((w) => w.output().split('\n'))
            .filter((line) => /"level":50|error/i.test(line))
            .slice(0, 5);
          throw new Error(
            `${posted.size} of ${texts.size} posts out after ${DEADLINE_MS / 1000} s; accounts with posts left ` +
              `and no posting-queue turn planned: ${rows.length} (${rows.reduce((sum, r) => sum + Number(r.n), 0)} posts); ` +
              `the workers' first errors: ${errors.join(' | ').slice(0, 2000) || 'none'}`,
          );
        } finally {
          await check.close();
        }
      }
      await sleep(100);
    }
    const copies = [...fake.state.tweets.values()].filter((t) => texts.has(t.text)).length;
    if (copies !== texts.size) throw new Error(`${copies} tweets for ${texts.size} posts`);
    const lateness = [...posted.values()].map((at) => at - due);
    // Per run: the platform requests, the workers' CPU time, the posts out per 5 s after the due instant,
    // and the machine's load (the figures only mean something beside it).
    const requests = new Map<string, number>();
    for (const r of fake.requests) {
      const route = `${r.method} ${r.path.replace(/\d+/g, ':id')}`;
      requests.set(route, (requests.get(route) ?? 0) + 1);
    }
    const cpu = processes.map((w) => cpuSeconds(w.child.pid) - (cpuAtDue.get(w) ?? 0));
    const buckets = Array.from({ length: Math.ceil(Math.max(...lateness) / 5000) }, (_, k) =>
      lateness.filter((x) => x >= k * 5000 && x < (k + 1) * 5000),
    ).map((bucket) => bucket.length);
    console.log(
      `  run: seeded in ${s(seededMs)}, workers settled in ${s(settleMs)}; requests ${JSON.stringify(Object.fromEntries(requests))}; ` +
        `CPU of the workers after the due instant ${cpu.map((c) => `${c.toFixed(1)} s`).join(' + ')}; posts per 5 s ${buckets.join(' ')}; ` +
        `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
    );
    return {
      totalMs: Math.max(...lateness),
      latenessP50: median(lateness),
      latenessP99: percentile(lateness, 99),
    };
  } finally {
    await Promise.all(processes.map(killHard));
    await fake.close();
    await database.drop();
    home.cleanup();
  }
}

async function posting(postgres: BenchPostgres): Promise<void> {
  const totals = new Map<number, number>();
  for (const workers of WORKER_COUNTS) {
    const runs: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      try {
        runs.push(await postingRun(postgres, workers));
      } catch (error) {
        console.log(`  run FAILED: ${(error as Error).message}`);
      }
    }
    if (runs.length === 0) continue;
    const total = median(runs.map((run) => run.totalMs));
    totals.set(workers, total);
    console.log(
      `${workers} worker${workers > 1 ? 's' : ' '} × --concurrency ${CONCURRENCY}: ${ACCOUNTS * POSTS_PER_ACCOUNT} due posts of ${ACCOUNTS} accounts out in ${s(total)} (median of ${ROUNDS}: ${runs.map((run) => s(run.totalMs)).join(', ')}); ` +
        `lateness median ${s(median(runs.map((run) => run.latenessP50)))}, p99 ${s(median(runs.map((run) => run.latenessP99)))}`,
    );
  }
  const one = totals.get(1) ?? 0;
  const ratio = (n: number) => one / (totals.get(n) ?? Number.NaN);
  console.log(
    `speed-up 1→2 workers ${ratio(2).toFixed(2)}× (target ≥ 1.8×: ${ratio(2) >= 1.8 ? 'ok' : 'MISSED'}), 1→4 workers ${ratio(4).toFixed(2)}×`,
  );
}

/** Each figure of a bench on both stores, and PG p99 / SQLite p99. */
async function bothStores(
  name: string,
  bench: (postgres?: BenchPostgres) => Promise<Figures>,
  postgres: BenchPostgres,
): Promise<void> {
  console.log(`\n## ${name} on SQLite`);
  const onSqlite = await bench();
  console.log(`\n## ${name} on Postgres`);
  const onPostgres = await bench(postgres);
  console.log(`\n## ${name}: Postgres beside SQLite (p50 / p99; ratio of the p99s, target ≤ 3×)`);
  for (const [figure, lite] of Object.entries(onSqlite)) {
    const pg = onPostgres[figure];
    if (!pg) continue;
    const ratio = pg.p99 / lite.p99;
    console.log(
      `${figure.padEnd(34)} SQLite ${lite.p50.toFixed(2)} / ${lite.p99.toFixed(2)} ms   Postgres ${pg.p50.toFixed(2)} / ${pg.p99.toFixed(2)} ms   ×${ratio.toFixed(2)} ${ratio <= 3 ? 'ok' : 'OVER TARGET'}`,
    );
  }
}

export async function benchWorkers(): Promise<void> {
  const postgres = await benchPostgres();
  console.log(`Postgres: ${postgres.label}`);
  try {
    if (!process.env.BENCH_WORKERS_PARTS || process.env.BENCH_WORKERS_PARTS === 'posting')
      await posting(postgres);
    // BENCH_WORKERS_PARTS: posting, stores (both benches), toolserver or autosave; unset: all.
    const parts = process.env.BENCH_WORKERS_PARTS;
    if (!parts || parts === 'stores' || parts === 'toolserver')
      await bothStores('tool server', benchToolServer, postgres);
    if (!parts || parts === 'stores' || parts === 'autosave')
      await bothStores('autosave', benchDrafts, postgres);
  } finally {
    await postgres.close();
  }
}
