// The loops' turns on graphile-worker over a real Postgres: several processes (separate pools) share the
// turns of several accounts' loops, never running one account's loop twice at once, each loop keeping its
// interval; a process killed mid-turn has its turn taken by another once its heartbeat goes stale; a
// process that stops cleanly leaves its planned turns to the others.
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureTurnsPlanned } from '../../src/infra/jobs/turn-dispatch.js';
import { openPostgres } from '../../src/infra/postgres/open-postgres.js';
import { freshPostgres } from '../support/stores.js';
import { startTestWorker, type TestLoop, type TestWorker } from '../support/turn-world.js';

const CHILD = new URL('../support/job-engine-child.ts', import.meta.url).pathname;
/** How long a wait for the database to reach a state may take (vi.waitFor's default is 1 s). */
const WAIT = { timeout: 10_000, interval: 50 };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<string> {
  const made = await freshPostgres();
  cleanups.push(() => made.drop());
  return made.url;
}

async function worker(options: Parameters<typeof startTestWorker>[0]): Promise<TestWorker> {
  const started = await startTestWorker(options);
  cleanups.push(() => started.stop());
  return started;
}

interface Turn {
  process: string;
  account: string;
  loop: string;
  start: number;
  end: number;
}

/** Loops that record their turns, and note it when an account's loop runs twice at once. */
function recordingLoops(process: string, turns: Turn[], running: Set<string>, twice: string[]): TestLoop[] {
  return ['alpha', 'beta'].map((name) => ({
    name,
    modes: ['autopilot'],
    intervalMs: () => 150,
    run: async ({ account }) => {
      const key = `${account}:${name}`;
      if (running.has(key)) twice.push(`${key} ran twice at once`);
      running.add(key);
      // wall clock: the engine processes and their turns run on real time
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 40));
      running.delete(key);
      // wall clock: the engine processes and their turns run on real time
      turns.push({ process, account, loop: name, start, end: Date.now() });
    },
  }));
}

describe('loop turns on the job engine', () => {
  it('shares the turns of three accounts’ loops between two processes, one turn of a loop at a time', async () => {
    const url = await database();
    const turns: Turn[] = [];
    const running = new Set<string>();
    const overlaps: string[] = [];
    const accounts = ['a1', 'a2', 'a3'];
    const first = await worker({
      url,
      accounts,
      loops: recordingLoops('first', turns, running, overlaps),
      concurrency: 2,
    });
    const second = await worker({
      url,
      accounts,
      loops: recordingLoops('second', turns, running, overlaps),
      concurrency: 2,
    });
    await vi.waitFor(
      () => {
        for (const account of accounts)
          for (const loop of ['alpha', 'beta'])
            expect(
              turns.filter((t) => t.account === account && t.loop === loop).length,
            ).toBeGreaterThanOrEqual(6);
      },
      { timeout: 20_000, interval: 100 },
    );
    await first.stop();
    await second.stop();
    const check = await startTestWorker({ url, accounts: [], loops: [], start: false });
    cleanups.push(() => check.stop());
    // One loop's turns never overlap, and each waits its interval after the last.
    for (const account of accounts)
      for (const loop of ['alpha', 'beta']) {
        const mine = turns
          .filter((t) => t.account === account && t.loop === loop)
          .sort((a, b) => a.start - b.start);
        for (let i = 1; i < mine.length; i++) {
          const gap = (mine[i] as Turn).start - (mine[i - 1] as Turn).end;
          if (gap < 140) overlaps.push(`${account}:${loop} turn ${i} began ${gap} ms after the one before`);
        }
      }
    expect(overlaps).toEqual([]);
    // Both processes took turns.
    expect(new Set(turns.map((t) => t.process))).toEqual(new Set(['first', 'second']));
    // One planned turn per account and loop is left, whoever planned it last.
    const { rows } = await sql<{ key: string; n: number }>`select key, count(*) as n from graphile_worker.jobs
      group by key order by key`.execute(check.store.db);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });

  it('keeps a turn longer than the stale threshold with its live process: never run twice, the loop going on', async () => {
    const url = await database();
    const turns: Turn[] = [];
    const running = new Set<string>();
    const overlaps: string[] = [];
    // Each turn takes 1.5 s, three times the threshold; both processes sweep every 0.1 s.
    const slowLoops = (process: string): TestLoop[] => [
      {
        name: 'slow',
        modes: ['autopilot'],
        intervalMs: () => 50,
        run: async ({ account }) => {
          const key = `${account}:slow`;
          if (running.has(key)) overlaps.push(`${key} ran twice at once (in ${process})`);
          running.add(key);
          // wall clock: the engine processes and their turns run on real time
          const start = Date.now();
          await new Promise((resolve) => setTimeout(resolve, 1500));
          running.delete(key);
          // wall clock: the engine processes and their turns run on real time
          turns.push({ process, account, loop: 'slow', start, end: Date.now() });
        },
      },
    ];
    const options = { url, accounts: ['acct'], heartbeatMs: 100, staleMs: 500, concurrency: 2 };
    await worker({ ...options, loops: slowLoops('first') });
    await worker({ ...options, loops: slowLoops('second') });
    // Four turns one after another: a turn taken from its live process would run beside it, and its queue
    // would stay locked after (the loop stopping for good).
    await vi.waitFor(() => expect(turns.length).toBeGreaterThanOrEqual(4), {
      timeout: 20_000,
      interval: 100,
    });
    expect(overlaps).toEqual([]);
    const sorted = [...turns].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++)
      expect((sorted[i] as Turn).start).toBeGreaterThanOrEqual((sorted[i - 1] as Turn).end);
  });

  it('gives the turn of a process killed mid-turn to another once its heartbeat is stale', async () => {
    const url = await database();
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(async () => {
      child.kill('SIGKILL');
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await vi.waitFor(() => expect(output).toContain('STARTED'), { timeout: 20_000, interval: 50 });
    const killed = new Promise((resolve) => child.on('exit', resolve));
    // wall clock: the engine processes and their turns run on real time
    const killedAt = Date.now();
    child.kill('SIGKILL');
    await killed;

    const taken: number[] = [];
    const survivor = await worker({
      url,
      accounts: ['acct'],
      start: false,
      heartbeatMs: 300,
      staleMs: 2000,
      loops: [
        {
          name: 'stuck',
          modes: ['autopilot'],
          intervalMs: () => 60_000,
          run: async () => {
            // wall clock: the engine processes and their turns run on real time
            taken.push(Date.now());
          },
        },
      ],
    });
    // The stale threshold (2 s) plus a sweep (0.3 s) and a poll (0.2 s); 15 s is a generous bound.
    await vi.waitFor(() => expect(taken).toHaveLength(1), { timeout: 15_000, interval: 50 });
    // Not before the dead worker's heartbeat went stale (its last beat was at most 0.3 s before the kill).
    expect((taken[0] as number) - killedAt).toBeGreaterThanOrEqual(1500);
    // The dead process's heartbeats are gone (the worker that held the turn, and its idle ones).
    await vi.waitFor(async () => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from worker_heartbeats
        where worker_id <> all(${survivor.engine.workerIds()}::text[])`.execute(survivor.store.db);
      expect(rows[0]?.n).toBe(0);
    }, WAIT);
    // Its next turn is planned (a minute on), and nothing else is, once the survivor's turn has ended.
    await vi.waitFor(async () => {
      const { rows: planned } = await sql<{
        key: string;
        locked: boolean;
      }>`select key, locked_at is not null as locked
        from graphile_worker.jobs`.execute(survivor.store.db);
      expect(planned).toEqual([{ key: 'turn:acct:stuck', locked: false }]);
    }, WAIT);
  });

  it('releases a loop’s queue left locked with none of its jobs running, so the loop runs again', async () => {
    const url = await database();
    // A store only (a test worker would take the turn, for an account it does not know).
    const check = { store: await openPostgres({ url, migrate: false }) };
    cleanups.push(() => check.store.close());
    await ensureTurnsPlanned(check.store, [{ account: 'acct', loop: 'held' }]);
    // The fault: the loop's queue locked by a process that is alive but runs none of its jobs.
    await sql`update graphile_worker._private_job_queues set locked_by = 'ghost',
      locked_at = now() - interval '1 minute'`.execute(check.store.db);
    const alive = setInterval(() => {
      void sql`insert into worker_heartbeats (worker_id, process) values ('ghost', 'elsewhere:1')
        on conflict (worker_id) do update set seen_at = utc_now_iso()`.execute(check.store.db);
    }, 100);
    cleanups.push(async () => clearInterval(alive));
    const taken: string[] = [];
    await worker({
      url,
      accounts: ['acct'],
      start: false,
      heartbeatMs: 100,
      staleMs: 500,
      loops: [
        {
          name: 'held',
          modes: ['autopilot'],
          intervalMs: () => 60_000,
          run: async ({ account }) => {
            taken.push(account);
          },
        },
      ],
    });
    await vi.waitFor(() => expect(taken).toEqual(['acct']), { timeout: 10_000, interval: 50 });
  });
});
