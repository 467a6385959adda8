// Operation setup.status: what the first run still needs (the dashboard's first-run wizard starts from it).

import { EmptyInput } from '../../contracts/no-input.js';
import { SetupStatusSchema } from '../../contracts/setup.js';
import { readSetupStatus } from '../../core/services/setup/read-setup-status.js';
import { defineOperation } from '../define-operation.js';
import { setupDeps } from './setup-deps.js';

export const setupStatusOperation = defineOperation({
  name: 'setup.status',
  summary:
    'What the first run still needs: whether the config file exists (`config_exists`; false on a fresh install, when the dashboard offers its first-run wizard), which of the 5 quickstart fields the effective config (file < env < flags) lacks, whether the LLM is configured (provider, model in use, what is missing) and the platform login (tokens saved, the account when known, token state).',
  input: EmptyInput,
  output: SetupStatusSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/setup/status' },
  run: async (deps) => readSetupStatus(setupDeps(deps)),
});
