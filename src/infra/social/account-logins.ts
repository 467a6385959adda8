// Each account's platform login as files: read for the account list (no platform call), and discarded
// when the account is removed: revoked at the platform when it can be asked (only at the origin the
// tokens were issued for), then deleted with the account's other files (its tool-server token too).
import { rmdirSync, rmSync } from 'node:fs';
import type { AccountLogin } from '../../contracts/accounts.js';
import type { Config } from '../../contracts/config/config.js';
import { movedOrigin } from '../../core/domain/token-origins.js';
import type { AccountFiles, AccountLogins } from '../../core/ports/account-admin.js';
import type { Clock } from '../../core/ports/clock.js';
import { accountFilePaths } from '../config/config-paths.js';
import { platformOAuth, tokenOrigins } from './create-social-backend.js';
import { readTokenFile } from './token-store.js';

/** A token expiring within this long is `expiring` (the refresher's own margin). */
const EXPIRING_MS = 5 * 60_000;

export interface AccountLoginsOptions {
  dataDir: string;
  /** The service's config: the platform client and the hosts the tokens go to. */
  config: () => Readonly<Config>;
  clock: Clock;
}

export function createAccountLogins(options: AccountLoginsOptions): AccountLogins {
  const read = (account: AccountFiles): AccountLogin => {
    const file = readTokenFile(accountFilePaths(options.dataDir, account).tokensPath);
    if (file.state !== 'ok') return { state: file.state, user_id: null, username: null, expires_at: null };
    const { tokens } = file;
    const left = Date.parse(tokens.expires_at) - options.clock.now().getTime();
    return {
      state: left <= 0 ? 'expired' : left <= EXPIRING_MS ? 'expiring' : 'valid',
      user_id: tokens.user_id ?? null,
      username: tokens.username ?? null,
      expires_at: tokens.expires_at,
    };
  };

  return {
    read,
    async discard(account) {
      const paths = accountFilePaths(options.dataDir, account);
      const file = readTokenFile(paths.tokensPath);
      let outcome: Awaited<ReturnType<AccountLogins['discard']>> = { tokens: 'none' };
      if (file.state === 'ok') outcome = await revoke(options.config(), file.tokens);
      for (const path of [paths.tokensPath, `${paths.tokensPath}.refreshing`, paths.scraperSessionPath])
        rmSync(path, { force: true });
      if (paths.dir) {
        // A further account's tool-server token acts on it alone: it goes with the account.
        rmSync(paths.mcpTokenPath, { force: true });
        try {
          rmdirSync(paths.dir);
        } catch {
          // Not empty (a file of the user's) or gone already: left as it is.
        }
      }
      return outcome;
    },
  };
}

async function revoke(
  config: Readonly<Config>,
  tokens: { access_token: string; refresh_token?: string; origins?: Record<string, string> },
): Promise<{ tokens: 'revoked' | 'not_revoked'; reason?: string }> {
  const client = platformOAuth(config);
  if (!client) return { tokens: 'not_revoked', reason: 'social_api.client_id is not set' };
  // Tokens go only where they were issued: a token endpoint that moved since gets none.
  const moved = movedOrigin(tokens.origins, tokenOrigins(config));
  if (moved)
    return {
      tokens: 'not_revoked',
      reason: `the platform's ${moved.place} host is now ${moved.now}, not ${moved.issued} where the tokens were issued`,
    };
  try {
    if (tokens.refresh_token) await client.revoke(tokens.refresh_token, 'refresh_token');
    await client.revoke(tokens.access_token, 'access_token');
    return { tokens: 'revoked' };
  } catch (error) {
    return { tokens: 'not_revoked', reason: (error as Error).message };
  }
}
