// The credentials the HTTP face checks, wired to where they live: the API bearer token (a 0600 file in the
// data dir), dashboard sessions and the passphrase hash (SQLite), failed logins counted per client. The
// face reads requests and writes answers; what is checked against what, and in which order, is here.
import { randomBytes, randomUUID } from 'node:crypto';
import { AppError, conflictError } from '../core/errors.js';
import { ensureApiToken, sameSecret } from '../infra/security/api-token.js';
import { hashPassphrase, verifyPassphrase } from '../infra/security/passphrase.js';
import { AuthRepository, type SessionRecord } from '../infra/sqlite/repositories/auth-repository.js';
import { LoginFailureRepository } from '../infra/sqlite/repositories/login-failure-repository.js';
import type { AppDeps } from './wiring/create-app.js';

export type { SessionRecord } from '../infra/sqlite/repositories/auth-repository.js';

const SESSION_DAYS = 7;

export interface NewSession {
  /** The cookie value (only its hash is stored). */
  token: string;
  csrfToken: string;
  expiresAt: Date;
  /** The cookie's Max-Age. */
  maxAgeSeconds: number;
}

export interface HttpAuth {
  /** Whether `token` is the API bearer token (compared in constant time). */
  isApiToken(token: string): boolean;
  /** The live session a cookie token belongs to, if any. */
  session(token: string): Promise<SessionRecord | undefined>;
  /** Whether `given` is the session's CSRF token (compared in constant time). */
  csrfMatches(session: SessionRecord, given: string): boolean;
  /**
   * A dashboard login from `clientKey` (the client address): refused with `throttled` after repeated
   * failures, `validation_error` when no passphrase was sent (`undefined`), `forbidden` when none is set,
   * `unauthenticated` when it is wrong (the attempt stays counted); else a new session.
   */
  login(clientKey: string, passphrase: string | undefined): Promise<NewSession>;
  logout(token: string): Promise<void>;
  passphraseSet(): Promise<boolean>;
  /**
   * First run: sets the passphrase when none is set yet and signs in; `conflict` once one is set (change it
   * with `app passphrase`), `validation_error` for one shorter than 12 characters.
   */
  firstRun(passphrase: string): Promise<NewSession>;
}

export const MIN_PASSPHRASE_LENGTH = 12;

/**
 * The HTTP face's credentials over the app's database. The API token is the one given (tests), else the
 * data dir's token file, created on first start.
 */
export function createHttpAuth(deps: AppDeps, apiToken?: string): HttpAuth {
  const token = apiToken ?? ensureApiToken(deps.paths.apiTokenPath);
  const sessions = new AuthRepository(deps.database, deps.accountId);
  const failures = new LoginFailureRepository(deps.database, deps.accountId);
  const { clock } = deps;
  async function newSession(): Promise<NewSession> {
    const now = clock.now();
    const session: NewSession = {
      token: randomBytes(32).toString('hex'),
      csrfToken: randomBytes(16).toString('hex'),
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
      maxAgeSeconds: SESSION_DAYS * 86_400,
    };
    await sessions.createSession({ id: randomUUID(), ...session }, now);
    return session;
  }
  return {
    isApiToken: (given) => sameSecret(given, token),
    session: (cookie) => sessions.findSession(cookie, clock.now()),
    csrfMatches: (session, given) => sameSecret(given, session.csrfToken),
    async login(clientKey, passphrase) {
      // Counted before the (slow) check, so parallel guesses cannot all slip past the limit.
      const attempt = await failures.begin(clientKey, clock.now());
      if (!attempt.allowed) {
        const wait = attempt.retryAfterSeconds;
        throw new AppError('throttled', `too many failed logins; try again in ${wait} s`, {
          retryAfterSeconds: wait,
        });
      }
      const hash = passphrase === undefined ? undefined : await sessions.passphraseHash();
      if (passphrase === undefined || !hash) {
        // Not a guess: nothing was checked.
        await failures.abandoned(attempt.attemptId);
        if (passphrase === undefined) throw new AppError('validation_error', 'passphrase is required');
        throw new AppError('forbidden', 'no dashboard passphrase is set; run `app passphrase`');
      }
      if (!(await verifyPassphrase(passphrase, hash))) {
        throw new AppError('unauthenticated', 'wrong passphrase');
      }
      await failures.succeeded(clientKey);
      return newSession();
    },
    async firstRun(passphrase) {
      if (passphrase.length < MIN_PASSPHRASE_LENGTH)
        throw new AppError(
          'validation_error',
          `the passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters`,
        );
      const set = await sessions.setFirstPassphraseHash(await hashPassphrase(passphrase), clock.now());
      if (!set)
        throw conflictError(
          'a dashboard passphrase is already set; sign in, or change it with `app passphrase`',
          { passphrase_set: true },
        );
      return newSession();
    },
    logout: (cookie) => sessions.deleteSession(cookie),
    passphraseSet: async () => Boolean(await sessions.passphraseHash()),
  };
}
