// The accounts' parts of this process, from its dependencies: wired wherever a process owns the config file.
import type { AccountAdminDeps } from '../../core/services/accounts/account-admin-deps.js';
import type { OperationDeps } from '../operation-deps.js';

export function accountAdmin(deps: OperationDeps): AccountAdminDeps {
  if (!deps.accountAdmin) throw new Error('no config file is wired into this process (createApp `settings`)');
  return deps.accountAdmin;
}
