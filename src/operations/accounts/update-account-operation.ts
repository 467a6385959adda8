// Operation accounts.update (PATCH /api/accounts/{name}): rename an account, or set its display name.
import { UpdateAccountInput, UpdateAccountResultSchema } from '../../contracts/accounts.js';
import { updateAccount } from '../../core/services/accounts/update-account.js';
import { defineOperation } from '../define-operation.js';
import { accountAdmin } from './account-admin.js';

export const updateAccountOperation = defineOperation({
  name: 'accounts.update',
  summary:
    'Renames an account (`new_name`, as `app accounts rename`) and/or sets its `display_name` (null: show its name). A rename renames its `[accounts.<name>]` table in the config file (for the default account it sets `default_account`) and its row’s label in the same step: its data and login stay with it. A bad name is 400 `validation_error` with the rule; a name another account has, or a removed account’s kept data has, is 409 `conflict`; an unknown account 404. A running service knows a renamed account by its old name until it restarts (`restart_required`).',
  input: UpdateAccountInput,
  output: UpdateAccountResultSchema,
  mutation: true,
  http: { method: 'PATCH', path: '/api/accounts/{name}' },
  run: async (deps, input) => updateAccount(accountAdmin(deps), input),
});
