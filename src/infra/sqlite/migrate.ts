// Forward-only SQL migrations: applies pending `NNNN_snake_name.sql` files and refuses to run against a
// database whose applied history no longer matches the files (edited migration, or a newer app's schema).
// The runner wraps each file in a transaction, so files must not contain BEGIN/COMMIT themselves.
import type { Database } from 'better-sqlite3';
import { AppError } from '../../core/errors.js';
import { packagePath } from '../package-root.js';
import {
  type AppliedMigration,
  type MigrationFile,
  migrationFailed,
  pendingMigrations,
  readMigrationFiles,
  verifyHistory,
} from '../storage/migration-files.js';

export { type MigrationFile, migrationChecksum, readMigrationFiles } from '../storage/migration-files.js';

function ensureBookkeeping(sqlite: Database): void {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  checksum TEXT NOT NULL,
  applied_at TEXT NOT NULL
) STRICT`);
}

function appliedRows(sqlite: Database): AppliedMigration[] {
  return sqlite
    .prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version')
    .all() as AppliedMigration[];
}

function applyOne(sqlite: Database, file: MigrationFile): boolean {
  // IMMEDIATE takes the write lock first, so a second process opening the same file waits (busy_timeout)
  // and then sees the migration as applied instead of failing on "table already exists".
  const run = sqlite.transaction((): boolean => {
    const done = sqlite
      .prepare('SELECT checksum FROM schema_migrations WHERE version = ?')
      .get(file.version) as { checksum: string } | undefined;
    if (done) {
      verifyHistory([{ version: file.version, name: file.fileName, checksum: done.checksum }], [file]);
      return false;
    }
    sqlite.exec(file.sql);
    const violations = sqlite.pragma('foreign_key_check') as unknown[];
    if (violations.length > 0) {
      throw new AppError('db_error', `migration ${file.fileName} leaves foreign-key violations`, {
        retryable: false,
        details: { violations: violations.slice(0, 20) },
      });
    }
    sqlite
      .prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)')
      .run(file.version, file.fileName, file.checksum, new Date().toISOString());
    return true;
  });
  try {
    return run.immediate();
  } catch (cause) {
    throw migrationFailed(file, cause);
  }
}

/**
 * Applies every pending migration of `dir`, each in its own transaction together with its
 * `schema_migrations` row. Throws AppError('db_error') when an applied file was edited or when the
 * database carries a version no file provides. Returns the file names applied by this call.
 */
export function applyMigrations(
  sqlite: Database,
  dir: string = packagePath('migrations'),
): { applied: string[] } {
  const files = readMigrationFiles(dir);
  ensureBookkeeping(sqlite);
  const appliedBefore = appliedRows(sqlite);
  verifyHistory(appliedBefore, files);
  const pending = pendingMigrations(files, appliedBefore);
  if (pending.length === 0) return { applied: [] };

  // Table rebuilds (create new, copy, drop old, rename) must not fire ON DELETE CASCADE on the drop, and the
  // pragma is a no-op inside a transaction: switch it off around the run and check integrity before commit.
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true }) as number;
  if (foreignKeys) sqlite.pragma('foreign_keys = OFF');
  const applied: string[] = [];
  try {
    for (const file of pending) {
      if (applyOne(sqlite, file)) applied.push(file.fileName);
    }
  } finally {
    if (foreignKeys) sqlite.pragma('foreign_keys = ON');
  }
  return { applied };
}
