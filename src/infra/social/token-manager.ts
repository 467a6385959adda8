// Keeps a usable access token: refreshes shortly before expiry, single-flight (concurrent callers, and
// other processes through the marker lock, never spend the same refresh token twice), saves the rotated
// tokens before anyone uses them, and names a dead refresh chain plainly.
import type { StoredTokens } from '../../contracts/platform-tokens.js';
import { AppError } from '../../core/errors.js';
import type { Clock } from '../../core/ports/clock.js';
import type { AccessGrant, AccessTokens } from './http-transport.js';
import { oauthErrorCode, type PlatformOAuth } from './platform-oauth.js';
import type { TokenStore } from './token-store.js';

export interface TokenManagerOptions {
  store: TokenStore;
  /** Absent when no client id is configured: tokens can be used but not refreshed. */
  oauth?: PlatformOAuth;
  clock: Clock;
  /** Refresh when the token expires within this many seconds. */
  refreshSkewSeconds?: number;
  /** A refresh claimed by another process longer ago than this is treated as interrupted. */
  staleRefreshMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type TokenHealth =
  | { state: 'missing' | 'invalid'; message: string }
  | { state: 'valid' | 'expiring' | 'expired'; expiresAt: Date; scopes: string[]; canRefresh: boolean }
  | { state: 'dead'; message: string };

const grantOf = (tokens: StoredTokens): AccessGrant => ({
  accessToken: tokens.access_token,
  scopes: tokens.scopes,
});

export class TokenManager implements AccessTokens {
  private cached: { version: number; tokens: StoredTokens } | undefined;
  private inflight: Promise<StoredTokens> | undefined;
  private dead: { version: number; error: AppError } | undefined;
  private readonly skewMs: number;

  constructor(private readonly options: TokenManagerOptions) {
    this.skewMs = (options.refreshSkewSeconds ?? 300) * 1000;
  }

  private now(): Date {
    return this.options.clock.now();
  }

  /** The stored tokens, re-read whenever the file changes (e.g. after `app auth`). */
  private load(): StoredTokens {
    const version = this.options.store.version();
    if (this.dead && this.dead.version === version) throw this.dead.error;
    if (!this.cached || this.cached.version !== version) {
      const file = this.options.store.read();
      if (file.state === 'missing') {
        throw new AppError('social_not_configured', 'no platform tokens yet; run `app auth` to log in');
      }
      if (file.state === 'invalid') throw new AppError('social_not_configured', file.message);
      this.cached = { version, tokens: file.tokens };
      this.dead = undefined;
    }
    return this.cached.tokens;
  }

  /** The signed-in account's id, when `app auth` recorded it. */
  userId(): string | undefined {
    try {
      return this.load().user_id;
    } catch {
      return undefined;
    }
  }

  async current(): Promise<AccessGrant> {
    const tokens = this.load();
    const expiresAt = Date.parse(tokens.expires_at);
    const now = this.now().getTime();
    if (expiresAt - this.skewMs > now) return grantOf(tokens);
    if (!tokens.refresh_token || !this.options.oauth) {
      if (expiresAt > now) return grantOf(tokens);
      throw new AppError(
        'social_auth_expired',
        'the platform token has expired and cannot be refreshed; run `app auth`',
      );
    }
    try {
      return grantOf(await this.refresh(tokens));
    } catch (error) {
      // Still valid for a few minutes: a failed early refresh must not fail the call.
      if (expiresAt > now && error instanceof AppError && error.code === 'social_network_error')
        return grantOf(tokens);
      throw error;
    }
  }

  async afterUnauthorized(accessToken: string): Promise<AccessGrant | undefined> {
    const tokens = this.load();
    if (tokens.access_token !== accessToken) return grantOf(tokens);
    if (!tokens.refresh_token || !this.options.oauth) return undefined;
    return grantOf(await this.refresh(tokens));
  }

  /** For the background job: refreshes when due; returns the resulting health. */
  async refreshIfDue(): Promise<TokenHealth> {
    try {
      await this.current();
    } catch {
      // The health below says what went wrong.
    }
    return this.health();
  }

  health(): TokenHealth {
    let tokens: StoredTokens;
    try {
      tokens = this.load();
    } catch (error) {
      const message = (error as Error).message;
      if (this.dead) return { state: 'dead', message };
      return { state: this.options.store.read().state === 'missing' ? 'missing' : 'invalid', message };
    }
    const expiresAt = new Date(tokens.expires_at);
    const left = expiresAt.getTime() - this.now().getTime();
    const state = left <= 0 ? 'expired' : left <= this.skewMs ? 'expiring' : 'valid';
    return {
      state,
      expiresAt,
      scopes: tokens.scopes,
      canRefresh: Boolean(tokens.refresh_token && this.options.oauth),
    };
  }

  private refresh(tokens: StoredTokens): Promise<StoredTokens> {
    this.inflight ??= this.refreshOnce(tokens).finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async refreshOnce(tokens: StoredTokens): Promise<StoredTokens> {
    const { store } = this.options;
    const staleMs = this.options.staleRefreshMs ?? 30_000;
    const interrupted = store.interruptedRefresh();
    if (!store.claimRefresh(this.now(), staleMs)) return this.awaitOtherProcess(tokens, staleMs);

    let grant: Awaited<ReturnType<PlatformOAuth['refresh']>>;
    try {
      grant = await (this.options.oauth as PlatformOAuth).refresh(tokens.refresh_token as string);
    } catch (error) {
      if (!oauthErrorCode(error)) throw error; // network trouble: the marker stays, the token may be spent
      store.clearRefreshMarker();
      const newer = store.read();
      if (newer.state === 'ok' && newer.tokens.refresh_token !== tokens.refresh_token) {
        this.cached = { version: store.version(), tokens: newer.tokens };
        return newer.tokens; // another process refreshed first
      }
      const why = interrupted
        ? `a refresh started at ${interrupted.toISOString()} was interrupted before its tokens were saved`
        : 'the platform no longer accepts the stored refresh token';
      const dead = new AppError(
        'social_auth_expired',
        `the platform refresh chain is dead: ${why}; run \`app auth\``,
        {
          retryable: false,
          cause: error,
        },
      );
      this.dead = { version: store.version(), error: dead };
      throw dead;
    }

    const now = this.now();
    const next: StoredTokens = {
      ...tokens,
      access_token: grant.accessToken,
      refresh_token: grant.refreshToken ?? tokens.refresh_token,
      expires_at: new Date(now.getTime() + grant.expiresInSeconds * 1000).toISOString(),
      scopes: grant.scopes.length > 0 ? grant.scopes : tokens.scopes,
      obtained_at: now.toISOString(),
    };
    // Saved before anyone uses it: the old refresh token is already spent.
    store.write(next);
    store.clearRefreshMarker();
    this.cached = { version: store.version(), tokens: next };
    return next;
  }

  /** Another process holds the refresh: wait for its tokens instead of spending ours a second time. */
  private async awaitOtherProcess(tokens: StoredTokens, staleMs: number): Promise<StoredTokens> {
    const sleep =
      this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    for (let waited = 0; waited < staleMs; waited += 100) {
      await sleep(100);
      const file = this.options.store.read();
      if (file.state === 'ok' && file.tokens.access_token !== tokens.access_token) {
        this.cached = { version: this.options.store.version(), tokens: file.tokens };
        return file.tokens;
      }
    }
    throw new AppError(
      'social_network_error',
      'another process is refreshing the platform token; try again shortly',
    );
  }
}
