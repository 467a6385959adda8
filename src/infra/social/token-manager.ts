// Keeps a usable access token: refreshes shortly before expiry, single-flight (concurrent callers, and
// other processes through the marker lock, never spend the same refresh token twice; a waiter stops as soon
// as the holder saves, is refused, dies or gives up), saves the rotated tokens before anyone uses them, and
// names a dead refresh chain plainly. Tokens go only to the origins they were issued for: a file from before
// that record is bound to the config in force at its first use.
import type { StoredTokens } from '../../contracts/platform-tokens.js';
import { movedOrigin } from '../../core/domain/token-origins.js';
import { AppError } from '../../core/errors.js';
import type { Clock } from '../../core/ports/clock.js';
import type { TokenHealth, TokenRefresher } from '../../core/ports/token-refresher.js';
import type { AccessGrant, AccessTokens } from './http-transport.js';
import { neverConnected } from './platform-errors.js';
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
  /** The origins the config sends tokens to now (each platform host and the token endpoint). */
  origins?: Record<string, string>;
}

export type { TokenHealth } from '../../core/ports/token-refresher.js';

/** How often a process waiting for another one's refresh looks again. */
const POLL_MS = 100;

const grantOf = (tokens: StoredTokens): AccessGrant => ({
  accessToken: tokens.access_token,
  scopes: tokens.scopes,
});

export class TokenManager implements AccessTokens, TokenRefresher {
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
      this.cached = { version, tokens: this.bound(file.tokens) };
      this.dead = undefined;
    }
    const moved = this.movedOrigin(this.cached.tokens);
    if (moved) throw moved;
    return this.cached.tokens;
  }

  /** Tokens from before origins were recorded, bound now to where this config sends them (saved once). */
  private bound(tokens: StoredTokens): StoredTokens {
    const { origins } = this.options;
    if (tokens.origins || !origins) return tokens;
    const bound = { ...tokens, origins };
    this.options.store.write(bound);
    return bound;
  }

  /** Refusal when the config now names another origin than the tokens were issued for. */
  private movedOrigin(tokens: StoredTokens): AppError | undefined {
    const moved = this.options.origins ? movedOrigin(tokens.origins, this.options.origins) : undefined;
    return moved
      ? new AppError(
          'social_not_configured',
          `the saved platform login was made for ${moved.issued} (${moved.place}); the config now names ${moved.now}, where it is never sent: run \`app auth\` to sign in there`,
        )
      : undefined;
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

  refreshDueAt(): Date | undefined {
    let tokens: StoredTokens;
    try {
      tokens = this.load();
    } catch {
      return undefined;
    }
    if (!tokens.refresh_token || !this.options.oauth) return undefined;
    // current() refreshes once the expiry is within the skew.
    const at = Date.parse(tokens.expires_at) - this.skewMs;
    return at > this.now().getTime() ? new Date(at) : undefined;
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

  /**
   * Refreshes under the cross-process lock, or waits for the process holding it. Waiting ends as soon as
   * that process saves new tokens (we use them) or stops holding the lock: refused, dead, stale or in
   * doubt, the lock is then ours to claim and we find out by refreshing ourselves. After a refusal that
   * costs one request per waiting process, and we prefer it to reading a verdict the holder recorded: the
   * platform is the only authority on the token (a spent or revoked one is refused again), and a recorded
   * verdict could be wrong for us (the holder's own misconfiguration, a token `app auth` replaced since).
   */
  private async refreshOnce(tokens: StoredTokens): Promise<StoredTokens> {
    const { store } = this.options;
    const staleMs = this.options.staleRefreshMs ?? 30_000;
    const sleep =
      this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    // Bounded by the stale window counted in polls (the injected clock may stand still).
    for (let waited = 0; waited <= staleMs; waited += POLL_MS) {
      if (waited > 0) {
        await sleep(POLL_MS);
        const newer = this.adoptNewer(tokens);
        if (newer) return newer;
      }
      const claim = store.claimRefresh(this.now(), staleMs);
      if (claim) return this.refreshClaimed(tokens, claim.interrupted);
    }
    throw new AppError(
      'social_network_error',
      'another process is refreshing the platform token; try again shortly',
    );
  }

  /** Tokens another process (a refresh, `app auth`) saved since we read `tokens`, now cached. */
  private adoptNewer(tokens: StoredTokens): StoredTokens | undefined {
    const file = this.options.store.read();
    if (file.state !== 'ok') return undefined;
    const { access_token, refresh_token } = file.tokens;
    if (access_token === tokens.access_token && refresh_token === tokens.refresh_token) return undefined;
    this.cached = { version: this.options.store.version(), tokens: file.tokens };
    return file.tokens;
  }

  /** Holding the lock: spends the refresh token, saves the result, then lets go. */
  private async refreshClaimed(tokens: StoredTokens, interrupted: Date | undefined): Promise<StoredTokens> {
    const { store } = this.options;
    // The holder we waited for may have saved its tokens just before letting go.
    const saved = this.adoptNewer(tokens);
    if (saved) {
      store.releaseRefresh();
      return saved;
    }

    let grant: Awaited<ReturnType<PlatformOAuth['refresh']>>;
    try {
      grant = await (this.options.oauth as PlatformOAuth).refresh(tokens.refresh_token as string);
    } catch (error) {
      if (!oauthErrorCode(error)) {
        // Network trouble. Nothing was spent if we never connected; otherwise the token may be spent, so
        // the record stays (the next refresh names it) while waiting processes are told to stop waiting.
        if (neverConnected((error as AppError).cause)) store.releaseRefresh();
        else store.releaseInDoubt();
        throw error;
      }
      store.releaseRefresh();
      const newer = this.adoptNewer(tokens);
      if (newer) return newer; // another process refreshed first
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
    // Saved before anyone uses it (and before the lock goes): the old refresh token is already spent.
    store.write(next);
    store.releaseRefresh();
    this.cached = { version: store.version(), tokens: next };
    return next;
  }
}
