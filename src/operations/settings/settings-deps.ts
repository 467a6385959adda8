// The settings store of this process, from its dependencies: the runner that loaded the config wires it,
// since only it knows which file and which env and flags the running config came from.
import type { AppDeps } from '../../app/create-app.js';
import type { SettingsStore } from '../../core/ports/settings-store.js';

export function settingsStore(deps: AppDeps): SettingsStore {
  if (!deps.settings) throw new Error('no settings store is wired into this process (createApp `settings`)');
  return deps.settings;
}
