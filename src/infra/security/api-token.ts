// The API bearer token (<data dir>/api_token): 32 random bytes as 64 hex characters, created 0600 at first
// start and read afterwards. Desktop and CLI clients read the file; nothing prints it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeSecretFile } from '../fs/write-secret-file.js';

const TOKEN = /^[0-9a-f]{64}$/;

/** The token in `path`, creating the file when it is missing or does not hold a valid token. */
export function ensureApiToken(path: string): string {
  try {
    const existing = readFileSync(path, 'utf8').trim();
    if (TOKEN.test(existing)) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(32).toString('hex');
  writeSecretFile(path, `${token}\n`);
  return token;
}

/** Constant-time comparison, so response timing says nothing about how much of a guess was right. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
