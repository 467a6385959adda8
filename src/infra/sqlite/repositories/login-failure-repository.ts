// Passphrase-guessing throttle, kept in the database (either store) so a restart does not forgive earlier
// failures and every process of one database counts the same failures. An attempt is recorded as a failure
// *before* the passphrase is checked and forgiven on success, so parallel guesses (in one process or
// several) cannot all slip past the count while the (slow, scrypt) checks are running: the count and the
// record are one transaction that no other attempt of the account interleaves with.
import { sql } from 'kysely';
import { sqliteAll, sqliteRun } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

export interface ThrottleLimits {
  maxFailures: number;
  windowMs: number;
}

export const LOGIN_LIMITS: ThrottleLimits = { maxFailures: 5, windowMs: 15 * 60_000 };

/** Postgres: the first key of the transaction lock an account's attempts take turns on ("login"). */
const ATTEMPTS_LOCK = 0x6c6f6769;

export type LoginAttempt =
  | { allowed: true; attemptId: number }
  | { allowed: false; retryAfterSeconds: number };

export class LoginFailureRepository {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
    private readonly limits: ThrottleLimits = LOGIN_LIMITS,
  ) {}

  /**
   * Starts an attempt for `clientKey`: refused (with the seconds until the oldest failure leaves the
   * window) when the window already holds `maxFailures`, else recorded as a pending failure. On SQLite an
   * immediate transaction whose statements run synchronously; on Postgres one holding the account's
   * ATTEMPTS_LOCK, so two processes' attempts take turns as SQLite's writers do.
   */
  async begin(clientKey: string, now: Date): Promise<LoginAttempt> {
    const { database, accountId } = this;
    const { db } = database;
    const since = toDbTimestamp(new Date(now.getTime() - this.limits.windowMs));
    // Old rows of every client go: the table holds at most one window of failures.
    const prune = db
      .deleteFrom('login_failures')
      .where('account_id', '=', accountId)
      .where('failed_at', '<=', since);
    const recent = db
      .selectFrom('login_failures')
      .select('failed_at')
      .where('account_id', '=', accountId)
      .where('client_key', '=', clientKey)
      .orderBy('failed_at')
      .limit(this.limits.maxFailures);
    const record = db
      .insertInto('login_failures')
      .values({ account_id: accountId, client_key: clientKey, failed_at: toDbTimestamp(now) })
      .returning('id');
    const decide = (failures: string[]): LoginAttempt | undefined => {
      if (failures.length < this.limits.maxFailures) return undefined;
      const oldest = Date.parse(failures[0] ?? toDbTimestamp(now));
      const wait = Math.ceil((oldest + this.limits.windowMs - now.getTime()) / 1000);
      return { allowed: false, retryAfterSeconds: Math.max(1, wait) };
    };
    if (database.dialect === 'sqlite') {
      return database.sqlite
        .transaction((): LoginAttempt => {
          sqliteRun(database, prune.compile());
          const refused = decide(sqliteAll(database, recent.compile()).map((row) => row.failed_at));
          if (refused) return refused;
          const [row] = sqliteAll(database, record.compile());
          return { allowed: true, attemptId: Number(row?.id) };
        })
        .immediate();
    }
    return db.transaction().execute(async (trx): Promise<LoginAttempt> => {
      await sql`select pg_advisory_xact_lock(${ATTEMPTS_LOCK}, hashtext(${accountId}))`.execute(trx);
      await trx.executeQuery(prune.compile());
      const refused = decide((await trx.executeQuery(recent.compile())).rows.map((row) => row.failed_at));
      if (refused) return refused;
      const { rows } = await trx.executeQuery(record.compile());
      return { allowed: true, attemptId: Number(rows[0]?.id) };
    });
  }

  /** A successful login forgives the client's failures (the pending one included). */
  async succeeded(clientKey: string): Promise<void> {
    await this.database.db
      .deleteFrom('login_failures')
      .where('account_id', '=', this.accountId)
      .where('client_key', '=', clientKey)
      .execute();
  }

  /** An attempt that never reached the passphrase check (malformed body) is not a guess. */
  async abandoned(attemptId: number): Promise<void> {
    await this.database.db
      .deleteFrom('login_failures')
      .where('account_id', '=', this.accountId)
      .where('id', '=', attemptId)
      .execute();
  }
}
