// The settings store of this process, from its dependencies: the runner that loaded the config wires it,
// since only it knows which file and which env and flags the running config came from.

import type { SettingsStore } from '../../core/ports/settings-store.js';
import type { OperationDeps } from '../operation-deps.js';

export function settingsStore(deps: OperationDeps): SettingsStore {
  if (!deps.settings) throw new Error('no settings store is wired into this process (createApp `settings`)');
  return deps.settings;
}
