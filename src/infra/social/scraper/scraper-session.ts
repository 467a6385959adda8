// The browser session the scraper backend signs in with (its path: DataPaths.scraperSessionPath), owner-only.
// It holds the `auth_token` and `ct0` cookies of a signed-in browser, so it is as sensitive as a password.
import { readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import { writeSecretFile } from '../../fs/write-secret-file.js';

const CookieValueSchema = z
  .string()
  .trim()
  .min(1)
  .regex(/^[^\s;,]+$/, 'a cookie value has no spaces, commas or semicolons');

export const ScraperSessionSchema = z.object({
  auth_token: CookieValueSchema.describe('The `auth_token` cookie of a signed-in browser.'),
  ct0: CookieValueSchema.describe('The `ct0` cookie (CSRF token) of the same browser session.'),
  username: z
    .string()
    .trim()
    .min(1)
    .transform((name) => name.replace(/^@/, ''))
    .optional()
    .describe('The signed-in account, for display only.'),
});
export type ScraperSession = z.infer<typeof ScraperSessionSchema>;

/**
 * Reads the session file: `undefined` when there is none (guest mode), an AppError when it cannot be used,
 * because silently falling back to guest mode would hide a broken import.
 */
export async function readScraperSession(path: string): Promise<ScraperSession | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new AppError(
      'social_not_configured',
      `cannot read the scraper session file ${path}: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalidSession(path, 'not JSON', error);
  }
  const parsed = ScraperSessionSchema.safeParse(json);
  if (!parsed.success) throw invalidSession(path, z.prettifyError(parsed.error).replace(/\n/g, ' '));
  return parsed.data;
}

/** Validates and writes the session atomically with mode 0600. */
export function writeScraperSession(path: string, session: ScraperSession): ScraperSession {
  const parsed = ScraperSessionSchema.safeParse(session);
  if (!parsed.success) {
    throw new AppError('validation_error', `invalid scraper session: ${z.prettifyError(parsed.error)}`, {
      details: parsed.error.issues,
    });
  }
  writeSecretFile(path, `${JSON.stringify(parsed.data, null, 2)}\n`);
  return parsed.data;
}

/** Forgets the session (back to guest mode); no error when there was none. */
export async function removeScraperSession(path: string): Promise<void> {
  await rm(path, { force: true });
}

function invalidSession(path: string, problem: string, cause?: unknown): AppError {
  return new AppError(
    'social_not_configured',
    `the scraper session file ${path} is invalid (${problem}); import the browser session again ` +
      '(the auth_token and ct0 cookies of a signed-in browser) or delete the file to read as a guest',
    { cause },
  );
}
