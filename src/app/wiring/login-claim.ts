// One platform user belongs to one account: the claim a login makes for its account before its tokens are
// saved (`app auth`, the dashboard's Connect account). Another account's row that records the user refuses
// it; so does another account's saved login from before the rows recorded users.

import { accountFilePaths } from '../../infra/config/config-paths.js';
import { readTokenFile } from '../../infra/social/token-store.js';
import { AccountRepository } from '../../infra/sqlite/repositories/account-repository.js';
import type { Store } from '../../infra/storage/store.js';

export function platformUserClaim(
  database: Store,
  dataDir: string,
  accountId: string,
): (user: { id: string; username: string }) => Promise<void> {
  const rows = new AccountRepository(database);
  return (user) =>
    rows.claimPlatformUser(accountId, user, (account) => {
      const file = readTokenFile(accountFilePaths(dataDir, account).tokensPath);
      return file.state === 'ok' ? file.tokens.user_id : undefined;
    });
}
