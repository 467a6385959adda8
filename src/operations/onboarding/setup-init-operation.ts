// Operation setup.init: the first config file from the dashboard's first-run wizard, as `app init` writes it.
import { z } from 'zod';
import { SetupAnswerSchema, SetupInitResultSchema } from '../../contracts/setup.js';
import { findLeaf } from '../../core/domain/schema-walk.js';
import { INIT_KEYS, initConfig } from '../../core/services/setup/init-config.js';
import { defineOperation } from '../define-operation.js';
import { settingsStore } from '../settings/settings-deps.js';

/** One optional field per first-run question, described as the config reference describes it. */
const SetupInitInput = z
  .object(
    Object.fromEntries(
      INIT_KEYS.map((key) => [key, SetupAnswerSchema.optional().describe(findLeaf(key)?.description ?? key)]),
    ),
  )
  .catchall(SetupAnswerSchema);

export const setupInitOperation = defineOperation({
  name: 'setup.init',
  summary:
    'Writes the first config file, exactly as `app init` would for the same answers: a JSON object of dotted keys — the 5 quickstart fields `business.product_name`, `business.product_keywords` (comma-separated text or a list), `llm.provider` (openai, anthropic, ollama), `llm.api_key` (not for ollama), `social_api.client_id`, plus any field of the `app init --advanced` steps (voice, persona, targeting, approval mode, active hours…). Text is read as the field’s type. A field left out may come from this process’s APP_* env vars (env secrets are used, never copied into the file). Approval mode is on unless answered. 409 `conflict` when a config file exists; 400 `validation_error` with `details.issues: [{key, message}]` for every refused or missing field, writing nothing. On success the file is written 0600 and this process applies it at once.',
  input: SetupInitInput,
  output: SetupInitResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/setup/init' },
  run: (deps, input) => initConfig({ settings: settingsStore(deps), clock: deps.clock }, input),
});
