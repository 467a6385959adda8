// `app accounts add` and POST /api/accounts: a new `[accounts.<name>]` table in the config file and the row
// its data will hold, in one step. A name an earlier, removed account had gets that account's row back,
// with its data. A running service starts the account at its next start (accounts are fixed at start).
import type { AddAccount, AddAccountResult } from '../../../contracts/accounts.js';
import { accountNameProblem } from '../../../contracts/config/accounts.js';
import { accountNames } from '../../domain/account-settings.js';
import { AppError } from '../../errors.js';
import type { AccountAdminDeps } from './account-admin-deps.js';
import { accountSummary } from './account-summary.js';

/** Refuses a name that breaks the rule (the rule is the message). */
export function refuseBadName(name: string, field: string): void {
  const problem = accountNameProblem(name);
  if (problem)
    throw new AppError('validation_error', problem, {
      details: { issues: [{ key: field, message: problem }] },
    });
}

/**
 * Adds the account `name`. Throws validation_error for a bad or reserved name, conflict when the config has
 * an account of that name; the file and the rows are left as they were on any refusal.
 */
export async function addAccount(deps: AccountAdminDeps, input: AddAccount): Promise<AddAccountResult> {
  const { name } = input;
  refuseBadName(name, 'name');
  if (accountNames(deps.tables.current()).includes(name))
    throw new AppError('conflict', `an account named '${name}' exists already`);
  // The row first, in a transaction the file edit closes: a refused edit leaves no row behind.
  const { existed } = await deps.records.claim(name, () =>
    deps.tables.edit([
      { kind: 'add', name, ...(input.display_name === undefined ? {} : { displayName: input.display_name }) },
    ]),
  );
  const account = await accountSummary(deps, name);
  const restart = account.running !== true;
  const kept = existed ? ' It has the data the earlier account of this name kept.' : '';
  return {
    account,
    restored_data: existed,
    restart_required: restart,
    message: `Added account '${name}' to the config.${kept}${restart ? ' A running service starts it after a restart.' : ''}`,
  };
}
