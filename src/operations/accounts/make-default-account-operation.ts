// Operation accounts.make_default (POST /api/accounts/{name}/default): another account becomes the default.
import { MakeDefaultAccountInput, MakeDefaultAccountResultSchema } from '../../contracts/accounts.js';
import { makeDefaultAccount } from '../../core/services/accounts/make-default-account.js';
import { defineOperation } from '../define-operation.js';
import { accountAdmin } from './account-admin.js';

export const makeDefaultAccountOperation = defineOperation({
  name: 'accounts.make_default',
  summary:
    'Makes the account the default one (as `app accounts default NAME`): the one that requests naming no account, `app mcp serve` without `--account` and the CLI act on. One edit of the config file: `default_account` names it, its own keys become the global sections, and the former default gets an `[accounts.<name>]` table with whatever it needs to keep its settings; every account runs with exactly the settings it had (`moved_settings` lists what was written), and keeps its data and login. A default still called `default` must be renamed first (400 `validation_error`), as must a key of the account that an environment variable or flag also sets; an account that is the default already, or a setting that could not be kept, is 409 `conflict`; an unknown account 404. A running service acts on the former default for requests naming no account until it restarts (`restart_required`).',
  input: MakeDefaultAccountInput,
  output: MakeDefaultAccountResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/accounts/{name}/default' },
  run: async (deps, input) => makeDefaultAccount(accountAdmin(deps), input),
});
