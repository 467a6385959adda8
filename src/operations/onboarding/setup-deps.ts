// The setup services' dependencies, from an operation's: the settings store the runner wired, the live
// config, the LLM check of the status tools and the platform login.
import type { SetupStatusDeps } from '../../core/services/setup/read-setup-status.js';
import type { OperationDeps } from '../operation-deps.js';
import { settingsStore } from '../settings/settings-deps.js';

export function setupDeps(deps: OperationDeps): SetupStatusDeps {
  return {
    settings: settingsStore(deps),
    config: () => deps.config,
    llmProblem: () => deps.status.llmProblem(),
    platform: deps.platformLink,
  };
}
