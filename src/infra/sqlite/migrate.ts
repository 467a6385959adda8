// Forward-only SQL migrations: applies pending `NNNN_snake_name.sql` files and refuses to run against a
// database whose applied history no longer matches the files (edited migration, or a newer app's schema).
// The runner wraps each file in a transaction, so files must not contain BEGIN/COMMIT themselves.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { AppError } from '../../core/errors.js';
import { packagePath } from '../package-root.js';

const FILE_PATTERN = /^(\d{4})_([a-z0-9]+(?:_[a-z0-9]+)*)\.sql$/;

export interface MigrationFile {
  version: number;
  fileName: string;
  sql: string;
  checksum: string;
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

/** SHA-256 of a migration's text; CRLF is folded so a Windows checkout does not look "modified". */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** Reads the migration files of `dir`, sorted by their numeric prefix. */
export function readMigrationFiles(dir: string): MigrationFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (cause) {
    throw new AppError('db_error', `migrations directory ${dir} cannot be read`, { retryable: false, cause });
  }
  const files: MigrationFile[] = [];
  for (const fileName of names) {
    if (!fileName.endsWith('.sql')) continue;
    const match = FILE_PATTERN.exec(fileName);
    // A misnamed file would otherwise be skipped silently and its schema never applied.
    if (!match) {
      throw new AppError('db_error', `migration file ${fileName} is not named NNNN_snake_name.sql`, {
        retryable: false,
      });
    }
    const sql = readFileSync(join(dir, fileName), 'utf8');
    files.push({ version: Number(match[1]), fileName, sql, checksum: migrationChecksum(sql) });
  }
  files.sort((a, b) => a.version - b.version);
  for (let i = 1; i < files.length; i++) {
    const [prev, cur] = [files[i - 1], files[i]];
    if (prev && cur && prev.version === cur.version) {
      throw new AppError('db_error', `migrations ${prev.fileName} and ${cur.fileName} share a version`, {
        retryable: false,
      });
    }
  }
  return files;
}

function ensureBookkeeping(sqlite: Database): void {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  checksum TEXT NOT NULL,
  applied_at TEXT NOT NULL
) STRICT`);
}

function appliedRows(sqlite: Database): AppliedRow[] {
  return sqlite
    .prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version')
    .all() as AppliedRow[];
}

function verifyHistory(applied: AppliedRow[], files: MigrationFile[]): void {
  const byVersion = new Map(files.map((f) => [f.version, f]));
  const unknown = applied.filter((row) => !byVersion.has(row.version));
  const newest = unknown.at(-1);
  if (newest) {
    throw new AppError('db_error', `database schema version ${newest.version} is newer than this app`, {
      retryable: false,
      details: { version: newest.version, name: newest.name },
    });
  }
  for (const row of applied) {
    const file = byVersion.get(row.version);
    if (file && file.checksum !== row.checksum) {
      throw new AppError('db_error', `migration ${file.fileName} was modified after it was applied`, {
        retryable: false,
        details: { version: row.version, expected: row.checksum, actual: file.checksum },
      });
    }
  }
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
    if (cause instanceof AppError) throw cause;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new AppError('db_error', `migration ${file.fileName} failed: ${reason}`, {
      retryable: false,
      cause,
    });
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
  const done = new Set(appliedBefore.map((row) => row.version));
  const pending = files.filter((f) => !done.has(f.version));
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
