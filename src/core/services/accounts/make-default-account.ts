// `app accounts default NAME` and POST /api/accounts/{name}/default: another account becomes the default
// one (the one requests, tools and commands that name no account act on). Only the config file changes,
// in one edit: the account's own keys become the global sections and every other account is given what it
// needs to keep running with exactly its settings (core/domain/account-default.ts). No row or file moves:
// each account keeps its row, its data and its login, which follow the account and not the default.
import type { MakeDefaultAccount, MakeDefaultAccountResult } from '../../../contracts/accounts.js';
import { planDefaultSwitch } from '../../domain/account-default.js';
import type { AccountAdminDeps } from './account-admin-deps.js';
import { accountSummary } from './account-summary.js';

/**
 * Makes `name` the default account. Throws not_found, conflict (the default already, or a setting that
 * could not be kept) or validation_error (the default is still called `default`, or an own key is also set
 * by env or a flag); the file is left as it was on any refusal.
 */
export async function makeDefaultAccount(
  deps: AccountAdminDeps,
  input: MakeDefaultAccount,
): Promise<MakeDefaultAccountResult> {
  const plan = planDefaultSwitch(deps.tables.current(), input.name, deps.tables.sources());
  deps.tables.edit([
    { kind: 'make_default', name: plan.name, previous: plan.previous, settings: plan.settings },
  ]);
  const account = await accountSummary(deps, plan.name);
  const dropped =
    plan.droppedDisplayName === undefined
      ? ''
      : ` Its display name '${plan.droppedDisplayName}' is dropped: the default account shows its name.`;
  return {
    account,
    previous_default: plan.previous,
    moved_settings: plan.settings.map((setting) => setting.path.join('.')),
    dropped_display_name: plan.droppedDisplayName ?? null,
    restart_required: true,
    message: `'${plan.name}' is the default account; '${plan.previous}' keeps its settings in [accounts.${plan.previous}]. Every account keeps its data, login and settings.${dropped} A running service acts on '${plan.previous}' for requests that name no account until it restarts.`,
  };
}
