// A worker process's job engine: graphile-worker running the loops' turns (turn-dispatch.ts) on the store's
// pool, with at most `concurrency` turns at once in this process. Every process that runs jobs says it is
// alive in worker_heartbeats every few seconds, and sweeps: a worker silent for longer than the threshold
// (killed, frozen, cut off) has what it locked released at once, so another process takes its turn within
// about `staleMs` plus a poll — graphile-worker alone would wait four hours.
//
// graphile-worker (0.17) locks a job and its queue under the id of the worker *pool*, not of the worker
// that runs it: the pool's id is what beats. Beating under the workers' ids made every turn longer than the
// threshold look abandoned: it was released while running, run again by another process, and its queue was
// left locked by that one for good (each completion unlocks only its own pool's lock), so that account's
// loop never ran again.
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import {
  Logger as GraphileLogger,
  type LogLevel,
  makeWorkerUtils,
  type Runner,
  run,
  type WorkerEvents,
} from 'graphile-worker';
import { sql } from 'kysely';
import type { PostgresDatabase } from '../postgres/open-postgres.js';
import { silentSince } from '../postgres/process-heartbeat.js';
import { jobSchemaReady, LOOP_TURN_TASK, type TurnPayload } from './turn-dispatch.js';

export interface JobEngineLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobEngineOptions {
  store: PostgresDatabase;
  /** Jobs this process runs at once (`app worker --concurrency`). */
  concurrency: number;
  /** Runs account `account`'s loop `loop` once (its scheduler's `turn`); rejects to have it run again later. */
  turn(payload: TurnPayload): Promise<void>;
  logger: JobEngineLogger;
  /** How often this process says it is alive and sweeps (default 5 s). */
  heartbeatMs?: number;
  /** Silence after which a worker is gone and its locks are released (default 30 s). */
  staleMs?: number;
  /** Puts back the planned turn of any loop that has none (every `ensureEveryMs`): answers how many. */
  ensureTurns?: () => Promise<number>;
  /** How often `ensureTurns` runs (default 10 s). */
  ensureEveryMs?: number;
  /** How often due jobs are looked for besides NOTIFY of new ones (default 1 s: the lateness of a due turn). */
  pollMs?: number;
}

export interface JobEngine {
  /** Waits for the turns in progress, then stops; its heartbeat goes with it. */
  stop(): Promise<void>;
  /** The ids this process's jobs are locked under (graphile-worker's worker pools). */
  workerIds(): string[];
}

/** graphile-worker's log lines into ours: its debug chatter dropped. */
function graphileLogger(logger: JobEngineLogger): GraphileLogger {
  return new GraphileLogger(() => (level: LogLevel, message: string, meta?: unknown) => {
    const fields = { jobEngine: true, ...(meta && typeof meta === 'object' ? meta : {}) };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else if (level === 'info') logger.info(fields, message);
  });
}

function isTurnPayload(value: unknown): value is TurnPayload {
  const payload = value as Partial<TurnPayload> | null;
  return typeof payload?.account === 'string' && typeof payload.loop === 'string';
}

export async function startJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const { store, logger } = options;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const staleMs = options.staleMs ?? 30_000;
  await jobSchemaReady(store);
  const ids = new Set<string>();
  const events: WorkerEvents = new EventEmitter();
  events.on('pool:create', ({ workerPool }) => {
    ids.add(workerPool.id);
    void beat().catch((error: unknown) => logger.warn({ err: error }, 'job engine: heartbeat failed'));
  });
  const utils = await makeWorkerUtils({ pgPool: store.pool, logger: graphileLogger(logger) });
  const me = `${hostname()}:${process.pid}`;

  /** This process's workers are alive, in the database's time. */
  const beat = async () => {
    for (const id of ids)
      await sql`insert into worker_heartbeats (worker_id, process) values (${id}, ${me})
        on conflict (worker_id) do update set seen_at = utc_now_iso()`.execute(store.db);
  };

  const stale = sql`now() - make_interval(secs => ${staleMs / 1000})`;
  const heardSince = silentSince(staleMs);

  /**
   * Releases what workers silent for longer than `staleMs` locked (jobs, and the queues that keep one turn
   * of a loop at a time), and forgets them. graphile-worker keeps queue locks in a table it calls private;
   * it is read here because a queue lock left behind stops that loop for good.
   */
  const sweep = async () => {
    const { rows } = await sql<{ id: string }>`select locked_by as id from graphile_worker._private_jobs
        where locked_by is not null and locked_at < ${stale}
      union
      select locked_by from graphile_worker._private_job_queues
        where locked_by is not null and locked_at < ${stale}
      except
      select worker_id from worker_heartbeats where seen_at >= ${heardSince}`.execute(store.db);
    const gone = rows.map((row) => row.id);
    if (gone.length > 0) {
      await utils.forceUnlockWorkers(gone);
      logger.warn({ workers: gone }, 'job engine: released the jobs of workers that stopped answering');
    }
    // A queue locked with none of its jobs locked by the same holder is held by nobody: a job and its queue
    // are locked in one statement and unlocked in one, so only a fault leaves one behind.
    const { numAffectedRows } = await sql`update graphile_worker._private_job_queues as q
      set locked_by = null, locked_at = null
      where q.locked_by is not null and q.locked_at < ${stale}
        and not exists (select 1 from graphile_worker._private_jobs j
          where j.job_queue_id = q.id and j.locked_by = q.locked_by)`.execute(store.db);
    if (Number(numAffectedRows ?? 0) > 0)
      logger.warn({ queues: Number(numAffectedRows) }, 'job engine: released queues no job held');
    // The silent workers that held nothing are forgotten too.
    await sql`delete from worker_heartbeats where worker_id = any(${gone}::text[])
      or seen_at < ${heardSince}`.execute(store.db);
  };

  /**
   * Drops the turns given up for good (a running turn whose key a new plan took over is marked so, and
   * when its process died it stays) and the queues nothing uses: graphile-worker's own clean-up.
   */
  const tidy = () => utils.cleanup({ tasks: ['DELETE_PERMAFAILED_JOBS', 'GC_JOB_QUEUES'] });

  const runner: Runner = await run({
    pgPool: store.pool,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: options.pollMs ?? 1000,
    logger: graphileLogger(logger),
    events,
    taskList: {
      [LOOP_TURN_TASK]: async (payload) => {
        if (!isTurnPayload(payload)) throw new Error('a loop turn without its account and loop');
        await options.turn(payload);
      },
    },
  });

  // The beat has a chain of its own: a slow sweep must never hold up the sign of life that keeps this
  // process's turns from being taken from it.
  let beating: Promise<void> = Promise.resolve();
  let ticking: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beating
      .then(beat)
      .catch((error: unknown) => logger.warn({ err: error }, 'job engine: heartbeat failed'));
    ticking = ticking
      .then(sweep)
      .catch((error: unknown) => logger.warn({ err: error }, 'job engine: sweep failed'));
  }, heartbeatMs);
  timer.unref();
  const { ensureTurns } = options;
  const checks = setInterval(() => {
    ticking = ticking
      .then(tidy)
      .catch((error: unknown) => logger.warn({ err: error }, 'job engine: tidying the jobs failed'));
    if (ensureTurns)
      ticking = ticking
        .then(ensureTurns)
        .then((restored) => {
          if (restored > 0)
            logger.warn({ restored }, 'job engine: planned again the turns of loops that had none');
        })
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'job engine: checking the planned turns failed'),
        );
  }, options.ensureEveryMs ?? 10_000);
  checks.unref();

  let stopping: Promise<void> | undefined;
  return {
    workerIds: () => [...ids],
    stop() {
      stopping ??= (async () => {
        clearInterval(timer);
        clearInterval(checks);
        await Promise.all([beating, ticking]);
        await runner.stop();
        await sql`delete from worker_heartbeats where worker_id = any(${[...ids]}::text[])`
          .execute(store.db)
          .catch(() => undefined);
        await utils.release();
      })();
      return stopping;
    },
  };
}
