// The platform login from the dashboard: the same PKCE login as `app auth` (oauth-login.ts finishes both),
// but the browser comes back to this server's callback route. Verifier and redirect URI stay here, by state,
// single use, for 10 minutes; the tokens are saved as `app auth` saves them.
import * as oauth from 'oauth4webapi';
import type { Config } from '../../contracts/config/config.js';
import type { PlatformLogin } from '../../contracts/setup.js';
import { REQUESTED_SCOPES } from '../../core/domain/scopes.js';
import { AppError } from '../../core/errors.js';
import type { ApiUsageRecorder } from '../../core/ports/api-usage.js';
import type { Clock } from '../../core/ports/clock.js';
import type { PlatformLink } from '../../core/ports/platform-link.js';
import { platformOAuth } from './create-social-backend.js';
import { finishLogin } from './oauth-login.js';
import { readTokenFile } from './token-store.js';

/** How long a started login waits for its callback. */
export const LOGIN_TTL_MS = 10 * 60_000;
/** Started logins kept at most (oldest dropped first): a flood of starts cannot grow memory. */
const MAX_PENDING = 50;

interface Pending {
  verifier: string;
  redirectUri: string;
  expiresAt: number;
}

export interface BrowserLoginOptions {
  /** The live config: a client id written by the first-run wizard applies at once. */
  config: () => Readonly<Config>;
  tokensPath: string;
  clock: Clock;
  usage?: ApiUsageRecorder;
  /** The login's state as the status tools see it (token health, expiry). */
  health(): { state: string; message?: string };
  /** Refuses a platform user another account has (see FinishLoginOptions.claimUser). */
  claimUser?(user: { id: string; username: string }): void | Promise<void>;
}

export function createBrowserLogin(options: BrowserLoginOptions): PlatformLink {
  const pending = new Map<string, Pending>();
  const client = () => {
    const found = platformOAuth(options.config(), options.usage);
    if (!found)
      throw new AppError(
        'social_not_configured',
        'social_api.client_id is not set; finish the first-run setup or set it in Settings',
      );
    return found;
  };
  const purge = (now: number) => {
    for (const [state, login] of pending) if (login.expiresAt <= now) pending.delete(state);
  };

  return {
    async start({ redirectUri }) {
      const oauthClient = client();
      const now = options.clock.now().getTime();
      purge(now);
      while (pending.size >= MAX_PENDING) {
        const oldest = pending.keys().next().value;
        if (oldest === undefined) break;
        pending.delete(oldest);
      }
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      pending.set(state, { verifier, redirectUri, expiresAt: now + LOGIN_TTL_MS });
      const authorization_url = oauthClient.authorizationUrl({
        redirectUri,
        scopes: REQUESTED_SCOPES,
        state,
        codeChallenge: await oauth.calculatePKCECodeChallenge(verifier),
      });
      return { authorization_url, state, redirect_uri: redirectUri };
    },

    holds(state) {
      const login = pending.get(state);
      return login !== undefined && login.expiresAt > options.clock.now().getTime();
    },

    async complete(callback) {
      const login = callback.state ? pending.get(callback.state) : undefined;
      if (callback.state) pending.delete(callback.state);
      if (!callback.state || !login || login.expiresAt <= options.clock.now().getTime()) {
        throw new AppError(
          'validation_error',
          'this login link is unknown, used or expired; start Connect account again from the dashboard',
        );
      }
      if (callback.error !== undefined) {
        const why = callback.error_description ? `: ${callback.error_description}` : '';
        throw new AppError(
          'validation_error',
          `the platform did not grant access (${callback.error}${why}); nothing was saved. Start Connect account again to retry`,
        );
      }
      if (!callback.code) throw new AppError('validation_error', 'the callback carries no code');
      const callbackUrl = new URL(login.redirectUri);
      callbackUrl.searchParams.set('code', callback.code);
      callbackUrl.searchParams.set('state', callback.state);
      const result = await finishLogin({
        config: options.config(),
        tokensPath: options.tokensPath,
        scopes: REQUESTED_SCOPES,
        clock: options.clock,
        usage: options.usage,
        client: client(),
        callbackUrl,
        state: callback.state,
        verifier: login.verifier,
        redirectUri: login.redirectUri,
        ...(options.claimUser ? { claimUser: options.claimUser } : {}),
      });
      return { user_id: result.userId, username: result.username };
    },

    status(): PlatformLogin {
      const file = readTokenFile(options.tokensPath);
      const tokens = file.state === 'ok' ? file.tokens : undefined;
      const health = options.health();
      return {
        linked: tokens !== undefined,
        state: health.state,
        user_id: tokens?.user_id ?? null,
        username: tokens?.username ?? null,
        expires_at: tokens?.expires_at ?? null,
        scopes: tokens?.scopes ?? [],
        message: health.message ?? (file.state === 'invalid' ? file.message : null),
      };
    },
  };
}
