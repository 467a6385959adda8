// The platform login outside a running app: `app auth` runs the OAuth 2.0 PKCE login with its API calls
// counted in the usage table, and setup commands read whether tokens are saved. The accounts' rows are read
// and written in the store `[storage]` names (SQLite or Postgres).
import { DEFAULT_ACCOUNT_ID } from '../contracts/account.js';
import type { Config } from '../contracts/config/config.js';
import { accountNames } from '../core/domain/account-settings.js';
import { AppError } from '../core/errors.js';
import { systemClock } from '../core/ports/clock.js';
import { accountDataPaths, type DataPaths } from '../infra/config/config-paths.js';
import { type LoginOptions, type LoginResult, login } from '../infra/social/oauth-login.js';
import { readTokenFile } from '../infra/social/token-store.js';
import { AccountRepository } from '../infra/sqlite/repositories/account-repository.js';
import { ApiUsageRepository } from '../infra/sqlite/repositories/api-usage-repository.js';
import type { Store } from '../infra/storage/store.js';
import { platformUserClaim } from './wiring/login-claim.js';
import { withConfiguredStore } from './wiring/platform-state.js';

export type { LoginResult } from '../infra/social/oauth-login.js';

/** How the login talks to the user: printing, the browser, the pasted redirect (manual mode). */
export type LoginDialog = Pick<LoginOptions, 'print' | 'openBrowser' | 'askRedirectUrl'>;

/**
 * Logs in with `scopes` and saves the tokens (0600) in the data dir: the default account's, or `account`'s
 * (one of the config's accounts; its row is made as the service's start would make it). Answers where the
 * tokens were saved too.
 */
export async function loginToPlatform(
  config: Readonly<Config>,
  data: DataPaths,
  scopes: readonly string[],
  dialog: LoginDialog,
  account?: string,
): Promise<LoginResult & { tokensPath: string }> {
  return withConfiguredStore(config, data.dbPath, async (store) => {
    const id = await accountRowId(store, config, account);
    const { tokensPath } = accountDataPaths(data, { id });
    const result = await login({
      config,
      tokensPath,
      scopes,
      mode: config.auth.mode,
      clock: systemClock,
      usage: new ApiUsageRepository(store, id, systemClock),
      claimUser: platformUserClaim(store, data.dataDir, id),
      ...dialog,
    });
    return { ...result, tokensPath };
  });
}

/**
 * The row of `account` (default: the default account), made as the service's start would make it; the
 * default account's is not always the seeded row (`app accounts default`). Throws not_found for a name the
 * config does not have.
 */
export async function accountRowId(
  database: Store,
  config: Readonly<Config>,
  account?: string,
): Promise<string> {
  const names = accountNames(config);
  const name = account ?? names[0] ?? '';
  const id = (await new AccountRepository(database).ensure(names)).get(name);
  if (id === undefined) throw new AppError('not_found', `no account named '${name}'`);
  return id;
}

/**
 * The files of `account` (default: the default account): the data directory's for the seeded row, which
 * is always the one account of a config without further accounts (no database is opened then), else
 * `accounts/<id>/…` as its row says.
 */
export async function accountPathsOf(
  config: Readonly<Config>,
  data: DataPaths,
  account?: string,
): Promise<{ id: string; paths: DataPaths }> {
  if (
    Object.keys(config.accounts ?? {}).length === 0 &&
    (account === undefined || account === accountNames(config)[0])
  )
    return { id: DEFAULT_ACCOUNT_ID, paths: data };
  return withConfiguredStore(config, data.dbPath, async (store) => {
    const id = await accountRowId(store, config, account);
    return { id, paths: accountDataPaths(data, { id }) };
  });
}

/** The saved login: when its access token expires, or none (no file, or one that does not parse). */
export function savedLogin(data: DataPaths): { expiresAt: string } | undefined {
  const file = readTokenFile(data.tokensPath);
  return file.state === 'ok' ? { expiresAt: file.tokens.expires_at } : undefined;
}
