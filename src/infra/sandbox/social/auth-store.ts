// OAuth 2.0 bookkeeping: registered clients, single-use authorization codes, access tokens and rotating
// single-use refresh tokens. Pure state; the HTTP side lives in routes-oauth.ts.
import { createHash } from 'node:crypto';
import { randomToken } from './ids.js';

export interface ClientRecord {
  clientId: string;
  /** Present for confidential clients, which must authenticate with HTTP Basic. */
  clientSecret?: string;
  redirectUris: string[];
}

export interface CodeRecord {
  code: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  challenge: string;
  method: 'S256' | 'plain';
  expiresAt: number;
  used: boolean;
}

export interface TokenRecord {
  token: string;
  userId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

export interface RefreshRecord {
  token: string;
  userId: string;
  clientId: string;
  scopes: string[];
  /** Rotation makes a refresh token single-use: once redeemed or revoked it is dead. */
  dead: boolean;
}

export interface IssuedToken {
  accessToken: string;
  refreshToken?: string;
  tokenType: 'bearer';
  expiresIn: number;
  expiresAt: number;
  scopes: string[];
  userId: string;
  clientId: string;
}

export const CODE_TTL_MS = 30_000;

/** Scopes the authorize page accepts (the platform's list plus the fake's enterprise and ads extras). */
export const KNOWN_SCOPES = new Set([
  'tweet.read',
  'tweet.write',
  'tweet.moderate.write',
  'users.email',
  'users.read',
  'follows.read',
  'follows.write',
  'offline.access',
  'space.read',
  'mute.read',
  'mute.write',
  'like.read',
  'like.write',
  'list.read',
  'list.write',
  'block.read',
  'block.write',
  'bookmark.read',
  'bookmark.write',
  'dm.read',
  'dm.write',
  'media.write',
  'compliance.write',
  'usage.read',
  'ads.read',
  'ads.write',
]);

export class AuthStore {
  readonly clients = new Map<string, ClientRecord>();
  readonly codes = new Map<string, CodeRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly refreshTokens = new Map<string, RefreshRecord>();

  registerClient(client: ClientRecord): ClientRecord {
    const record = { ...client, redirectUris: [...client.redirectUris] };
    this.clients.set(client.clientId, record);
    return record;
  }

  createCode(input: Omit<CodeRecord, 'code' | 'used'>): CodeRecord {
    const record: CodeRecord = { ...input, code: randomToken(36), used: false };
    this.codes.set(record.code, record);
    return record;
  }

  /** Marks the code used even when verification fails, as a stolen code must not get a second try. */
  redeemCode(
    code: string,
    clientId: string,
    redirectUri: string,
    verifier: string,
    now: number,
  ): CodeRecord | null {
    const record = this.codes.get(code);
    if (!record || record.used) return null;
    record.used = true;
    if (record.expiresAt <= now || record.clientId !== clientId || record.redirectUri !== redirectUri)
      return null;
    return pkceMatches(record, verifier) ? record : null;
  }

  issue(input: {
    userId: string;
    clientId: string;
    scopes: string[];
    ttlSeconds: number;
    withRefresh: boolean;
    now: number;
  }): IssuedToken {
    const expiresAt = input.now + input.ttlSeconds * 1000;
    const access: TokenRecord = {
      token: randomToken(),
      userId: input.userId,
      clientId: input.clientId,
      scopes: [...input.scopes],
      expiresAt,
      revoked: false,
    };
    this.tokens.set(access.token, access);
    let refreshToken: string | undefined;
    if (input.withRefresh) {
      refreshToken = randomToken();
      this.refreshTokens.set(refreshToken, {
        token: refreshToken,
        userId: input.userId,
        clientId: input.clientId,
        scopes: [...input.scopes],
        dead: false,
      });
    }
    return {
      accessToken: access.token,
      refreshToken,
      tokenType: 'bearer',
      expiresIn: input.ttlSeconds,
      expiresAt,
      scopes: [...input.scopes],
      userId: input.userId,
      clientId: input.clientId,
    };
  }

  /** Returns the live refresh record and kills it, or null when unknown, dead or another client's. */
  redeemRefresh(token: string, clientId: string): RefreshRecord | null {
    const record = this.refreshTokens.get(token);
    if (!record || record.dead || record.clientId !== clientId) return null;
    record.dead = true;
    return record;
  }

  /** Null when the token is unknown, revoked or expired. */
  authenticate(token: string, now: number): TokenRecord | null {
    const record = this.tokens.get(token);
    if (!record || record.revoked || record.expiresAt <= now) return null;
    return record;
  }

  revoke(token: string): boolean {
    const access = this.tokens.get(token);
    if (access) {
      access.revoked = true;
      return true;
    }
    const refresh = this.refreshTokens.get(token);
    if (refresh) {
      refresh.dead = true;
      return true;
    }
    return false;
  }

  clear(): void {
    this.clients.clear();
    this.codes.clear();
    this.tokens.clear();
    this.refreshTokens.clear();
  }
}

function pkceMatches(record: CodeRecord, verifier: string): boolean {
  if (verifier.length === 0) return false;
  if (record.method === 'plain') return verifier === record.challenge;
  return createHash('sha256').update(verifier).digest('base64url') === record.challenge;
}
