// Operation accounts.remove (DELETE /api/accounts/{name}): an account leaves the service; its data stays
// unless purged.
import { RemoveAccountInput, RemoveAccountResultSchema } from '../../contracts/accounts.js';
import { removeAccount } from '../../core/services/accounts/remove-account.js';
import { defineOperation } from '../define-operation.js';
import { accountAdmin } from './account-admin.js';

export const removeAccountOperation = defineOperation({
  name: 'accounts.remove',
  summary:
    'Removes an account (as `app accounts remove`); the body must confirm it: `{"confirm": "<name>"}` (else 400). Its `[accounts.<name>]` table leaves the config file, the service stops its loops at once (requests naming it are then 404s), its platform login is revoked at the platform and its tokens file deleted, and its row is marked `disabled`. Every row of its data is kept (adding the name again gives it back) unless `purge: true`, which deletes every row it holds in every table in one transaction, then its row. The default account cannot be removed (400), nor the account the request acts on (400: send it without X-App-Account or as another account); a removed account without `purge` is 409; an unknown one 404.',
  input: RemoveAccountInput,
  output: RemoveAccountResultSchema,
  mutation: true,
  http: { method: 'DELETE', path: '/api/accounts/{name}' },
  run: (deps, input) => removeAccount(accountAdmin(deps), input),
});
