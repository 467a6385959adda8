// `app auth`: the PKCE login. Listens for the platform's redirect on a local callback (or takes the pasted
// redirect URL in manual mode), exchanges the code, learns who logged in, and saves the tokens 0600.
import { createServer, type Server } from 'node:http';
import * as oauth from 'oauth4webapi';
import type { Config } from '../../contracts/config/config.js';
import { ENDPOINTS } from '../../contracts/platform-endpoints.js';
import type { StoredTokens } from '../../contracts/platform-tokens.js';
import { UserSchema } from '../../contracts/social.js';
import { socialBaseUrls } from '../../core/domain/platform-hosts.js';
import { scopeStatus } from '../../core/domain/scopes.js';
import { AppError } from '../../core/errors.js';
import type { ApiUsageRecorder } from '../../core/ports/api-usage.js';
import type { Clock } from '../../core/ports/clock.js';
import { platformOAuth, tokenOrigins } from './create-social-backend.js';
import { HttpTransport } from './http-transport.js';
import type { PlatformOAuth } from './platform-oauth.js';
import { TokenStore } from './token-store.js';

export interface LoginOptions {
  config: Readonly<Config>;
  tokensPath: string;
  scopes: readonly string[];
  mode: 'local_callback' | 'manual';
  clock: Clock;
  /** Shows the authorization URL (and progress) to the user. */
  print(text: string): void;
  /** Opens the URL in a browser; omitted with --no-browser. */
  openBrowser?(url: string): void;
  /** Manual mode: asks for the URL the browser was redirected to. */
  askRedirectUrl?(): Promise<string>;
  usage?: ApiUsageRecorder;
  timeoutMs?: number;
  /**
   * Claims the platform user who logged in for this account, before the tokens are saved: throws (conflict
   * naming the account that has that user) to refuse the login; the new tokens are then revoked, not saved.
   */
  claimUser?(user: { id: string; username: string }): void | Promise<void>;
}

export interface LoginResult {
  userId: string;
  username: string;
  expiresAt: string;
  granted: string[];
  missing: string[];
  degraded: string[];
}

const PAGE = (text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>app</title></head><body><p>${text}</p></body></html>`;

/** Starts the callback listener; resolves with the redirect URL the platform sends the browser to. */
async function listen(
  host: string,
  port: number,
): Promise<{ server: Server; redirectUri: string; callback: Promise<URL> }> {
  let deliver: (url: URL) => void = () => {};
  const callback = new Promise<URL>((resolve) => {
    deliver = resolve;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? `${host}:${port}`}`);
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    const ok = url.searchParams.has('code');
    response
      .writeHead(ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        PAGE(
          ok
            ? 'Logged in. You can close this window and return to the terminal.'
            : 'Login was not completed.',
        ),
      );
    deliver(url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { server, redirectUri: `http://${shownHost}:${actualPort}/callback`, callback };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('social_auth_expired', `no login within ${Math.round(ms / 1000)} s`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function login(options: LoginOptions): Promise<LoginResult> {
  const { config } = options;
  const client = platformOAuth(config, options.usage);
  if (!client) {
    throw new AppError(
      'social_not_configured',
      'social_api.client_id is not set; run `app init` or set APP_SOCIAL_API__CLIENT_ID',
    );
  }
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const { callback_host: host, callback_port: port } = config.auth;

  let callbackUrl: URL;
  let redirectUri: string;
  if (options.mode === 'local_callback') {
    const listener = await listen(host, port);
    redirectUri = listener.redirectUri;
    try {
      const url = client.authorizationUrl({
        redirectUri,
        scopes: options.scopes,
        state,
        codeChallenge: challenge,
      });
      options.print(
        `Open this URL to authorize app:\n\n  ${url}\n\nWaiting for the redirect to ${redirectUri} …`,
      );
      options.openBrowser?.(url);
      callbackUrl = await withTimeout(listener.callback, options.timeoutMs ?? 5 * 60_000);
    } finally {
      listener.server.close();
    }
  } else {
    redirectUri = `http://${host}:${port}/callback`;
    const url = client.authorizationUrl({
      redirectUri,
      scopes: options.scopes,
      state,
      codeChallenge: challenge,
    });
    options.print(
      `Open this URL to authorize app, then paste the address the browser was sent to:\n\n  ${url}\n`,
    );
    if (!options.askRedirectUrl)
      throw new AppError('invalid_input', 'manual login needs a terminal to paste the URL into');
    const pasted = (await options.askRedirectUrl()).trim();
    if (!URL.canParse(pasted)) throw new AppError('invalid_input', `'${pasted}' is not a URL`);
    callbackUrl = new URL(pasted);
  }

  return finishLogin({ ...options, client, callbackUrl, state, verifier, redirectUri });
}

/** What completing a login needs: the PKCE pair and where the platform sent the browser back. */
export interface FinishLoginOptions
  extends Pick<LoginOptions, 'config' | 'tokensPath' | 'scopes' | 'clock' | 'usage' | 'claimUser'> {
  client: PlatformOAuth;
  callbackUrl: URL;
  state: string;
  verifier: string;
  redirectUri: string;
}

/**
 * Exchanges the code, learns who logged in, lets `claimUser` refuse that user, and saves the tokens 0600
 * (superseding any refresh record): the end of `app auth` and of the dashboard's Connect account alike.
 */
export async function finishLogin(options: FinishLoginOptions): Promise<LoginResult> {
  const grant = await options.client.exchangeCode({
    callbackUrl: options.callbackUrl,
    expectedState: options.state,
    codeVerifier: options.verifier,
    redirectUri: options.redirectUri,
  });
  const me = await whoAmI(options.config, grant.accessToken, options);
  try {
    await options.claimUser?.({ id: me.id, username: me.username });
  } catch (error) {
    // Refused: the tokens just issued are never saved, and the platform is asked to forget them.
    await Promise.allSettled(
      [
        grant.refreshToken ? options.client.revoke(grant.refreshToken, 'refresh_token') : undefined,
        options.client.revoke(grant.accessToken, 'access_token'),
      ].filter(Boolean),
    );
    throw error;
  }
  const now = options.clock.now();
  const tokens: StoredTokens = {
    access_token: grant.accessToken,
    refresh_token: grant.refreshToken,
    token_type: 'bearer',
    expires_at: new Date(now.getTime() + grant.expiresInSeconds * 1000).toISOString(),
    scopes: grant.scopes.length > 0 ? grant.scopes : [...options.scopes],
    obtained_at: now.toISOString(),
    user_id: me.id,
    username: me.username,
    // Issued by these hosts: they are the only ones the tokens will be sent to.
    origins: tokenOrigins(options.config),
  };
  const store = new TokenStore(options.tokensPath);
  store.write(tokens);
  store.clearRefreshMarker();
  const status = scopeStatus(tokens.scopes);
  const requestedMissing = options.scopes.filter((scope) => !tokens.scopes.includes(scope));
  return {
    userId: me.id,
    username: me.username,
    expiresAt: tokens.expires_at,
    granted: tokens.scopes,
    missing: requestedMissing,
    degraded: status.degraded
      .filter((group) => group.missing.some((s) => requestedMissing.includes(s)))
      .map((g) => g.title),
  };
}

/** The account the new token belongs to, through the same transport every call uses. */
async function whoAmI(
  config: Readonly<Config>,
  accessToken: string,
  options: Pick<LoginOptions, 'clock' | 'usage'>,
) {
  const api = config.social_api;
  const grant = { accessToken, scopes: [] };
  const transport = new HttpTransport({
    baseUrls: socialBaseUrls(config),
    timeoutMs: api.request_timeout_seconds * 1000,
    tokens: { current: async () => grant, afterUnauthorized: async () => undefined },
    clock: options.clock,
    usage: options.usage,
  });
  const result = await transport.send({ endpoint: ENDPOINTS.getMe });
  const parsed = UserSchema.safeParse((result.json as { data?: unknown }).data);
  if (!parsed.success)
    throw new AppError('social_api_error', 'the platform did not say which account logged in');
  return parsed.data;
}
