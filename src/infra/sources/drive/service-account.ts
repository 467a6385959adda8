// The legacy way to reach a drive: a service-account JSON key file. Its private key signs a short-lived
// RS256 JWT (node:crypto) that the token endpoint trades for an access token (JWT bearer grant).
import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import type { Clock } from '../../../core/ports/clock.js';
import type { DriveHttp } from './drive-http.js';
import { type AccessGrant, DRIVE_SCOPES, parseAnswer } from './drive-oauth.js';

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const LIFETIME_SECONDS = 3600;

export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: KeyObject;
  keyId?: string;
}

const KeyFileSchema = z.object({
  type: z.literal('service_account').optional(),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
});

/** Reads and checks a key file (`path` already `~`-expanded); every failure names the file. */
export function readServiceAccountKey(path: string): ServiceAccountKey {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new AppError(
      'file_read_error',
      `cannot read the service-account key ${path}: ${(cause as Error).message}`,
      { cause },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('validation_error', `the service-account key ${path} is not JSON`);
  }
  const parsed = KeyFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'validation_error',
      `the service-account key ${path} is not a service-account key (it needs client_email and private_key)`,
    );
  }
  try {
    return {
      clientEmail: parsed.data.client_email,
      privateKey: createPrivateKey(parsed.data.private_key),
      ...(parsed.data.private_key_id ? { keyId: parsed.data.private_key_id } : {}),
    };
  } catch (cause) {
    throw new AppError('validation_error', `the private key in ${path} cannot be read as a PEM key`, {
      cause,
    });
  }
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A signed assertion for the token endpoint at `audience`, valid for one hour from `now`. */
export function signAssertion(key: ServiceAccountKey, audience: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = part({ alg: 'RS256', typ: 'JWT', ...(key.keyId ? { kid: key.keyId } : {}) });
  const claims = part({
    iss: key.clientEmail,
    scope: DRIVE_SCOPES[0],
    aud: audience,
    iat,
    exp: iat + LIFETIME_SECONDS,
  });
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), key.privateKey);
  return `${header}.${claims}.${signature.toString('base64url')}`;
}

const GrantSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

/** Trades a fresh assertion for an access token. */
export async function serviceAccountGrant(
  http: DriveHttp,
  key: ServiceAccountKey,
  tokenUrl: string,
  clock: Clock,
): Promise<AccessGrant> {
  const what = `the service-account grant for ${key.clientEmail}`;
  const answer = await http.send({
    method: 'POST',
    url: new URL(tokenUrl),
    what,
    form: { grant_type: JWT_BEARER, assertion: signAssertion(key, tokenUrl, clock.now()) },
  });
  const grant = parseAnswer(answer, GrantSchema, what);
  return { accessToken: grant.access_token, expiresInSeconds: grant.expires_in ?? LIFETIME_SECONDS };
}
