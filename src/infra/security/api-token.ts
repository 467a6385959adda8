// The API bearer token (<data dir>/api_token): 32 random bytes as 64 hex characters, created 0600 at first
// start and read afterwards. Desktop and CLI clients read the file; nothing prints it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecretFile, writeSecretFile } from '../fs/write-secret-file.js';

const TOKEN = /^[0-9a-f]{64}$/;

/**
 * The token in `path`, creating the file when it is missing or does not hold a valid token. Processes
 * starting at once on one home (API nodes, `app serve` beside `app mcp serve`) agree: the first to create
 * the file wins and the others serve with its token, never with one of their own that is not in the file.
 * (A file holding no valid token is replaced; two processes repairing one at once may still disagree.)
 */
export function ensureApiToken(path: string): string {
  const existing = readToken(path);
  if (existing) return existing;
  const token = randomBytes(32).toString('hex');
  if (existing === undefined) {
    if (createSecretFile(path, `${token}\n`)) return token;
    // Another process made it between our read and our write: its token is the one.
    const theirs = readToken(path);
    if (theirs) return theirs;
  }
  writeSecretFile(path, `${token}\n`);
  return token;
}

/** The valid token in `path`; null when the file holds none; undefined when there is no file. */
function readToken(path: string): string | null | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return TOKEN.test(text) ? text : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/** Constant-time comparison, so response timing says nothing about how much of a guess was right. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
