// Tokens a service issued (the platform's login, a linked drive's refresh token) are sent only to the
// origins they were issued for. Each records where it may go; a config that names another origin for one
// of those places gets no token there, and the account must sign in (or link) again.
import { originOf } from './secret-destinations.js';

export type TokenOrigins = Record<string, string>;

/** Where a linked drive's tokens go under `[connectors.cloud_drive]`. */
export function driveTokenOrigins(connector: {
  token_url: string;
  api_base_url: string;
  revoke_url: string;
}): TokenOrigins {
  const origins: TokenOrigins = {};
  for (const [place, url] of [
    ['token', connector.token_url],
    ['api', connector.api_base_url],
    ['revoke', connector.revoke_url],
  ] as const) {
    const origin = originOf(url);
    if (origin) origins[place] = origin;
  }
  return origins;
}

/** The first place the config now sends to another origin than the token was issued for, if any. */
export function movedOrigin(
  issued: TokenOrigins | undefined,
  now: TokenOrigins,
): { place: string; issued: string; now: string } | undefined {
  if (!issued) return undefined;
  for (const [place, origin] of Object.entries(now)) {
    const was = issued[place];
    if (was !== undefined && was !== origin) return { place, issued: was, now: origin };
  }
  return undefined;
}
