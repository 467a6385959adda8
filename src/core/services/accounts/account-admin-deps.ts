// What managing the accounts needs: the config file's account tables, the rows, the login files, and the
// running service's accounts when there is one (the API) or none (the CLI).
import type {
  AccountLogins,
  AccountRecords,
  AccountTables,
  RunningAccounts,
} from '../../ports/account-admin.js';

export interface AccountAdminDeps {
  tables: AccountTables;
  records: AccountRecords;
  logins: AccountLogins;
  /** The accounts the answering service runs; absent outside a running service. */
  running?: RunningAccounts;
  /** The account the caller acts on (an API request's X-App-Account): it never removes itself. */
  actingAs?: string;
}
