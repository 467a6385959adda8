// One account as the list shows it: its name and display name, whether it is the default one, whether it
// is still configured (or removed with its data kept), whether this service runs it, its saved login and
// the settings it sets itself. Shared by the list and the answers of add, rename and remove.

import type { AccountList, AccountSummary } from '../../../contracts/accounts.js';
import type { Config } from '../../../contracts/config/config.js';
import { accountRowOf } from '../../domain/account-rows.js';
import { accountNames, defaultAccountName, effectiveAccountConfig } from '../../domain/account-settings.js';
import { AppError } from '../../errors.js';
import type { AccountRecord } from '../../ports/account-admin.js';
import type { AccountAdminDeps } from './account-admin-deps.js';

const NO_LOGIN = { state: 'missing', user_id: null, username: null, expires_at: null } as const;

/** The row of the account named `name` (core/domain/account-rows.ts). */
export function recordOf(
  records: readonly AccountRecord[],
  name: string,
  config: Readonly<Config>,
): AccountRecord | undefined {
  const rows = records.map((record) => ({ ...record, label: record.name }));
  const row = accountRowOf(rows, name, {
    defaultName: defaultAccountName(config),
    others: Object.keys(config.accounts ?? {}),
  });
  return row && records.find((record) => record.id === row.id);
}

function summarize(
  deps: AccountAdminDeps,
  config: Readonly<Config>,
  records: readonly AccountRecord[],
  name: string,
): AccountSummary {
  const isDefault = name === defaultAccountName(config);
  const configured = isDefault || Object.hasOwn(config.accounts ?? {}, name);
  const record = recordOf(records, name, config);
  const settings = configured ? effectiveAccountConfig(config as Config, name) : undefined;
  return {
    name,
    display_name: settings?.displayName ?? name,
    default: isDefault,
    status: configured ? 'active' : 'removed',
    running: deps.running ? deps.running.names().includes(name) : null,
    login: record ? deps.logins.read({ id: record.id }) : { ...NO_LOGIN },
    overrides: settings ? [...settings.overrides.keys()] : [],
  };
}

/** Every account, the default one first, then the config's order, then the removed ones that kept data. */
export async function listAccounts(deps: AccountAdminDeps): Promise<AccountList> {
  const config = deps.tables.current();
  const records = await deps.records.list();
  const names = accountNames(config);
  const configured = new Set(names.map((name) => recordOf(records, name, config)?.id));
  const removed = records.filter((record) => !configured.has(record.id)).map((record) => record.name);
  return {
    default_account: defaultAccountName(config),
    accounts: [...new Set([...names, ...removed])].map((name) => summarize(deps, config, records, name)),
  };
}

/** The account named `name` as the list shows it; not_found when neither the config nor a row has it. */
export async function accountSummary(deps: AccountAdminDeps, name: string): Promise<AccountSummary> {
  const found = (await listAccounts(deps)).accounts.find((account) => account.name === name);
  // Never a hint of which accounts exist.
  if (!found) throw new AppError('not_found', `no account named '${name}'`);
  return found;
}
