// The fake Google OAuth side: registered web clients (id, secret, redirect URIs), authorization codes bound
// to a PKCE S256 challenge, refresh tokens that can be revoked or expire, expiring access tokens, and
// service accounts whose RS256-signed JWT assertions are verified with the public key a test registers.
import { createHash, createPublicKey, type KeyObject, randomBytes, verify } from 'node:crypto';

export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
export const DEFAULT_DRIVE_CLIENT = {
  id: '1234567890-fakedrive.apps.googleusercontent.com',
  secret: 'GOCSPX-fake-drive-secret',
  redirectUris: [
    'http://127.0.0.1:3001/api/connectors/cloud-drive/callback',
    'http://localhost:3001/api/connectors/cloud-drive/callback',
  ],
};
export const DEFAULT_DRIVE_USER = {
  email: 'writer@example.com',
  name: 'Wren Writer',
  sub: '110248495921238986420',
};

export interface AccessGrant {
  scope: string;
  expiresAt: number;
  subject: string;
}

interface Code {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
}

interface Refresh {
  clientId: string;
  scope: string;
  revoked: boolean;
  expiresAt?: number;
}

export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const base64url = (bytes: Buffer) => bytes.toString('base64url');

export class DriveAuth {
  readonly clients = new Map<string, { secret: string; redirectUris: string[] }>();
  readonly codes = new Map<string, Code>();
  readonly refreshTokens = new Map<string, Refresh>();
  readonly accessTokens = new Map<string, AccessGrant>();
  readonly serviceAccounts = new Map<string, KeyObject>();
  /** What the consent page does: approve (redirect with a code) or deny (`error=access_denied`). */
  consent: 'approve' | 'deny' = 'approve';
  user = { ...DEFAULT_DRIVE_USER };
  accessTokenTtlSeconds: number;

  constructor(
    private readonly now: () => number,
    accessTokenTtlSeconds = 3600,
  ) {
    this.accessTokenTtlSeconds = accessTokenTtlSeconds;
    this.registerClient(
      DEFAULT_DRIVE_CLIENT.id,
      DEFAULT_DRIVE_CLIENT.secret,
      DEFAULT_DRIVE_CLIENT.redirectUris,
    );
  }

  registerClient(id: string, secret: string, redirectUris: string[]): void {
    this.clients.set(id, { secret, redirectUris });
  }

  addServiceAccount(email: string, publicKeyPem: string): void {
    this.serviceAccounts.set(email, createPublicKey(publicKeyPem));
  }

  /** A refresh token as if the consent flow had run (tests that only need a linked account). */
  issueRefreshToken(clientId = DEFAULT_DRIVE_CLIENT.id, scope = `${DRIVE_SCOPE} openid email`): string {
    const value = token('1//0fake-refresh-');
    this.refreshTokens.set(value, { clientId, scope, revoked: false });
    return value;
  }

  revokeRefreshToken(value: string): void {
    const refresh = this.refreshTokens.get(value);
    if (!refresh) throw new Error('fake drive: unknown refresh token');
    refresh.revoked = true;
  }

  /** Every refresh token now answers invalid_grant ("Token has been expired or revoked."). */
  expireRefreshTokens(): void {
    for (const refresh of this.refreshTokens.values()) refresh.expiresAt = this.now() - 1;
  }

  /** Every access token issued so far stops working (401 on the API). */
  expireAccessTokens(): void {
    for (const grant of this.accessTokens.values()) grant.expiresAt = this.now() - 1;
  }

  /** The consent page's decision: a code for the redirect, after checking client, redirect and PKCE. */
  authorize(query: Record<string, string | undefined>): string {
    const client = this.clients.get(query.client_id ?? '');
    if (!client) throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (!query.redirect_uri || !client.redirectUris.includes(query.redirect_uri))
      throw new OAuthError(
        400,
        'redirect_uri_mismatch',
        `redirect_uri ${query.redirect_uri} is not registered`,
      );
    if (query.response_type !== 'code')
      throw new OAuthError(400, 'unsupported_response_type', 'response_type must be code');
    if (query.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge ?? ''))
      throw new OAuthError(400, 'invalid_request', 'a S256 code_challenge is required');
    if (!query.scope?.split(' ').includes(DRIVE_SCOPE))
      throw new OAuthError(400, 'invalid_scope', `scope must include ${DRIVE_SCOPE}`);
    const code = token('4/0fake-code-');
    this.codes.set(code, {
      clientId: query.client_id as string,
      redirectUri: query.redirect_uri,
      challenge: query.code_challenge as string,
      scope: query.scope,
      expiresAt: this.now() + 600_000,
    });
    return code;
  }

  /** POST /token: authorization_code, refresh_token or the service-account JWT bearer grant. */
  grant(form: Record<string, string | undefined>, tokenUrl: string): Record<string, unknown> {
    const type = form.grant_type;
    if (type === 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return this.jwtGrant(form.assertion, tokenUrl);
    const client = this.clients.get(form.client_id ?? '');
    if (!client || client.secret !== form.client_secret)
      throw new OAuthError(401, 'invalid_client', 'Unauthorized');
    if (type === 'authorization_code') {
      const code = this.codes.get(form.code ?? '');
      this.codes.delete(form.code ?? '');
      if (!code || code.expiresAt < this.now() || code.clientId !== form.client_id)
        throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
      if (code.redirectUri !== form.redirect_uri)
        throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
      const computed = base64url(
        createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest(),
      );
      if (computed !== code.challenge) throw new OAuthError(400, 'invalid_grant', 'Invalid code verifier.');
      const refresh = this.issueRefreshToken(code.clientId, code.scope);
      return {
        ...this.access(code.scope, DEFAULT_DRIVE_USER.sub),
        refresh_token: refresh,
        id_token: 'fake.id.token',
      };
    }
    if (type === 'refresh_token') {
      const refresh = this.refreshTokens.get(form.refresh_token ?? '');
      if (
        !refresh ||
        refresh.revoked ||
        (refresh.expiresAt !== undefined && refresh.expiresAt < this.now()) ||
        refresh.clientId !== form.client_id
      )
        throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      return this.access(refresh.scope, DEFAULT_DRIVE_USER.sub);
    }
    throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${type ?? ''}`);
  }

  /** POST /revoke: a refresh token (and so its grant) or an access token. */
  revoke(value: string | undefined): void {
    const refresh = this.refreshTokens.get(value ?? '');
    if (refresh) {
      refresh.revoked = true;
      return;
    }
    if (this.accessTokens.delete(value ?? '')) return;
    throw new OAuthError(400, 'invalid_token', 'Token expired or revoked');
  }

  /** The grant behind a bearer token, if it is live. */
  check(bearer: string | undefined): AccessGrant | undefined {
    const grant = this.accessTokens.get(bearer ?? '');
    return grant && grant.expiresAt > this.now() ? grant : undefined;
  }

  private access(scope: string, subject: string): Record<string, unknown> {
    const value = token('ya29.fake-access-');
    this.accessTokens.set(value, {
      scope,
      subject,
      expiresAt: this.now() + this.accessTokenTtlSeconds * 1000,
    });
    return { access_token: value, expires_in: this.accessTokenTtlSeconds, scope, token_type: 'Bearer' };
  }

  private jwtGrant(assertion: string | undefined, tokenUrl: string): Record<string, unknown> {
    const parts = (assertion ?? '').split('.');
    if (parts.length !== 3) throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: not three segments.');
    const [head, body, signature] = parts as [string, string, string];
    let header: { alg?: string };
    let claims: { iss?: string; scope?: string; aud?: string; iat?: number; exp?: number };
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: not JSON.');
    }
    if (header.alg !== 'RS256') throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: alg must be RS256.');
    const key = this.serviceAccounts.get(claims.iss ?? '');
    if (!key) throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: unknown issuer.');
    const signed = Buffer.from(`${head}.${body}`);
    if (!verify('RSA-SHA256', signed, key, Buffer.from(signature, 'base64url')))
      throw new OAuthError(400, 'invalid_grant', 'Invalid JWT Signature.');
    if (claims.aud !== tokenUrl) throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: wrong audience.');
    const nowSeconds = Math.floor(this.now() / 1000);
    if (
      typeof claims.iat !== 'number' ||
      typeof claims.exp !== 'number' ||
      claims.exp <= nowSeconds ||
      claims.iat > nowSeconds + 300 ||
      claims.exp - claims.iat > 3600
    )
      throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token.');
    if (!claims.scope?.split(' ').includes(DRIVE_SCOPE))
      throw new OAuthError(400, 'invalid_scope', `scope must include ${DRIVE_SCOPE}`);
    return this.access(claims.scope, claims.iss as string);
  }
}
