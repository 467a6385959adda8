// Operation settings.update: change settings as one edit of the config file, validated like `app settings --set`.
import { PatchSettingsInput, PatchSettingsResultSchema } from '../../contracts/settings.js';
import { patchSettings } from '../../core/services/settings/patch-settings.js';
import { defineOperation } from '../define-operation.js';
import { settingsStore } from './settings-deps.js';

export const patchSettingsOperation = defineOperation({
  name: 'settings.update',
  summary:
    'Change settings: `{"set": {"mode": "composer", "limits.max_replies_per_day": 3}, "unset": ["llm.model"]}`, with keys as in docs/configuration.md. The whole patch is one change, checked by the same schema and rules as `app settings --set` (and against this process’s env and flags): on any problem (wrong type, unknown key, a `local_fs` source in cloud deployment, a value TOML cannot hold) the answer is 400 `validation_error` with `details.issues: [{key, message}]` listing every problem, and the file is not touched. Otherwise the config file is rewritten atomically (mode 0600) keeping its comments and layout, and every running process picks it up. Secrets can be set but are only ever answered masked, and a stored secret is only ever sent to the endpoint it was stored with: a change that would send the LLM key or a client secret to another origin (`llm.base_url` or `llm.provider`, a token URL) is refused unless the same change sets the secret anew or unsets it. Concurrent writers (this API, `app settings --set`) take turns on the file’s lock, so none loses another’s change. The answer is the new settings view plus `changed` (keys whose effective value changed) and `restart_required` (changed keys that apply only after a restart, such as `server.port`).',
  input: PatchSettingsInput,
  output: PatchSettingsResultSchema,
  mutation: true,
  http: { method: 'PATCH', path: '/api/settings' },
  run: async (deps, input) => patchSettings(settingsStore(deps), input),
});
