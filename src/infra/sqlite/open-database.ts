// Opens the SQLite database (WAL, busy timeout, foreign keys), applies migrations and wraps it in Kysely.
// The file and its directory are private to the user: they hold sessions and encrypted credentials.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database, Statement } from 'better-sqlite3';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type SqliteDatabase, SqliteDialect } from 'kysely';
import { AppError } from '../../core/errors.js';
import { type Checkpointer, startCheckpoints } from './checkpointer.js';
import type { DB } from './db-types.js';
import { inlineLimits } from './inline-limits.js';
import { applyMigrations } from './migrate.js';

export type { DB } from './db-types.js';

export interface OpenDatabaseOptions {
  /** File path, or ':memory:' for a private in-memory database. */
  path: string;
  readonly?: boolean;
  /** Apply pending migrations at open (ignored when readonly). Default true. */
  migrate?: boolean;
  busyTimeoutMs?: number;
  /** How often a background checkpoint moves the WAL into the database file (0: only SQLite's own). */
  checkpointIntervalMs?: number;
}

export interface AppDatabase {
  dialect: 'sqlite';
  sqlite: Database;
  db: Kysely<DB>;
  path: string;
  /**
   * The prepared statement for `sql`, kept for the next use of the same text (the cache Kysely's queries
   * use): for the statements run on `sqlite` directly, which would otherwise be prepared on every call.
   */
  statement(sql: string): Statement;
  /** Closes Kysely and the underlying connection; safe to call twice. */
  close(): Promise<void>;
}

const MEMORY = ':memory:';

function prepareFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Creating the file ourselves is the only way to choose its mode; SQLite then gives -wal and -shm the same.
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function connect(path: string, readonly: boolean): Database {
  try {
    if (path !== MEMORY && !readonly) prepareFile(path);
    return new BetterSqlite3(path, readonly ? { readonly: true, fileMustExist: true } : {});
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new AppError('db_error', `cannot open database ${path}: ${reason}`, { retryable: false, cause });
  }
}

/**
 * Opens (creating if needed) the database at `path`, sets the connection pragmas and, unless
 * `migrate: false` or `readonly`, applies pending migrations. Throws AppError('db_error') on failure.
 */
export function openDatabase(options: OpenDatabaseOptions): AppDatabase {
  const {
    path,
    readonly = false,
    migrate = true,
    busyTimeoutMs = 5000,
    checkpointIntervalMs = 1000,
  } = options;
  const sqlite = connect(path, readonly);
  try {
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
    // WAL is persistent in the file; a read-only connection cannot switch it and does not need to.
    if (path !== MEMORY && !readonly) sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    if (migrate && !readonly) applyMigrations(sqlite);
  } catch (error) {
    sqlite.close();
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('db_error', `cannot prepare database ${path}: ${reason}`, { cause: error });
  }

  // The checkpoint thread (checkpointer.ts) does the checkpoints off the event loop. SQLite's own, in the
  // commit that crosses the threshold, is left as a backstop only: under a long burst the WAL is never
  // empty when a write begins, so it grows, and a low threshold put a checkpoint back on this thread every
  // few hundred milliseconds (~0.5 s of a 10,000-note ingest). Once it empties, the WAL file is cut back.
  let checkpoints: Checkpointer | undefined;
  if (path !== MEMORY && !readonly && checkpointIntervalMs > 0) {
    sqlite.pragma('wal_autocheckpoint = 32768');
    sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    checkpoints = startCheckpoints(sqlite, path, checkpointIntervalMs);
  }

  const statements = reusingStatements(sqlite);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: statements }),
    plugins: [inlineLimits],
  });
  let closing: Promise<void> | undefined;
  return {
    dialect: 'sqlite',
    sqlite,
    db,
    path,
    statement: (sql) => statements.prepare(sql) as Statement,
    close() {
      closing ??= (async () => {
        // The checkpoint thread's connection first: the last one to close checkpoints and removes the WAL.
        await checkpoints?.close();
        if (!readonly && sqlite.open) {
          // Cheap at close, and keeps the planner's statistics fresh for long-lived databases.
          try {
            sqlite.pragma('optimize');
          } catch {
            // Best effort only: a busy database must not turn close() into a failure.
          }
        }
        // Kysely's SQLite driver closes the better-sqlite3 connection on destroy.
        await db.destroy();
        if (sqlite.open) sqlite.close();
      })();
      return closing;
    },
  };
}

/** How many prepared statements Kysely's queries keep (the app has a few hundred distinct ones). */
const STATEMENT_CACHE_SIZE = 512;

/**
 * The connection as Kysely sees it, keeping each statement it prepared for the next query with the same SQL:
 * Kysely prepares every query anew, and preparing was the largest single cost of a simulated week (2.3 s of
 * 19.7 s). A statement still iterating (a streamed query) is busy, so that query gets a fresh one. The
 * statements run on the connection directly (`statement()`) share it.
 */
function reusingStatements(sqlite: Database): SqliteDatabase & { prepare(sql: string): Statement } {
  const statements = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(sql);
      if (kept) return statement;
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
