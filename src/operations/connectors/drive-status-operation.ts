// Operation connectors.status: the linked cloud drive accounts (never their credentials).
import { ConnectionListSchema } from '../../contracts/connectors.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { defineOperation } from '../define-operation.js';

export const driveStatusOperation = defineOperation({
  name: 'connectors.status',
  summary:
    'The linked cloud drive accounts: id (the `connection_id` a source names), account email and name, status (`active`, `expired` when the provider refused the stored grant, `error` when its credentials cannot be decrypted) and metadata (`scope`, `linked_at`, `problem`).',
  input: EmptyInput,
  output: ConnectionListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/connectors/cloud-drive/status' },
  run: (deps) => deps.connectors.cloudDrive.status(),
});
