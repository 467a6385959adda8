// Operation connectors.disconnect: removes a linked cloud drive account (its grant revoked, best effort).
import { z } from 'zod';
import { DisconnectedSchema } from '../../contracts/connectors.js';
import { defineOperation } from '../define-operation.js';

export const unlinkDriveOperation = defineOperation({
  name: 'connectors.disconnect',
  summary:
    'Removes a linked cloud drive account: its refresh token is revoked at the provider (best effort) and the connection deleted (404 for an unknown id). A source still naming it reports "connection N does not exist".',
  input: z.object({ id: z.number().int().positive().describe('Connection id (from the status).') }),
  output: DisconnectedSchema,
  mutation: true,
  http: { method: 'DELETE', path: '/api/connectors/cloud-drive/{id}' },
  run: (deps, input) => deps.connectors.cloudDrive.disconnect(input.id),
});
