// The one runtime of a long-running process (`app serve`, `app mcp serve`): builds the app, runs the
// always-on loops, keeps the config live (the file is watched; a valid change applies without a restart,
// an invalid one is reported and the last good config kept), and starts and stops the process's parts
// (the HTTP server, a tool-server transport) in order.

import type { Config } from '../contracts/config/config.js';
import { restartReason } from '../contracts/settings.js';
import { formatIssue } from '../core/domain/config-issue.js';
import { createConfigWatcher } from '../infra/config/config-watcher.js';
import type { LoadConfigOptions, LoadedConfig } from '../infra/config/load-config.js';
import { createSettingsStore } from '../infra/config/settings-store.js';
import { type JobEngine, startJobEngine } from '../infra/jobs/job-engine.js';
import { ensureTurnsPlanned } from '../infra/jobs/turn-dispatch.js';
import { createLogger } from '../infra/logging/create-logger.js';
import { clockAtFrom } from '../infra/process/clock-at.js';
import { crashPointFrom } from '../infra/process/crash-points.js';
import { type App, createApp } from './wiring/create-app.js';

/** A long-lived piece of the process, started after the app and stopped before it. */
export interface RuntimePart {
  name: string;
  start(app: App): Promise<void>;
  stop(): Promise<void>;
  /** A reloaded config (after the app has it): a part that depends on settings adjusts itself. */
  onConfig?(config: Readonly<Config>): Promise<void>;
}

/**
 * The note sources (folders, drive), run by the service: their first scans run in the background (a large
 * vault must not hold up the server), and they restart when the sources change in the config.
 */
export function sourcesPart(): RuntimePart {
  let app: App | undefined;
  let starting: Promise<unknown> | undefined;
  // Each account's sources, with its own settings (an account may set its own content sources).
  const each = (run: (deps: App['deps']) => Promise<void>) =>
    Promise.all((app?.accounts ?? []).map(({ deps }) => run(deps)));
  return {
    name: 'sources',
    async start(started) {
      app = started;
      starting = each((deps) =>
        deps.sources.start(deps.config).catch((error: unknown) => {
          deps.logger.error({ err: error }, 'content sources failed to start');
        }),
      );
    },
    async stop() {
      await starting;
      await each((deps) => deps.sources.stop());
    },
    async onConfig() {
      await starting;
      await each((deps) => deps.sources.apply(deps.config));
    },
  };
}

export interface RuntimeOptions {
  /** How the config was loaded at start: the watcher and the settings API reload the file the same way. */
  load: LoadConfigOptions;
  loaded: LoadedConfig & { config: Readonly<Config> };
  /** Where log lines go: stdout, or stderr when stdout carries a protocol (`app mcp serve`). */
  logTo: 'stdout' | 'stderr';
  env: Record<string, string | undefined>;
  /** Arms the crash points named by APP_CRASH_AT (a test instrument of `app serve`; see crash-points.ts). */
  crashPoints?: boolean;
  parts: readonly RuntimePart[];
  /** Runs the autonomous loops (discovery, …): `app serve` does; the tool server leaves them to it. */
  autopilot?: boolean;
  /**
   * Whether this process takes background work: on SQLite its loops run here on timers; on Postgres its job
   * engine takes turns of every account's loops (`concurrency` at once). False (`app serve --no-workers`):
   * none here; on Postgres the loops are still planned, for the workers to take.
   */
  work?: { concurrency: number } | false;
}

/** Turns a worker process takes at once unless told (`app worker --concurrency`). */
export const DEFAULT_WORKER_CONCURRENCY = 4;

/** The job engine of a process on Postgres: any account's loop turns, given to its scheduler. */
async function startEngine(app: App, concurrency: number, logger: ReturnType<typeof createLogger>) {
  const { store } = app;
  if (store.dialect !== 'postgres') return undefined;
  const staleMs = (app.deps.config.storage.worker_release_after_seconds ?? 30) * 1000;
  return startJobEngine({
    store,
    concurrency,
    staleMs,
    // Several heartbeats fit in the silence that releases a worker, so a slow one is never taken for gone.
    heartbeatMs: Math.min(5000, Math.floor(staleMs / 3)),
    logger,
    // The loops this process starts, for each account: one lost its planned turn, it gets one again.
    ensureTurns: () =>
      ensureTurnsPlanned(
        store,
        app.accounts.flatMap((account) =>
          account.startedLoops.map((loop) => ({ account: account.id, loop })),
        ),
      ),
    turn: async ({ account, loop }) => {
      const found = app.accounts.find((each) => each.id === account);
      // An account this process does not run yet (added since it started): the engine tries again later.
      if (!found) throw new Error(`account ${account} is not one this process runs`);
      await found.loops.turn(loop);
    },
  });
}

export interface Runtime {
  app: App;
  /** Stops the parts (newest first), the loops, the config watcher, then storage. Idempotent. */
  stop(why: string): Promise<void>;
  /**
   * A command's process (`app serve`, `app worker`, `app mcp serve`): it stays up until stop() (SIGINT and
   * SIGTERM call it).
   */
  stopOnSignals(): void;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { loaded, env } = options;
  const logger = createLogger({
    level: loaded.config.logging.level,
    ...(options.logTo === 'stderr' ? { destination: process.stderr } : {}),
  });
  for (const issue of loaded.issues) logger.warn(formatIssue(issue));
  const crashPoint = options.crashPoints ? crashPointFrom(env.APP_CRASH_AT) : undefined;
  if (crashPoint) logger.warn(`APP_CRASH_AT=${env.APP_CRASH_AT}: this process will kill itself there`);
  const clock = clockAtFrom(env.APP_CLOCK_AT);
  if (clock)
    logger.warn(`APP_CLOCK_AT=${env.APP_CLOCK_AT}: this process's clock started there, not at the real time`);
  // A change made through this process's settings API applies before the answer, not at the file event.
  let applyWritten: (() => void) | undefined;
  const app = await createApp({
    config: loaded.config,
    dataDir: loaded.paths.dataDir,
    logger,
    env,
    settings: createSettingsStore(options.load, { afterWrite: () => applyWritten?.() }),
    ...(crashPoint ? { crashPoint } : {}),
    ...(clock ? { clock } : {}),
    loops: { autopilot: options.autopilot === true },
  });
  const watcher = createConfigWatcher({
    load: options.load,
    initial: loaded,
    onChange: ({ config, changed, issues }) => {
      app.setConfig(config);
      for (const part of started) {
        void part
          .onConfig?.(config)
          .catch((error: unknown) => logger.error({ err: error, part: part.name }, 'config apply failed'));
      }
      for (const issue of issues) logger.warn(formatIssue(issue));
      const waiting = changed.filter((key) => restartReason(key) !== undefined);
      logger.info({ changed }, 'config reloaded');
      if (waiting.length > 0) {
        logger.warn({ keys: waiting }, 'these settings apply after a restart; the rest applies now');
      }
    },
    onInvalid: (issues) => {
      logger.warn(
        `config file refused; keeping the last good config:\n${issues.map(formatIssue).join('\n')}`,
      );
    },
    onError: (error) => logger.error({ err: error }, 'config reload failed'),
  });
  applyWritten = () => watcher.reloadNow();
  const started: RuntimePart[] = [];
  let engine: JobEngine | undefined;
  let stopping: Promise<void> | undefined;
  let holdOpen: NodeJS.Timeout | undefined;
  const stop = (why: string) => {
    stopping ??= (async () => {
      logger.info({ why }, 'stopping');
      watcher.stop();
      // Parts first (the HTTP server drains its requests), then the loops finish their writes: the job
      // engine waits for the turns it took, whose next turns stay planned for the other workers.
      for (const part of [...started].reverse()) {
        await part.stop().catch((error) => logger.error({ err: error, part: part.name }, 'stop failed'));
      }
      await engine?.stop().catch((error) => logger.error({ err: error }, 'job engine stop failed'));
      await Promise.all(app.accounts.map((account) => account.loops.stop()));
      await app.close();
    })().finally(() => clearInterval(holdOpen));
    return stopping;
  };
  try {
    for (const part of options.parts) {
      await part.start(app);
      started.push(part);
    }
  } catch (error) {
    await stop('a part failed to start');
    throw error;
  }
  const durable = app.store.dialect === 'postgres';
  // On Postgres the tool server (`app mcp serve`, started by an agent) only plans turns: the service's
  // processes (`app serve` unless --no-workers, `app worker`) take them.
  const takesTurns = options.work !== false && (options.work !== undefined || options.autopilot === true);
  if (durable ? takesTurns : options.work !== false) {
    engine = await startEngine(
      app,
      options.work ? options.work.concurrency : DEFAULT_WORKER_CONCURRENCY,
      logger,
    ).catch(async (error: unknown) => {
      await stop('the job engine failed to start');
      throw error;
    });
  }
  if (durable || options.work !== false) for (const account of app.accounts) account.startLoops();
  watcher.start();
  const stopOnSignals = () => {
    // The loops' timers are unref'd and `app worker` on SQLite listens on nothing: without a ref'd handle
    // its process ended by itself once idle, and a SIGTERM in that instant met the default action.
    holdOpen = setInterval(() => undefined, 2 ** 31 - 1);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal));
  };
  return { app, stop, stopOnSignals };
}
