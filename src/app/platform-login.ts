// The platform login outside a running app: `app auth` runs the OAuth 2.0 PKCE login with its API calls
// counted in the usage table, and setup commands read whether tokens are saved.
import { DEFAULT_ACCOUNT_ID } from '../contracts/account.js';
import type { Config } from '../contracts/config/config.js';
import { systemClock } from '../core/ports/clock.js';
import type { DataPaths } from '../infra/config/config-paths.js';
import { type LoginOptions, type LoginResult, login } from '../infra/social/oauth-login.js';
import { readTokenFile } from '../infra/social/token-store.js';
import { openDatabase } from '../infra/sqlite/open-database.js';
import { ApiUsageRepository } from '../infra/sqlite/repositories/api-usage-repository.js';
import { platformUserClaim } from './wiring/login-claim.js';

export type { LoginResult } from '../infra/social/oauth-login.js';

/** How the login talks to the user: printing, the browser, the pasted redirect (manual mode). */
export type LoginDialog = Pick<LoginOptions, 'print' | 'openBrowser' | 'askRedirectUrl'>;

/** Logs in with `scopes` and saves the tokens (0600) in the data dir. */
export async function loginToPlatform(
  config: Readonly<Config>,
  data: DataPaths,
  scopes: readonly string[],
  dialog: LoginDialog,
): Promise<LoginResult> {
  const database = openDatabase({ path: data.dbPath });
  try {
    return await login({
      config,
      tokensPath: data.tokensPath,
      scopes,
      mode: config.auth.mode,
      clock: systemClock,
      usage: new ApiUsageRepository(database, DEFAULT_ACCOUNT_ID, systemClock),
      claimUser: platformUserClaim(database, data.dataDir, DEFAULT_ACCOUNT_ID),
      ...dialog,
    });
  } finally {
    await database.close();
  }
}

/** The saved login: when its access token expires, or none (no file, or one that does not parse). */
export function savedLogin(data: DataPaths): { expiresAt: string } | undefined {
  const file = readTokenFile(data.tokensPath);
  return file.state === 'ok' ? { expiresAt: file.tokens.expires_at } : undefined;
}
