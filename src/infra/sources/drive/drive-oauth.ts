// OAuth 2.0 with the drive's provider (Google): the consent URL (PKCE S256, offline access), the code
// exchange, refreshing an access token, the linked account's email (OpenID userinfo) and revocation.
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import type { ExchangedGrant, LinkProvider } from '../../../core/ports/connections.js';
import { isGrantRefused } from './drive-errors.js';
import type { DriveAnswer, DriveHttp } from './drive-http.js';

/** Read-only access to the files, plus who the account is. */
export const DRIVE_SCOPES = [
  'https://www.googleapis.com/auth/drive.readonly',
  'openid',
  'email',
  'profile',
] as const;

export interface DriveOAuthSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  revokeUrl: string;
}

/** An access token and how long it lives. */
export interface AccessGrant {
  accessToken: string;
  expiresInSeconds: number;
}

const TokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

const UserInfoSchema = z.object({ email: z.string().optional(), name: z.string().optional() });

/** Parses a JSON answer with `schema`; anything else is the provider's fault, said plainly. */
export function parseAnswer<T>(answer: DriveAnswer, schema: z.ZodType<T>, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new AppError('social_api_error', `cloud drive: ${what} answered something that is not JSON`, {
      retryable: false,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'social_api_error',
      `cloud drive: ${what} answered an unexpected shape (${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message})`,
      { retryable: false },
    );
  }
  return parsed.data;
}

export class DriveOAuth implements LinkProvider {
  constructor(
    private readonly settings: DriveOAuthSettings,
    private readonly http: DriveHttp,
  ) {}

  authorizationUrl(input: { state: string; codeChallenge: string }): string {
    const url = new URL(this.settings.authUrl);
    const params: Record<string, string> = {
      client_id: this.settings.clientId,
      redirect_uri: this.settings.redirectUri,
      response_type: 'code',
      scope: DRIVE_SCOPES.join(' '),
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
      // A refresh token is only issued for offline access, and again on re-consent.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string }): Promise<ExchangedGrant> {
    const what = 'exchanging the authorization code';
    const answer = await this.http
      .send({
        method: 'POST',
        url: new URL(this.settings.tokenUrl),
        what,
        // A code is single-use: a retry could only fail.
        retry: false,
        form: {
          grant_type: 'authorization_code',
          code: input.code,
          code_verifier: input.codeVerifier,
          redirect_uri: this.settings.redirectUri,
          client_id: this.settings.clientId,
          client_secret: this.settings.clientSecret,
        },
      })
      .catch((error: unknown) => {
        if (!isGrantRefused(error)) throw error;
        throw new AppError(
          'validation_error',
          `cloud drive: the authorization code was refused (${error.said}); start linking again`,
        );
      });
    const tokens = parseAnswer(answer, TokenAnswerSchema, what);
    return {
      accessToken: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      scope: tokens.scope ?? DRIVE_SCOPES.join(' '),
    };
  }

  /** A new access token for a stored refresh token; a refused one throws DriveGrantRefused. */
  async refresh(refreshToken: string): Promise<AccessGrant> {
    const what = 'refreshing the access token';
    const answer = await this.http.send({
      method: 'POST',
      url: new URL(this.settings.tokenUrl),
      what,
      form: {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      },
    });
    const tokens = parseAnswer(answer, TokenAnswerSchema, what);
    return { accessToken: tokens.access_token, expiresInSeconds: tokens.expires_in ?? 3600 };
  }

  async account(accessToken: string): Promise<{ email: string | null; name: string | null }> {
    const what = 'reading the account (userinfo)';
    const answer = await this.http.send({
      method: 'GET',
      url: new URL(this.settings.userinfoUrl),
      what,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const info = parseAnswer(answer, UserInfoSchema, what);
    return { email: info.email ?? null, name: info.name ?? null };
  }

  async revoke(token: string): Promise<void> {
    await this.http.send({
      method: 'POST',
      url: new URL(this.settings.revokeUrl),
      what: 'revoking the token',
      retry: false,
      form: { token },
    });
  }
}

/** `[connectors.cloud_drive]` as the config holds it (hosts have defaults; the client does not). */
export interface CloudDriveConnectorConfig {
  client_id?: string;
  client_secret?: string;
  redirect_uri?: string;
  auth_url: string;
  token_url: string;
  api_base_url: string;
  revoke_url: string;
  userinfo_url: string;
}

/** The OAuth settings, or which `[connectors.cloud_drive]` keys are missing. */
export function driveOAuthSettings(
  connector: CloudDriveConnectorConfig,
  defaultRedirectUri: string,
): DriveOAuthSettings | { missing: string[] } {
  const missing = (['client_id', 'client_secret'] as const).filter((key) => !connector[key]);
  if (missing.length > 0 || !connector.client_id || !connector.client_secret) return { missing };
  return {
    clientId: connector.client_id,
    clientSecret: connector.client_secret,
    redirectUri: connector.redirect_uri ?? defaultRedirectUri,
    authUrl: connector.auth_url,
    tokenUrl: connector.token_url,
    userinfoUrl: connector.userinfo_url,
    revokeUrl: connector.revoke_url,
  };
}
