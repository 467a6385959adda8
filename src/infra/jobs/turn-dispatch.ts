// The loops' turns as graphile-worker jobs on Postgres: one job per account and loop (its job key), in a
// queue of its own (so at most one turn of an account's loop runs at a time, in any process), due at a
// time the database reckons (`now()` plus the delay: a process whose clock is off plans nothing early).
import { Logger as GraphileLogger, runMigrations } from 'graphile-worker';
import { sql } from 'kysely';
import type { TurnDispatch } from '../../core/ports/turn-dispatch.js';
import type { PostgresDatabase } from '../postgres/open-postgres.js';

export const LOOP_TURN_TASK = 'loop_turn';

export interface TurnPayload {
  account: string;
  loop: string;
}

/**
 * A turn must never be given up: graphile-worker retries a failed job with exponential back-off (capped
 * near six hours) up to its max attempts, and a turn that fails only when its process is stopping or does
 * not know the account yet. The most a smallint holds.
 */
const TURN_ATTEMPTS = 32_767;

/** The job key and queue of an account's loop. */
export const turnKey = (account: string, loop: string) => `turn:${account}:${loop}`;

const schemas = new WeakMap<PostgresDatabase, Promise<void>>();

/** graphile-worker's own schema (`graphile_worker`), installed or brought up to date once per store. */
export function jobSchemaReady(store: PostgresDatabase): Promise<void> {
  let ready = schemas.get(store);
  if (!ready) {
    ready = runMigrations({ pgPool: store.pool, logger: silentLogger() });
    ready.catch(() => schemas.delete(store));
    schemas.set(store, ready);
  }
  return ready;
}

/** Installing its schema, graphile-worker would log to the console; what it says there we do not need. */
const silentLogger = () => new GraphileLogger(() => () => undefined);

/** Tries `work` up to START_ATTEMPTS times, a second more between tries each time. */
const START_ATTEMPTS = 5;
async function retried(work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= START_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
    }
  }
}

export function durableTurnDispatch(store: PostgresDatabase, accountId: string): TurnDispatch {
  // One loop's plans are recorded in the order they were asked: the last one asked is the one that stays.
  const chains = new Map<string, Promise<void>>();
  const add = async (loop: string, delayMs: number, mode: 'replace' | 'preserve_run_at') => {
    await jobSchemaReady(store);
    const key = turnKey(accountId, loop);
    const payload = JSON.stringify({ account: accountId, loop } satisfies TurnPayload);
    await sql`select graphile_worker.add_job(${LOOP_TURN_TASK}, ${payload}::json, queue_name => ${key},
      run_at => now() + make_interval(secs => ${Math.max(0, delayMs) / 1000}),
      max_attempts => ${TURN_ATTEMPTS}, job_key => ${key}, job_key_mode => ${mode})`.execute(store.db);
  };
  const inOrder = (loop: string, work: () => Promise<void>) => {
    const next = (chains.get(loop) ?? Promise.resolve()).catch(() => undefined).then(work);
    chains.set(loop, next);
    return next;
  };
  return {
    plan: (name, delayMs) => inOrder(name, () => add(name, delayMs, 'replace')),
    async start(names) {
      // A turn another process planned keeps its time: processes starting do not pull every loop forward.
      // One loop after another: a starting process plans every account's loops, and all at once they
      // queued for the pool past its connection timeout. A plan that failed is tried again, since
      // nothing else would: the loop would have no turn until a process starts again.
      for (const name of names) await inOrder(name, () => retried(() => add(name, 0, 'preserve_run_at')));
    },
  };
}

/**
 * Plans a turn, due now, for each account's loop that has none planned or running: a loop whose job was
 * lost (a turn that ended without its next one recorded, whatever the cause) comes back within one sweep,
 * and a loop that has its job keeps it untouched. One statement for all of them.
 */
export async function ensureTurnsPlanned(
  store: PostgresDatabase,
  turns: readonly TurnPayload[],
): Promise<number> {
  if (turns.length === 0) return 0;
  await jobSchemaReady(store);
  const keys = turns.map(({ account, loop }) => turnKey(account, loop));
  const payloads = turns.map((turn) => JSON.stringify(turn));
  const { rows } = await sql<{ key: string }>`select k.key from unnest(${keys}::text[], ${payloads}::text[])
      as k(key, payload)
    cross join lateral (select graphile_worker.add_job(${LOOP_TURN_TASK}, k.payload::json, queue_name => k.key,
      max_attempts => ${TURN_ATTEMPTS}, job_key => k.key, job_key_mode => 'preserve_run_at')) added
    where not exists (select 1 from graphile_worker.jobs j where j.key = k.key)`.execute(store.db);
  return rows.length;
}
