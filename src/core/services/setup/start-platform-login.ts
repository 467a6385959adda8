// Connect account from the dashboard: where the platform sends the browser back (this server's callback
// under the address the browser uses), checked against the hosts the server answers, then the login starts.
import type { Config } from '../../../contracts/config/config.js';
import type { PlatformAuthStart } from '../../../contracts/setup.js';
import { AppError } from '../../errors.js';
import type { PlatformLink } from '../../ports/platform-link.js';

export const PLATFORM_CALLBACK_PATH = '/api/auth/platform/callback';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const WILDCARD = new Set(['0.0.0.0', '::']);

export interface StartPlatformLoginDeps {
  config(): Readonly<Config>;
  platform: PlatformLink;
}

/** `http://{server.host}:{server.port}`, a wildcard bind named localhost (as the drive connector does). */
function defaultBase(config: Readonly<Config>): string {
  const { host, port } = config.server;
  const name = WILDCARD.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The callback URL for `baseUrl` (an origin the server answers to), or a validation error saying why not. */
export function platformRedirectUri(config: Readonly<Config>, baseUrl?: string): string {
  const base = baseUrl ?? defaultBase(config);
  const url = URL.canParse(base) ? new URL(base) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search) {
    throw new AppError(
      'validation_error',
      `base_url '${base}' is not an origin such as http://localhost:3001`,
      {
        details: { issues: [{ key: 'base_url', message: 'an http(s) origin without path' }] },
      },
    );
  }
  const allowed = new Set([
    ...LOOPBACK,
    ...config.server.allowed_hosts.map((h) => h.toLowerCase()),
    ...(WILDCARD.has(config.server.host) ? [] : [config.server.host.toLowerCase()]),
  ]);
  if (!allowed.has(url.hostname.toLowerCase())) {
    throw new AppError(
      'validation_error',
      `base_url host ${url.hostname} is not one this server answers to; add it to [server] allowed_hosts`,
      { details: { issues: [{ key: 'base_url', message: 'host not allowed' }] } },
    );
  }
  return `${url.origin}${PLATFORM_CALLBACK_PATH}`;
}

/** Starts a login whose callback comes back to this server. */
export function startPlatformLogin(
  deps: StartPlatformLoginDeps,
  input: { base_url?: string },
): Promise<PlatformAuthStart> {
  return deps.platform.start({ redirectUri: platformRedirectUri(deps.config(), input.base_url) });
}
