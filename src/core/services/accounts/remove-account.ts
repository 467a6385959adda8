// `app accounts remove` and DELETE /api/accounts/{name}: the account leaves the config and stops, its login
// is revoked at the platform and its tokens deleted, its row is marked `disabled`; every row of its data is
// kept (adding the name again gives it back) unless `purge` deletes it. Never the default account, never by
// accident: the caller confirms with the account's name.

import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { RemoveAccount, RemoveAccountResult } from '../../../contracts/accounts.js';
import { defaultAccountName } from '../../domain/account-settings.js';
import { AppError } from '../../errors.js';
import type { AccountAdminDeps } from './account-admin-deps.js';
import { recordOf } from './account-summary.js';

const refused = (message: string, key: string) =>
  new AppError('validation_error', message, { details: { issues: [{ key, message }] } });

/**
 * Removes the account `name` (see the file header). Throws validation_error when `confirm` is not the name,
 * for the default account, or for the account the caller acts on; not_found when neither the config nor a
 * row has it; conflict when it is removed already and `purge` is not asked.
 */
export async function removeAccount(
  deps: AccountAdminDeps,
  input: RemoveAccount,
): Promise<RemoveAccountResult> {
  const { name, purge } = input;
  if (input.confirm !== name)
    throw refused(`confirm the removal with the account's name ('${name}')`, 'confirm');
  const config = deps.tables.current();
  if (name === defaultAccountName(config))
    throw refused(
      `'${name}' is the default account (its settings are the global sections) and cannot be removed`,
      'name',
    );
  const configured = Object.hasOwn(config.accounts ?? {}, name);
  const record = recordOf(await deps.records.list(), name, config);
  if (!configured && !record) throw new AppError('not_found', `no account named '${name}'`);
  if (deps.actingAs === name)
    throw refused(
      `this request acts on '${name}' itself; remove it as another account (without X-App-Account)`,
      'name',
    );
  if (!configured && record?.status === 'disabled' && !purge)
    throw new AppError(
      'conflict',
      `'${name}' is removed already; its data is kept until you purge it (--purge, or purge: true)`,
    );
  // The seeded row (the service's first default account, since made a further one) holds the data the
  // service began with, and the data directory's login: it is removed with its data kept, never purged.
  if (purge && record?.id === DEFAULT_ACCOUNT_ID)
    throw refused(
      `'${name}' was the service's first account: its data is kept when it is removed, never purged (remove it without --purge)`,
      'purge',
    );

  // The config and the row in one step; then the account stops before its login and data go.
  const edit = () => {
    if (configured) deps.tables.edit([{ kind: 'remove', name }]);
  };
  if (record) await deps.records.disable(record.id, edit);
  else edit();
  await deps.running?.retire(name);
  const login = record ? await deps.logins.discard({ id: record.id }) : { tokens: 'none' as const };
  const rowsDeleted = purge && record ? await deps.records.purge(record.id) : 0;

  const told = [`Removed account '${name}'.`];
  if (login.tokens === 'revoked') told.push('Its platform login was revoked and its tokens deleted.');
  if (login.tokens === 'not_revoked')
    told.push(
      `Its tokens were deleted, but the platform could not revoke them (${login.reason ?? 'no answer'}): revoke the app's access in the platform's settings.`,
    );
  told.push(
    purge
      ? `Its data was deleted (${rowsDeleted} rows).`
      : 'Its data is kept: adding the name again brings it back; remove it with --purge to delete it.',
  );
  return {
    name,
    purged: purge,
    rows_deleted: rowsDeleted,
    tokens: login.tokens,
    message: told.join(' '),
  };
}
