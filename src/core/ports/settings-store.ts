// Where the settings live (the config file under the env and flags of this process), as the settings
// service sees it: read the effective view, or write one change, all or nothing.
import type { Config } from '../../contracts/config/config.js';
import type { SettingEdit, SettingsView } from '../../contracts/settings.js';
import type { ConfigIssue, ConfigSource } from '../domain/config-issue.js';
import type { AccountTables } from './account-admin.js';

/** A rule a change must pass, seen on the effective config (the file under env and flags) before and after. */
export type ChangeCheck = (change: {
  before: Config | undefined;
  after: Config;
  sources: ReadonlyMap<string, ConfigSource>;
}) => ConfigIssue[];

export interface SettingsStore {
  /** The effective settings now: the file on disk under this process's env and flags, secrets masked. */
  read(): SettingsView;
  /**
   * Saves the edits as one change, validated as `app settings --set` validates; throws AppError
   * validation_error with `details.issues: [{ key, message }]` and writes nothing when any edit is refused.
   * Answers the new view and the keys whose effective value changed. `check` adds a rule of the caller's,
   * judged on the same read of the file as the write.
   */
  write(edits: readonly SettingEdit[], check?: ChangeCheck): { view: SettingsView; changed: string[] };
  /** The value of a dotted key as written in the config file (no defaults, env or flags), or undefined. */
  fileValue(key: string): unknown;
  /** Whether the config file exists (the first run has none). */
  exists(): boolean;
  /**
   * Writes the first config file (0600) with `values` under `header` comments, validated as a save, and
   * applies it in this process. Throws AppError conflict when a file exists, validation_error with
   * `details.issues` (writing nothing) when the values are refused.
   */
  create(values: ReadonlyMap<string, unknown>, header: string[]): { config_path: string };
  /**
   * The same file as one further account's settings: `read` shows the account's effective settings (its
   * own keys with the source `account`), `write` changes keys of its `[accounts.<name>]` table (unset: it
   * inherits again) and refuses a key of the whole service, naming where it is set.
   */
  forAccount(name: string): SettingsStore;
  /** The account tables of the same file (`app accounts`, /api/accounts), written the same way. */
  accounts: AccountTables;
}
