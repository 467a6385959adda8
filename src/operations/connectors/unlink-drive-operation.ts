// Operation connectors.disconnect: removes a linked cloud drive account (its grant revoked, best effort).
import { ConnectionIdInput, DisconnectedSchema } from '../../contracts/connectors.js';
import { defineOperation } from '../define-operation.js';

export const unlinkDriveOperation = defineOperation({
  name: 'connectors.disconnect',
  summary:
    'Removes a linked cloud drive account: its refresh token is revoked at the provider (best effort) and the connection deleted (404 for an unknown id). A source still naming it reports "connection N does not exist".',
  input: ConnectionIdInput,
  output: DisconnectedSchema,
  mutation: true,
  http: { method: 'DELETE', path: '/api/connectors/cloud-drive/{id}' },
  run: (deps, input) => deps.connectors.cloudDrive.disconnect(input.id),
});
