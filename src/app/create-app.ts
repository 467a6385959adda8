// The one composition root: every face (CLI, HTTP, tool server, loops) gets its dependencies from here.

import { DEFAULT_ACCOUNT_ID } from '../contracts/account.js';
import type { Config } from '../contracts/config/config.js';
import { runnableSources } from '../core/domain/config-rules.js';
import { type Clock, systemClock } from '../core/ports/clock.js';
import { type DataPaths, dataPaths } from '../infra/config/config-paths.js';
import type { Logger } from '../infra/logging/create-logger.js';
import { packageVersion } from '../infra/package-root.js';
import { createSocialBackend, type SocialBackend } from '../infra/social/create-social-backend.js';
import { type AppDatabase, openDatabase } from '../infra/sqlite/open-database.js';
import { ApiUsageRepository } from '../infra/sqlite/repositories/api-usage-repository.js';

export interface AppDeps {
  config: Readonly<Config>;
  paths: DataPaths;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
  version: string;
  accountId: string;
  apiUsage: ApiUsageRepository;
  social: SocialBackend;
}

export interface App {
  deps: AppDeps;
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
}

export function createApp(options: CreateAppOptions): App {
  const { config, logger } = options;
  const paths = dataPaths(config, options.dataDir, options.env);
  const database = openDatabase({ path: paths.dbPath });
  // Sources the deployment mode does not allow stay in the config but never run.
  for (const skipped of runnableSources(config).skipped) {
    if (skipped.reason !== 'disabled')
      logger.warn({ source: skipped.index }, `content source skipped: ${skipped.reason}`);
  }
  const clock = options.clock ?? systemClock;
  const apiUsage = new ApiUsageRepository(database, DEFAULT_ACCOUNT_ID, clock);
  const social = createSocialBackend({
    config,
    tokensPath: paths.tokensPath,
    scraperSessionPath: paths.scraperSessionPath,
    clock,
    usage: apiUsage,
    sleep: options.sleep,
    random: options.random,
  });
  const deps: AppDeps = {
    config,
    paths,
    database,
    logger,
    clock,
    version: packageVersion(),
    accountId: DEFAULT_ACCOUNT_ID,
    apiUsage,
    social,
  };
  return { deps, close: () => database.close() };
}
