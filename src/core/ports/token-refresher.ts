// The platform login as the token-refresh loop keeps it: refresh before expiry, and say how it stands.

export type TokenHealth =
  | { state: 'missing' | 'invalid'; message: string }
  | { state: 'valid' | 'expiring' | 'expired'; expiresAt: Date; scopes: string[]; canRefresh: boolean }
  | { state: 'dead'; message: string };

export interface TokenRefresher {
  /** Refreshes when due; answers the resulting health. */
  refreshIfDue(): Promise<TokenHealth>;
  /**
   * When `refreshIfDue` will next refresh, from the tokens as last stored; undefined when it cannot say (no
   * usable token, nothing to refresh with) or the refresh is due already.
   */
  refreshDueAt(): Date | undefined;
}
