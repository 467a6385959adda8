// Operation settings.get: the effective settings with the source of every value, secrets masked.

import { EmptyInput } from '../../contracts/no-input.js';
import { SettingsViewSchema } from '../../contracts/settings.js';
import { readSettings } from '../../core/services/settings/read-settings.js';
import { defineOperation } from '../define-operation.js';
import { settingsStore } from './settings-deps.js';

export const getSettingsOperation = defineOperation({
  name: 'settings.get',
  summary:
    'The effective settings, read from the config file now (defaults < file < environment < flags): `config` nested as `app settings --show --format json` prints it, and `settings` listing every key with its value, its source (default, file with line, env var or flag), whether it is a secret and whether a change needs a restart. Secrets are always masked (`****` and at most the last 4 characters). When the file on disk is invalid, `valid` is false, `issues` says why by key path, and the values are the last good config.',
  input: EmptyInput,
  output: SettingsViewSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/settings' },
  run: async (deps) => readSettings(settingsStore(deps)),
});
