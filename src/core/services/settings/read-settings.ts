// Reading the live settings: the effective config with every value's source, secrets masked.
import type { SettingsView } from '../../../contracts/settings.js';
import type { SettingsStore } from '../../ports/settings-store.js';

/** The effective settings of this process's config file, env and flags (secrets masked). */
export function readSettings(store: SettingsStore): SettingsView {
  return store.read();
}
