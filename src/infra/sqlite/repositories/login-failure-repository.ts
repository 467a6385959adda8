// Passphrase-guessing throttle, kept in SQLite so a restart does not forgive earlier failures. An attempt
// is recorded as a failure *before* the passphrase is checked and forgiven on success, so parallel
// guesses cannot all slip past the count while the (slow, scrypt) checks are running.
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

export interface ThrottleLimits {
  maxFailures: number;
  windowMs: number;
}

export const LOGIN_LIMITS: ThrottleLimits = { maxFailures: 5, windowMs: 15 * 60_000 };

export type LoginAttempt =
  | { allowed: true; attemptId: number }
  | { allowed: false; retryAfterSeconds: number };

export class LoginFailureRepository {
  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
    private readonly limits: ThrottleLimits = LOGIN_LIMITS,
  ) {}

  /**
   * Starts an attempt for `clientKey`: refused (with the seconds until the oldest failure leaves the
   * window) when the window already holds `maxFailures`, else recorded as a pending failure.
   */
  begin(clientKey: string, now: Date): LoginAttempt {
    const sqlite = this.database.sqlite;
    const since = toDbTimestamp(new Date(now.getTime() - this.limits.windowMs));
    return sqlite
      .transaction((): LoginAttempt => {
        // Old rows of every client go: the table holds at most one window of failures.
        sqlite
          .prepare('DELETE FROM login_failures WHERE account_id = ? AND failed_at <= ?')
          .run(this.accountId, since);
        const recent = sqlite
          .prepare(
            'SELECT failed_at FROM login_failures WHERE account_id = ? AND client_key = ? ORDER BY failed_at LIMIT ?',
          )
          .pluck()
          .all(this.accountId, clientKey, this.limits.maxFailures) as string[];
        if (recent.length >= this.limits.maxFailures) {
          const oldest = Date.parse(recent[0] ?? toDbTimestamp(now));
          const wait = Math.ceil((oldest + this.limits.windowMs - now.getTime()) / 1000);
          return { allowed: false, retryAfterSeconds: Math.max(1, wait) };
        }
        const id = sqlite
          .prepare('INSERT INTO login_failures (account_id, client_key, failed_at) VALUES (?, ?, ?)')
          .run(this.accountId, clientKey, toDbTimestamp(now)).lastInsertRowid;
        return { allowed: true, attemptId: Number(id) };
      })
      .immediate();
  }

  /** A successful login forgives the client's failures (the pending one included). */
  succeeded(clientKey: string): void {
    this.database.sqlite
      .prepare('DELETE FROM login_failures WHERE account_id = ? AND client_key = ?')
      .run(this.accountId, clientKey);
  }

  /** An attempt that never reached the passphrase check (malformed body) is not a guess. */
  abandoned(attemptId: number): void {
    this.database.sqlite.prepare('DELETE FROM login_failures WHERE id = ?').run(attemptId);
  }
}
