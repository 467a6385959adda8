// `app accounts rename` and PATCH /api/accounts/{name}: a new name (its table renamed, or `default_account`
// for the default account) and its row relabelled in the same step, so its data and login stay with it (ids
// never change); or a new display name.
import type { UpdateAccount, UpdateAccountResult } from '../../../contracts/accounts.js';
import { ACCOUNT_NAME_RULE, AccountNameSchema } from '../../../contracts/config/accounts.js';
import { accountNames, defaultAccountName } from '../../domain/account-settings.js';
import { AppError } from '../../errors.js';
import type { AccountTableChange } from '../../ports/account-admin.js';
import type { AccountAdminDeps } from './account-admin-deps.js';
import { accountSummary, recordOf } from './account-summary.js';
import { refuseBadName } from './add-account.js';

/**
 * Renames the account and/or sets its display name. Throws not_found for an account the config does not
 * have, validation_error for a bad name (or a display name for the default account), conflict for a name
 * another account has, or the kept data of a removed one.
 */
export async function updateAccount(
  deps: AccountAdminDeps,
  input: UpdateAccount,
): Promise<UpdateAccountResult> {
  const config = deps.tables.current();
  const { name } = input;
  const names = accountNames(config);
  if (!names.includes(name)) throw new AppError('not_found', `no account named '${name}'`);
  const isDefault = name === defaultAccountName(config);
  const records = await deps.records.list();
  const record = recordOf(records, name, config);
  const changes: AccountTableChange[] = [];
  let target = name;
  const to = input.new_name;
  if (to !== undefined && to !== name) {
    // The default account may take back the name `default`; a further account never has it.
    if (isDefault) {
      if (!AccountNameSchema.safeParse(to).success)
        throw new AppError('validation_error', `'${to}' is not an account name: ${ACCOUNT_NAME_RULE}`, {
          details: { issues: [{ key: 'new_name', message: ACCOUNT_NAME_RULE }] },
        });
    } else refuseBadName(to, 'new_name');
    if (names.includes(to)) throw new AppError('conflict', `an account named '${to}' exists already`);
    if (recordOf(records, to, config))
      throw new AppError(
        'conflict',
        `a removed account named '${to}' keeps its data under that name; purge it first (app accounts remove ${to} --purge) or choose another name`,
      );
    changes.push(isDefault ? { kind: 'rename_default', to } : { kind: 'rename', from: name, to });
    target = to;
  }
  if (input.display_name !== undefined) {
    if (isDefault)
      throw new AppError(
        'validation_error',
        'the default account has no display name of its own: it shows its name (rename it instead)',
        { details: { issues: [{ key: 'display_name', message: 'not for the default account' }] } },
      );
    changes.push({ kind: 'display_name', name: target, displayName: input.display_name });
  }
  const renamed = target !== name;
  const edit = () => {
    if (changes.length > 0) deps.tables.edit(changes);
  };
  if (renamed && record) await deps.records.relabel(record.id, target, edit);
  else edit();
  const account = await accountSummary(deps, target);
  // A running service knows its accounts by the names they had when it started.
  const restart = renamed && account.running !== true;
  return {
    account,
    previous_name: name,
    restart_required: restart,
    message: renamed
      ? `Renamed '${name}' to '${target}'; its data and login stay with it.${restart ? ` A running service knows it as '${name}' until it restarts.` : ''}`
      : `Updated '${name}'.`,
  };
}
