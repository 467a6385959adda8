// Operation accounts.list (GET /api/accounts): every account of the service with its login and overrides.
import { AccountListSchema } from '../../contracts/accounts.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { listAccounts } from '../../core/services/accounts/account-summary.js';
import { defineOperation } from '../define-operation.js';
import { accountAdmin } from './account-admin.js';

export const listAccountsOperation = defineOperation({
  name: 'accounts.list',
  summary:
    'Every account of the service, the default one first (as `app accounts list`): its name and display name, whether it is the default, `active` (in the config) or `removed` (its data kept), whether this service runs it now (an added or renamed account runs after a restart), its saved platform login (state and @handle, read from its tokens file) and the settings it overrides. Never a token. Answers the same whichever account the request names.',
  input: EmptyInput,
  output: AccountListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/accounts' },
  run: async (deps) => listAccounts(accountAdmin(deps)),
});
