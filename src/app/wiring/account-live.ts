// What an account of a running service reads live: its config and settings, found by its row's label so a
// rename or another default (`app accounts default`) applies at once; and the retiring of accounts the
// file has removed.
import type { Config } from '../../contracts/config/config.js';
import { defaultAccountName, effectiveAccountConfig } from '../../core/domain/account-settings.js';
import type { SettingsStore } from '../../core/ports/settings-store.js';
import type { AccountRepository } from '../../infra/sqlite/repositories/account-repository.js';
import type { AccountDirectory } from './app-deps.js';

/** Retires the accounts `next` no longer has whose rows are disabled (a table merely edited away is kept). */
export async function retireRemoved(
  rows: AccountRepository,
  running: ReadonlyArray<{ name: string; id: string; isDefault: boolean }>,
  next: Readonly<Config>,
  directory: AccountDirectory,
): Promise<void> {
  const gone = running.filter((a) => !a.isDefault && !Object.hasOwn(next.accounts ?? {}, a.name));
  if (gone.length === 0) return;
  const disabled = new Set(
    (await rows.list()).filter((row) => row.status === 'disabled').map((row) => row.id),
  );
  for (const account of gone) if (disabled.has(account.id)) void directory.retire(account.name);
}

/**
 * The config an account runs with, live: found by its row's label (its name now), so a rename, or another
 * account made the default (`app accounts default`), applies to a running service without moving an
 * account onto another's settings. The default account's is the service's config itself (one account
 * changes nothing); a further account's is the global config with its own table merged in, worked out
 * again only when the config changes.
 */
export function accountConfig(
  cfg: () => Readonly<Config>,
  account: { isDefault: boolean },
  nameNow: () => string,
) {
  let from: Readonly<Config> | undefined;
  let fromName: string | undefined;
  let merged: Readonly<Config> | undefined;
  return (): Readonly<Config> => {
    const current = cfg();
    // The name too: another process's rename reaches this one's labels a moment after its file does.
    const name = nameNow();
    if (current !== from || name !== fromName || !merged) {
      from = current;
      fromName = name;
      if (name === defaultAccountName(current)) merged = current;
      else if (Object.hasOwn(current.accounts ?? {}, name))
        merged = { ...current, ...effectiveAccountConfig(current, name).config };
      // Named by neither: the default renamed by hand (the global settings are still its own), or an
      // account removed from a reloaded file, which keeps its settings until the restart drops it.
      else merged = account.isDefault ? current : (merged ?? current);
    }
    return merged;
  };
}

/**
 * The settings of the account whose name `nameNow` gives, live (a rename relabels its row): the settings
 * store's own view of that name, which is the global sections while it is the default account.
 */
export function accountSettings(base: SettingsStore, nameNow: () => string): SettingsStore {
  const target = () => base.forAccount(nameNow());
  return {
    read: () => target().read(),
    write: (edits, check) => target().write(edits, check),
    fileValue: (key) => target().fileValue(key),
    exists: () => base.exists(),
    create: (values, header) => base.create(values, header),
    forAccount: (name) => base.forAccount(name),
    accounts: base.accounts,
  };
}
