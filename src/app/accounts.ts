// The service's accounts from a CLI command, outside a running service: the same core functions as
// /api/accounts, over the config file the command names and the store its `[storage]` names (the SQLite
// database of its data directory, or Postgres). A service that is running takes what changed from the file
// (a removed account stops when it reads it).
import type {
  AccountList,
  AddAccount,
  AddAccountResult,
  MakeDefaultAccount,
  MakeDefaultAccountResult,
  RemoveAccount,
  RemoveAccountResult,
  UpdateAccount,
  UpdateAccountResult,
} from '../contracts/accounts.js';
import { systemClock } from '../core/ports/clock.js';
import { listAccounts } from '../core/services/accounts/account-summary.js';
import { addAccount } from '../core/services/accounts/add-account.js';
import { makeDefaultAccount } from '../core/services/accounts/make-default-account.js';
import { removeAccount } from '../core/services/accounts/remove-account.js';
import { updateAccount } from '../core/services/accounts/update-account.js';
import type { DataPaths } from '../infra/config/config-paths.js';
import type { LoadConfigOptions } from '../infra/config/load-config.js';
import { createSettingsStore } from '../infra/config/settings-store.js';
import { accountAdminDeps } from './wiring/account-admin-deps.js';
import { openConfiguredStore } from './wiring/platform-state.js';

export interface AccountCommands {
  list(): Promise<AccountList>;
  add(input: AddAccount): Promise<AddAccountResult>;
  rename(input: UpdateAccount): Promise<UpdateAccountResult>;
  makeDefault(input: MakeDefaultAccount): Promise<MakeDefaultAccountResult>;
  remove(input: RemoveAccount): Promise<RemoveAccountResult>;
  close(): Promise<void>;
}

/**
 * Opens the accounts of the config `load` names (and the store it names: Postgres, or the database of
 * `data`); close when done.
 */
export async function openAccountCommands(
  load: LoadConfigOptions,
  data: DataPaths,
): Promise<AccountCommands> {
  const tables = createSettingsStore(load).accounts;
  const database = await openConfiguredStore(tables.current(), data.dbPath);
  const deps = accountAdminDeps({
    database,
    dataDir: data.dataDir,
    clock: systemClock,
    config: () => tables.current(),
    tables,
  });
  return {
    list: () => listAccounts(deps),
    add: (input) => addAccount(deps, input),
    rename: (input) => updateAccount(deps, input),
    makeDefault: (input) => makeDefaultAccount(deps, input),
    remove: (input) => removeAccount(deps, input),
    close: () => database.close(),
  };
}
