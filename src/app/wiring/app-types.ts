// The shapes the composition root hands out (an account's parts, the app) and takes (its options), apart
// from createApp so that account-app.ts can name them without importing it.
import type { LoopDeps } from '../../automation/loop-deps.js';
import type { Scheduler } from '../../automation/scheduler.js';
import type { Config } from '../../contracts/config/config.js';
import type { PublisherDeps } from '../../core/gateway/publisher-deps.js';
import type { Clock } from '../../core/ports/clock.js';
import type { SettingsStore } from '../../core/ports/settings-store.js';
import type { Logger } from '../../infra/logging/create-logger.js';
import type { Store } from '../../infra/storage/store.js';
import type { AppDeps } from './app-deps.js';
import type { LoopSchedulerOptions } from './loop-scheduler.js';

/** One account of the service: its name in the config, its row's id, its parts and its loops. */
export interface AccountApp {
  name: string;
  id: string;
  isDefault: boolean;
  deps: AppDeps;
  /** The account's loops (started and stopped by the process's runtime; a bare app never starts them). */
  loops: Scheduler<LoopDeps>;
  /** Starts the loops this process runs (the runtime calls it once). */
  startLoops(): void;
  /** The loops `startLoops` starts (on Postgres: whose turns this process keeps planned). */
  startedLoops: readonly string[];
}

export interface App {
  /** The default account's parts: what every face uses when no account is named. */
  deps: AppDeps;
  /** The default account's loops. */
  loops: Scheduler<LoopDeps>;
  /** Every account of the config, the default one first. */
  accounts: readonly AccountApp[];
  /** The store the accounts share (SQLite, or Postgres with `[storage] url`). */
  store: Store;
  /** Moves everything that applies live to a reloaded config (what applies only at start keeps its value). */
  setConfig(config: Readonly<Config>): void;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  config: Readonly<Config>;
  dataDir: string;
  logger: Logger;
  clock?: Clock;
  env?: Record<string, string | undefined>;
  /** Injected waits and randomness (back-off, processing polls) for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Crash tests only: called at each step of posting a card (see infra/process/crash-points.ts). */
  crashPoint?: PublisherDeps['crashPoint'];
  /** The settings store over the file and env/flags this config was loaded from (infra/config/settings-store). */
  settings?: SettingsStore;
  /** Which loops this process would run, and on what timers (default: the always-on ones, real time). */
  loops?: LoopSchedulerOptions;
}
