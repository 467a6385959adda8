// Whether the process behind a claim is alive, on Postgres: a claimant may run on another machine, where
// its pid means nothing, so every process of a Postgres deployment (API nodes and the tool server too:
// they post at once for an agent) says it is alive in `worker_heartbeats`, and a claim whose process has
// been silent for the release threshold is taken over by another — within that bound, not the half hour
// a claim from another host waits on SQLite (process-owner.ts).
import { sql } from 'kysely';
import type { PostgresDatabase } from './open-postgres.js';

export interface ProcessHeartbeat {
  /** Whether `claimant` (another process's owner) has been silent past the threshold, or never beat. */
  gone(claimant: string): Promise<boolean>;
  /** Stops beating and removes this process's row (a drained process is gone at once). */
  stop(): Promise<void>;
}

/** The row of a process's owner, apart from the job engine's workers (which beat under their own ids). */
const rowOf = (owner: string) => `process:${owner}`;

/** The instant `ms` before this statement, as `worker_heartbeats.seen_at` writes it: a beat before it is stale. */
export const silentSince = (
  ms: number,
) => sql`to_char((statement_timestamp() - make_interval(secs => ${ms / 1000}))
  at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function startProcessHeartbeat(
  store: PostgresDatabase,
  owner: string,
  options: { staleMs: number; log: { warn(obj: object, msg: string): void } },
): Promise<ProcessHeartbeat> {
  const { staleMs } = options;
  const process = owner.split(':').slice(0, 2).join(':');
  const beat = () =>
    sql`insert into worker_heartbeats (worker_id, process) values (${rowOf(owner)}, ${process})
      on conflict (worker_id) do update set seen_at = utc_now_iso()`.execute(store.db);
  // Before this process claims anything, its row is there: a claim is never without its heartbeat.
  await beat();
  let beating: Promise<unknown> = Promise.resolve();
  // Several beats fit in the threshold, so a busy process is never taken for gone.
  const timer = setInterval(
    () => {
      beating = beating
        .then(beat)
        .catch((error: unknown) => options.log.warn({ err: error }, 'process heartbeat failed'));
    },
    Math.min(5000, Math.floor(staleMs / 3)),
  );
  timer.unref();
  return {
    async gone(claimant) {
      if (claimant === owner) return false;
      const { rows } = await sql<{ n: number }>`select count(*) as n from worker_heartbeats
        where worker_id = ${rowOf(claimant)} and seen_at >= ${silentSince(staleMs)}`.execute(store.db);
      return Number(rows[0]?.n ?? 0) === 0;
    },
    async stop() {
      clearInterval(timer);
      await beating;
      await sql`delete from worker_heartbeats where worker_id = ${rowOf(owner)}`
        .execute(store.db)
        .catch(() => undefined);
    },
  };
}
