// The account tables of the config file as the account commands and routes change them: one edit of the
// file's text per change list (comments and layout kept, account-tables.ts), validated like every
// settings change under this process's env and flags, written atomically under the file's lock.
import { DEFAULT_ACCOUNT } from '../../contracts/config/accounts.js';
import type { AccountTableChange } from '../../core/ports/account-admin.js';
import {
  addAccountTable,
  removeAccountTable,
  renameAccountTable,
  setAccountDisplayName,
  setDefaultAccountName,
} from './account-tables.js';
import { resolveConfigPaths } from './config-paths.js';
import { type EditOptions, editConfigText } from './edit-config-file.js';
import type { LoadConfigOptions } from './load-config.js';
import { setTomlValue } from './toml-edit.js';

function applyChange(text: string, change: AccountTableChange): string {
  switch (change.kind) {
    case 'add':
      return addAccountTable(text, change.name, change.displayName);
    case 'rename':
      return renameAccountTable(text, change.from, change.to);
    case 'rename_default':
      return setDefaultAccountName(text, change.to, DEFAULT_ACCOUNT);
    case 'display_name':
      return setAccountDisplayName(text, change.name, change.displayName);
    case 'remove':
      return removeAccountTable(text, change.name);
    case 'make_default': {
      let next = addAccountTable(removeAccountTable(text, change.name), change.previous);
      next = setDefaultAccountName(next, change.name, DEFAULT_ACCOUNT);
      for (const { path, value } of change.settings) next = setTomlValue(next, path, value);
      return next;
    }
  }
}

const keyOf = (change: AccountTableChange) =>
  change.kind === 'rename_default' || change.kind === 'make_default'
    ? 'default_account'
    : `accounts.${change.kind === 'rename' ? change.from : change.name}`;

/** Applies `changes` to the config file `load` names, as one validated edit (throws validation_error). */
export function editAccountTables(
  load: LoadConfigOptions,
  changes: readonly AccountTableChange[],
  options: EditOptions = {},
): void {
  const [first] = changes;
  if (!first) return;
  const { configPath } = resolveConfigPaths(load);
  editConfigText(
    configPath,
    keyOf(first),
    (text) => changes.reduce((next, change) => applyChange(next, change), text),
    { layers: load, ...options },
  );
}
