// Stores a login the fake platform issued, as `app auth` would have (tokens.json, 0600): the simulated
// login of `app simulate`, and the tests' logged-in account.
import type { StoredTokens } from '../../contracts/platform-tokens.js';
import { TokenStore } from '../social/token-store.js';
import type { FakeSocial } from './social/index.js';

export function storeFakeLogin(
  fake: FakeSocial,
  tokensPath: string,
  options: {
    scopes?: string[];
    expiresInSeconds?: number;
    withRefresh?: boolean;
    clientId?: string;
    /** Whose login (default the fake's acting user, @app_owner). */
    userId?: string;
  } = {},
): StoredTokens {
  const issued = fake.state.issueToken({
    scopes: options.scopes ?? fake.state.allScopes(),
    expiresInSeconds: options.expiresInSeconds ?? 86_400,
    withRefresh: options.withRefresh ?? true,
    ...(options.clientId ? { clientId: options.clientId } : {}),
    ...(options.userId ? { userId: options.userId } : {}),
  });
  const tokens: StoredTokens = {
    access_token: issued.accessToken,
    refresh_token: issued.refreshToken,
    token_type: 'bearer',
    expires_at: new Date(fake.clock.now() + issued.expiresIn * 1000).toISOString(),
    scopes: issued.scopes,
    user_id: issued.userId,
  };
  new TokenStore(tokensPath).write(tokens);
  return tokens;
}
