// What managing the service's accounts touches: the account tables of the config file, the `accounts` rows
// (whose ids every other table's `account_id` holds), each account's platform login files, and, inside a
// running service, the accounts it runs.
import type { AccountLogin } from '../../contracts/accounts.js';
import type { Config } from '../../contracts/config/config.js';
import type { ConfigSource } from '../domain/config-issue.js';

/** One change to the account tables of the config file. */
export type AccountTableChange =
  | { kind: 'add'; name: string; displayName?: string }
  | { kind: 'rename'; from: string; to: string }
  /** The default account's name: `default_account` (unset for the name `default`). */
  | { kind: 'rename_default'; to: string }
  | { kind: 'display_name'; name: string; displayName: string | null }
  /**
   * `name` becomes the default account (core/domain/account-default.ts): its table goes, `previous` gets
   * one, and `settings` (full dotted paths, global or `accounts.<x>.…`) are written in that order.
   */
  | {
      kind: 'make_default';
      name: string;
      previous: string;
      settings: ReadonlyArray<{ path: string[]; value: unknown }>;
    }
  | { kind: 'remove'; name: string };

export interface AccountTables {
  /** The config as this process would load it now: the file under its env and flags. */
  current(): Readonly<Config>;
  /** Where each value of `current()` comes from (file, env, flag, default), by dotted key. */
  sources(): ReadonlyMap<string, ConfigSource>;
  /**
   * Saves the changes as one edit of the file, validated like every settings change, comments and layout
   * kept. Throws AppError validation_error (nothing written) when the result would be invalid or the file's
   * layout cannot be edited safely.
   */
  edit(changes: readonly AccountTableChange[]): void;
}

export interface AccountRecord {
  id: string;
  /** The account's name when it was last configured (the row's label). */
  name: string;
  platformUserId: string | null;
  status: 'active' | 'disabled';
}

export interface AccountRecords {
  /** Every row, oldest first (the default account's seeded row first). */
  list(): Promise<AccountRecord[]>;
  /**
   * The row of a further account named `name`: the one an earlier account of that name left (active again,
   * its data with it: `existed`), or a new one. `inside` (the config file's edit) runs in the same
   * transaction: when it throws, the row is as it was.
   */
  claim(name: string, inside: () => void): Promise<{ id: string; existed: boolean }>;
  /** The row's label becomes `name`; `inside` runs in the same transaction. */
  relabel(id: string, name: string, inside: () => void): Promise<void>;
  /** A removed account's row: `disabled`, its platform user forgotten; its data stays. `inside` as above. */
  disable(id: string, inside: () => void): Promise<void>;
  /** Deletes every row holding `id` in every table, then the account's row, in one transaction. */
  purge(id: string): Promise<number>;
}

/** Which account's files, by its row: the seeded row's are the data directory's, another's its own folder. */
export interface AccountFiles {
  id: string;
}

export interface AccountLogins {
  /** The saved login, from the account's tokens file (no platform call). */
  read(account: AccountFiles): AccountLogin;
  /**
   * Revokes the login at the platform (best effort: `not_revoked` with the reason when it cannot be asked)
   * and deletes the account's login files and its tool-server token, whatever the platform said.
   */
  discard(account: AccountFiles): Promise<{ tokens: 'revoked' | 'not_revoked' | 'none'; reason?: string }>;
}

/** The accounts a running service runs (absent outside one: the CLI). */
export interface RunningAccounts {
  names(): string[];
  /** Stops a removed account at once: its loops and sources stop, requests naming it are 404s. */
  retire(name: string): Promise<void>;
}
