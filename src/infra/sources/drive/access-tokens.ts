// The current access token of one drive source: fetched on first use, renewed a minute before it expires
// or after the API refused it, one renewal at a time however many requests wait for it.
import type { Clock } from '../../../core/ports/clock.js';
import type { AccessGrant } from './drive-oauth.js';

const RENEW_BEFORE_MS = 60_000;

export class AccessTokens {
  private current: { token: string; expiresAt: number } | undefined;
  private pending: Promise<string> | undefined;

  /** `obtain` gets a new grant (refresh-token or service-account grant); its errors reach the caller. */
  constructor(
    private readonly obtain: () => Promise<AccessGrant>,
    private readonly clock: Clock,
  ) {}

  async token(): Promise<string> {
    const now = this.clock.now().getTime();
    if (this.current && now < this.current.expiresAt - RENEW_BEFORE_MS) return this.current.token;
    this.pending ??= this.renew().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** The API refused `token`: the next call gets a new one (unless another renewal already replaced it). */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async renew(): Promise<string> {
    const grant = await this.obtain();
    this.current = {
      token: grant.accessToken,
      expiresAt: this.clock.now().getTime() + grant.expiresInSeconds * 1000,
    };
    return grant.accessToken;
  }
}
