// The one composition root: every face (CLI, HTTP, tool server, loops) gets its dependencies from here;
// each account's parts are built in account-app.ts, the shapes it hands out are in app-types.ts.
import { accountNames } from '../../core/domain/account-settings.js';
import { systemClock } from '../../core/ports/clock.js';
import { dataPaths } from '../../infra/config/config-paths.js';
import { durableTurnDispatch } from '../../infra/jobs/turn-dispatch.js';
import { databaseClock } from '../../infra/postgres/database-clock.js';
import { startProcessHeartbeat } from '../../infra/postgres/process-heartbeat.js';
import { ownerGone, processOwner } from '../../infra/process/process-owner.js';
import { AccountRepository } from '../../infra/sqlite/repositories/account-repository.js';
import { createAccountApp, type Shared } from './account-app.js';
import { retireRemoved } from './account-live.js';
import type { AccountDirectory } from './app-deps.js';
import { openConfiguredStore } from './platform-state.js';

export type { AppDeps } from './app-deps.js';

export type { AccountApp, App, CreateAppOptions } from './app-types.js';

import type { AccountApp, App, CreateAppOptions } from './app-types.js';

export async function createApp(options: CreateAppOptions): Promise<App> {
  // What applies only at start (paths, the platform client, the database) reads `config`; everything that
  // applies live reads `cfg()`, which `setConfig` moves to a reloaded file (see RESTART_REQUIRED_SETTINGS).
  const config = options.config;
  let current = options.config;
  const paths = dataPaths(config, options.dataDir, options.env);
  const store = await openConfiguredStore(config, paths.dbPath);
  const database = store;
  // Postgres: several processes compare due times written by each other, so they all read the database's
  // time (this process's clock corrected by the offset it measures), and plan turns on the job engine.
  const local = options.clock ?? systemClock;
  const clock =
    store.dialect === 'postgres'
      ? await databaseClock(store, () => local.now().getTime()).catch(async (error: unknown) => {
          await store.close();
          throw error;
        })
      : undefined;
  const owner = processOwner();
  const heartbeat =
    store.dialect === 'postgres'
      ? await startProcessHeartbeat(store, owner, {
          staleMs: (config.storage.worker_release_after_seconds ?? 30) * 1000,
          log: options.logger,
        })
      : undefined;
  const now = clock ?? local;
  const shared: Shared = {
    options,
    paths,
    database,
    clock: now,
    owner,
    ownerGone: heartbeat
      ? (claimant) => heartbeat.gone(claimant)
      : (claimant, startedAt) => ownerGone(owner, claimant, startedAt, now.now()),
    ...(store.dialect === 'postgres'
      ? { dispatch: (accountId: string) => durableTurnDispatch(store, accountId) }
      : {}),
    cfg: () => current,
  };
  // Accounts are those of the config at start; one added later runs after a restart.
  const ids = await new AccountRepository(database)
    .ensure(accountNames(config))
    .catch(async (error: unknown) => {
      clock?.stop();
      await heartbeat?.stop();
      await database.close();
      throw error;
    });
  // Each account's deps carry the directory; it reads the list once every account is built.
  let accounts: AccountApp[] = [];
  const retiring = new Map<string, Promise<void>>();
  const directory: AccountDirectory = {
    list: () => accounts,
    get: (name) => accounts.find((account) => account.name === name)?.deps,
    retire: (name) => {
      const found = accounts.find((account) => account.name === name && !account.isDefault);
      if (found) {
        accounts = accounts.filter((account) => account !== found);
        retiring.set(
          name,
          Promise.all([
            found.deps.telemetry
              .flush()
              .catch((error: unknown) => options.logger.warn({ err: error }, 'telemetry write failed')),
            found.loops.stop(),
            found.deps.sources.stop(),
          ]).then(() => {}),
        );
      }
      return retiring.get(name) ?? Promise.resolve();
    },
  };
  accounts = [...ids].map(([name, id], i) =>
    createAccountApp(shared, directory, { name, id, isDefault: i === 0 }),
  );
  const [main] = accounts as [AccountApp, ...AccountApp[]];
  return {
    store: database,
    deps: main.deps,
    loops: main.loops,
    get accounts() {
      return accounts;
    },
    setConfig(next) {
      current = next;
      // An account removed by `app accounts remove` (its row disabled) stops when the file shows it gone;
      // reading the rows also brings this process's labels up to another process's rename.
      void retireRemoved(new AccountRepository(database), accounts, next, directory).catch((error: unknown) =>
        options.logger.error({ err: error }, 'could not read the accounts after a config change'),
      );
    },
    close: async () => {
      await Promise.all(accounts.map((account) => account.deps.telemetry.flush()));
      await Promise.all(retiring.values());
      clock?.stop();
      await heartbeat?.stop();
      await database.close();
    },
  };
}
