// OAuth 2.0 with PKCE against the platform (oauth4webapi): the authorization URL, the code exchange and
// the refresh grant. The platform publishes no discovery document, so the server is described by config.
import * as oauth from 'oauth4webapi';
import { AppError } from '../../core/errors.js';
import type { ApiUsageRecorder } from '../../core/ports/api-usage.js';
import { errorFromNetwork } from './platform-errors.js';

export interface OAuthSettings {
  clientId: string;
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  timeoutMs: number;
  usage?: ApiUsageRecorder;
}

export interface TokenGrant {
  accessToken: string;
  refreshToken?: string;
  expiresInSeconds: number;
  scopes: string[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class PlatformOAuth {
  private readonly server: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly auth: oauth.ClientAuth;
  private readonly options: oauth.TokenEndpointRequestOptions;

  constructor(private readonly settings: OAuthSettings) {
    const tokenUrl = new URL(settings.tokenUrl);
    this.server = {
      issuer: `${tokenUrl.protocol}//${tokenUrl.host}`,
      authorization_endpoint: settings.authorizeUrl,
      token_endpoint: settings.tokenUrl,
      revocation_endpoint: revocationUrl(settings.tokenUrl),
    };
    this.client = { client_id: settings.clientId };
    this.auth = settings.clientSecret ? oauth.ClientSecretBasic(settings.clientSecret) : oauth.None();
    this.options = {
      // Plain http is accepted only for a server on this machine (the test fake), never for a real host.
      [oauth.allowInsecureRequests]: tokenUrl.protocol === 'http:' && LOOPBACK.has(tokenUrl.hostname),
      [oauth.customFetch]: (url, init) => this.fetch(url, init),
    };
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.settings.timeoutMs) });
      status = response.status;
      return response;
    } finally {
      const target = new URL(url);
      await this.settings.usage?.record({
        host: target.host,
        method: init.method ?? 'POST',
        endpoint: target.pathname,
        status,
        latencyMs: Math.round(performance.now() - started),
        errorCode:
          status >= 200 && status < 300
            ? undefined
            : status === 0
              ? 'social_network_error'
              : 'social_auth_expired',
      });
    }
  }

  authorizationUrl(input: {
    redirectUri: string;
    scopes: readonly string[];
    state: string;
    codeChallenge: string;
  }): string {
    const url = new URL(this.settings.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('scope', input.scopes.join(' '));
    url.searchParams.set('state', input.state);
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.href;
  }

  /** Exchanges the code from the redirect for tokens, after checking `state` and any `error` in it. */
  async exchangeCode(input: {
    callbackUrl: URL;
    expectedState: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<TokenGrant> {
    return this.grant('authorization code exchange', async () => {
      const params = oauth.validateAuthResponse(
        this.server,
        this.client,
        input.callbackUrl,
        input.expectedState,
      );
      const response = await oauth.authorizationCodeGrantRequest(
        this.server,
        this.client,
        this.auth,
        params,
        input.redirectUri,
        input.codeVerifier,
        this.options,
      );
      return oauth.processAuthorizationCodeResponse(this.server, this.client, response);
    });
  }

  /** Spends `refreshToken` (single use on the platform) for a new grant. */
  async refresh(refreshToken: string): Promise<TokenGrant> {
    return this.grant('token refresh', async () => {
      const response = await oauth.refreshTokenGrantRequest(
        this.server,
        this.client,
        this.auth,
        refreshToken,
        this.options,
      );
      return oauth.processRefreshTokenResponse(this.server, this.client, response);
    });
  }

  /**
   * Revokes a token (RFC 7009) at the revocation endpoint beside the token endpoint: the platform's
   * `/2/oauth2/revoke` next to `/2/oauth2/token`. Throws the mapped AppError when the platform refuses.
   */
  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
    try {
      const response = await oauth.revocationRequest(this.server, this.client, this.auth, token, {
        ...this.options,
        additionalParameters: { token_type_hint: hint },
      });
      await oauth.processRevocationResponse(response);
    } catch (error) {
      throw mapOAuthError(error, 'token revocation');
    }
  }

  private async grant(what: string, run: () => Promise<oauth.TokenEndpointResponse>): Promise<TokenGrant> {
    let result: oauth.TokenEndpointResponse;
    try {
      result = await run();
    } catch (error) {
      throw mapOAuthError(error, what);
    }
    return {
      accessToken: result.access_token,
      refreshToken: result.refresh_token,
      expiresInSeconds: result.expires_in ?? 7200,
      scopes: (typeof result.scope === 'string' ? result.scope : '').split(/\s+/).filter(Boolean),
    };
  }
}

/** The revocation endpoint beside a token endpoint (`…/oauth2/token` → `…/oauth2/revoke`), same origin. */
export function revocationUrl(tokenUrl: string): string {
  return new URL('revoke', tokenUrl).href;
}

/** The OAuth error the platform sent (`invalid_request`, `access_denied`...), if any. */
export function oauthErrorCode(error: unknown): string | undefined {
  return error instanceof AppError
    ? (error.details as { oauth_error?: string } | undefined)?.oauth_error
    : undefined;
}

function mapOAuthError(error: unknown, what: string): AppError {
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) {
    const description = error.error_description ? `: ${error.error_description}` : '';
    const code = error.error === 'access_denied' ? 'social_forbidden' : 'social_auth_expired';
    return new AppError(code, `${what} refused (${error.error}${description})`, {
      retryable: false,
      details: { oauth_error: error.error },
      cause: error,
    });
  }
  if (error instanceof oauth.OperationProcessingError) {
    const cause = error.cause as unknown;
    if (cause instanceof Response) {
      return new AppError('social_api_error', `${what}: unexpected answer (HTTP ${cause.status})`, {
        cause: error,
      });
    }
    return new AppError('social_api_error', `${what}: ${error.message}`, { retryable: false, cause: error });
  }
  if (error instanceof TypeError || (error as Error)?.name === 'TimeoutError')
    return errorFromNetwork(error, what);
  return new AppError('social_api_error', `${what}: ${(error as Error)?.message ?? String(error)}`, {
    cause: error,
  });
}
