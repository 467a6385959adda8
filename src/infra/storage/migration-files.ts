// What both stores' migration runners share: reading a directory of `NNNN_snake_name.sql` files in version
// order, their checksums, and checking a database's applied history against them. Only how a file is
// applied and recorded differs by dialect (src/infra/sqlite/migrate.ts, src/infra/postgres/migrate.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../core/errors.js';

const FILE_PATTERN = /^(\d{4})_([a-z0-9]+(?:_[a-z0-9]+)*)\.sql$/;

export interface MigrationFile {
  version: number;
  fileName: string;
  sql: string;
  checksum: string;
}

/** A row of `schema_migrations`, as far as the history check needs it. */
export interface AppliedMigration {
  version: number;
  name: string;
  checksum: string;
}

/** SHA-256 of a migration's text; CRLF is folded so a Windows checkout does not look "modified". */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** Reads the migration files of `dir`, sorted by their numeric prefix. Subdirectories are not read. */
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

/**
 * Refuses a database whose history the files no longer match: a version no file provides (a newer app's
 * schema) or an applied file whose text changed since.
 */
export function verifyHistory(applied: readonly AppliedMigration[], files: readonly MigrationFile[]): void {
  const byVersion = new Map(files.map((f) => [f.version, f]));
  const unknown = applied.filter((row) => !byVersion.has(row.version));
  const newest = unknown.at(-1);
  if (newest) {
    const known = files.at(-1)?.version ?? 0;
    throw new AppError(
      'db_error',
      `database schema version ${newest.version} is newer than this app (which knows up to version ${known})`,
      { retryable: false, details: { version: newest.version, name: newest.name, known } },
    );
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

/** The files not yet applied, in version order. */
export function pendingMigrations(
  files: readonly MigrationFile[],
  applied: readonly AppliedMigration[],
): MigrationFile[] {
  const done = new Set(applied.map((row) => row.version));
  return files.filter((f) => !done.has(f.version));
}

/** The error a runner throws when applying one file fails (the database's own message inside). */
export function migrationFailed(file: MigrationFile, cause: unknown): AppError {
  if (cause instanceof AppError) return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new AppError('db_error', `migration ${file.fileName} failed: ${reason}`, {
    retryable: false,
    cause,
  });
}
