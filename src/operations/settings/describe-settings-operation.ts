// Operation settings.schema: the config schema as form fields, for the dashboard's Settings page.
import { EmptyInput } from '../../contracts/no-input.js';
import { SettingsSchemaViewSchema } from '../../contracts/settings-forms.js';
import { describeSettings } from '../../core/services/settings/describe-settings.js';
import { defineOperation } from '../define-operation.js';

export const describeSettingsOperation = defineOperation({
  name: 'settings.schema',
  summary:
    'Every config key as a form field, from the same schema walk as docs/configuration.md: its section, label, kind (with the allowed values of an enum), help text, built-in default, whether it is a secret (write-only) and why a change waits for a restart. Values and their sources are in GET /api/settings.',
  input: EmptyInput,
  output: SettingsSchemaViewSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/settings/schema' },
  run: async () => describeSettings(),
});
