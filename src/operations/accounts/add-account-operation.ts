// Operation accounts.add (POST /api/accounts): a new `[accounts.<name>]` table in the config file.
import { AddAccountInput, AddAccountResultSchema } from '../../contracts/accounts.js';
import { addAccount } from '../../core/services/accounts/add-account.js';
import { defineOperation } from '../define-operation.js';
import { accountAdmin } from './account-admin.js';

export const addAccountOperation = defineOperation({
  name: 'accounts.add',
  summary:
    'Adds an account (as `app accounts add`): writes an `[accounts.<name>]` table (with `display_name` when given) to the config file, keeping every other byte of it, and gives it a row of its own. A name that breaks the rule (1 to 32 characters: a lower-case letter, then lower-case letters, digits, `_` or `-`; not `default`) is 400 `validation_error` naming the rule; an account of that name is 409 `conflict`. A name a removed account had gets that account’s kept data back (`restored_data`). The service runs it after a restart (`restart_required`); then log it in. Answers 201.',
  input: AddAccountInput,
  output: AddAccountResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/accounts', status: 201 },
  run: async (deps, input) => addAccount(accountAdmin(deps), input),
});
