// What managing the accounts is given, in a running service (its live config, its directory of accounts,
// the account a request acts on) or in a CLI command (the config file, no service): the same parts.
import type { Config } from '../../contracts/config/config.js';
import type { AccountTables, RunningAccounts } from '../../core/ports/account-admin.js';
import type { Clock } from '../../core/ports/clock.js';
import type { AccountAdminDeps } from '../../core/services/accounts/account-admin-deps.js';
import { createAccountLogins } from '../../infra/social/account-logins.js';
import { AccountRepository } from '../../infra/sqlite/repositories/account-repository.js';
import type { Store } from '../../infra/storage/store.js';

export interface AccountAdminParts {
  database: Store;
  dataDir: string;
  clock: Clock;
  /** The service's config (the platform client that revokes a removed account's login). */
  config: () => Readonly<Config>;
  tables: AccountTables;
  running?: RunningAccounts;
  actingAs?: string;
}

export function accountAdminDeps(parts: AccountAdminParts): AccountAdminDeps {
  return {
    tables: parts.tables,
    records: new AccountRepository(parts.database),
    logins: createAccountLogins({ dataDir: parts.dataDir, config: parts.config, clock: parts.clock }),
    ...(parts.running ? { running: parts.running } : {}),
    ...(parts.actingAs === undefined ? {} : { actingAs: parts.actingAs }),
  };
}
