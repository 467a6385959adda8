// The one composition root: every face (CLI, HTTP, tool server, loops) gets its dependencies from here.
import type { Config } from '../contracts/config/config.js';
import { runnableSources } from '../core/domain/config-rules.js';
import { type Clock, systemClock } from '../core/ports/clock.js';
import { type DataPaths, dataPaths } from '../infra/config/config-paths.js';
import type { Logger } from '../infra/logging/create-logger.js';
import { packageVersion } from '../infra/package-root.js';
import { type AppDatabase, openDatabase } from '../infra/sqlite/open-database.js';

export interface AppDeps {
  config: Readonly<Config>;
  paths: DataPaths;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
  version: string;
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
  const deps: AppDeps = {
    config,
    paths,
    database,
    logger,
    clock: options.clock ?? systemClock,
    version: packageVersion(),
  };
  return { deps, close: () => database.close() };
}
