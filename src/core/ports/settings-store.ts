// Where the settings live (the config file under the env and flags of this process), as the settings
// service sees it: read the effective view, or write one change, all or nothing.
import type { SettingEdit, SettingsView } from '../../contracts/settings.js';

export interface SettingsStore {
  /** The effective settings now: the file on disk under this process's env and flags, secrets masked. */
  read(): SettingsView;
  /**
   * Saves the edits as one change, validated as `app settings --set` validates; throws AppError
   * validation_error with `details.issues: [{ key, message }]` and writes nothing when any edit is refused.
   * Answers the new view and the keys whose effective value changed.
   */
  write(edits: readonly SettingEdit[]): { view: SettingsView; changed: string[] };
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
}
