// A worker process as the job-engine tests build it: a Scheduler per account over loops the test defines,
// its turns planned through graphile-worker (durableTurnDispatch) and taken by a job engine on its own
// pool. Used in the test process (several "processes" on separate pools) and by job-engine-child.ts.
import type { LoopDefinition } from '../../src/automation/loop-definition.js';
import { Scheduler } from '../../src/automation/scheduler.js';
import { type JobEngine, startJobEngine } from '../../src/infra/jobs/job-engine.js';
import { durableTurnDispatch } from '../../src/infra/jobs/turn-dispatch.js';
import { openPostgres, type PostgresDatabase } from '../../src/infra/postgres/open-postgres.js';

export type TestLoop = LoopDefinition<{ account: string }>;

export interface WorkerOptions {
  url: string;
  accounts: readonly string[];
  loops: readonly TestLoop[];
  concurrency?: number;
  heartbeatMs?: number;
  staleMs?: number;
  /** Plans each loop's first turn (a process that does not is a worker only). Default true. */
  start?: boolean;
}

export interface TestWorker {
  store: PostgresDatabase;
  engine: JobEngine;
  schedulers: Map<string, Scheduler<{ account: string }>>;
  stop(): Promise<void>;
}

const quiet = { info() {}, warn() {}, error() {} };

export async function startTestWorker(options: WorkerOptions): Promise<TestWorker> {
  const store = await openPostgres({ url: options.url, migrate: false });
  const schedulers = new Map(
    options.accounts.map((account) => [
      account,
      new Scheduler({
        deps: { account },
        loops: options.loops,
        mode: () => 'autopilot',
        logger: quiet,
        dispatch: durableTurnDispatch(store, account),
      }),
    ]),
  );
  const engine = await startJobEngine({
    store,
    concurrency: options.concurrency ?? 4,
    logger: quiet,
    heartbeatMs: options.heartbeatMs ?? 5000,
    staleMs: options.staleMs ?? 30_000,
    pollMs: 200,
    turn: async ({ account, loop }) => {
      const scheduler = schedulers.get(account);
      if (!scheduler) throw new Error(`no account ${account} here`);
      await scheduler.turn(loop);
    },
  });
  if (options.start ?? true) for (const scheduler of schedulers.values()) scheduler.start();
  return {
    store,
    engine,
    schedulers,
    async stop() {
      await Promise.all([...schedulers.values()].map((scheduler) => scheduler.stop()));
      await engine.stop();
      await store.close();
    },
  };
}
