// Operation connectors.link: starts linking a cloud drive account (the dashboard opens the answer's URL in a
// popup; the provider sends the browser back to the public callback route, see surfaces/http/routes).
import { LinkStartInputSchema, LinkStartSchema } from '../../contracts/connectors.js';
import { defineOperation } from '../define-operation.js';

export const linkDriveOperation = defineOperation({
  name: 'connectors.link',
  summary:
    'Starts linking a cloud drive account: needs `[connectors.cloud_drive] client_id` and `client_secret` (400 naming the missing keys otherwise). Answers the consent page URL (PKCE S256, offline access) and the link `state` (single-use, 10 minutes). While an active connection exists the answer is 409 `conflict` with the hint "disconnect first or pass force=true"; `force` links another account and keeps the old one. Once the browser comes back to `GET /api/connectors/cloud-drive/callback`, the connection is stored and its id written into a drive source as `connection_id`.',
  input: LinkStartInputSchema,
  output: LinkStartSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/connectors/cloud-drive/link' },
  run: (deps, input) => deps.connectors.cloudDrive.startLink(input),
});
