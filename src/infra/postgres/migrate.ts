// The Postgres twin of src/infra/sqlite/migrate.ts: applies `migrations/postgres` with the same file rules,
// checksums and refusals (src/infra/storage/migration-files.ts), each file in its own transaction together
// with its schema_migrations row (Postgres DDL is transactional, so a failing file leaves nothing behind).
// Files must not contain BEGIN/COMMIT themselves.
import type { ClientBase } from 'pg';
import { packagePath } from '../package-root.js';
import {
  type AppliedMigration,
  type MigrationFile,
  migrationFailed,
  pendingMigrations,
  readMigrationFiles,
  verifyHistory,
} from '../storage/migration-files.js';

/**
 * The key of the session advisory lock runners take turns on: any constant of our own (the bytes of
 * "app_mig"). Advisory locks are per database, so runners on other databases of a server never wait on it.
 */
export const MIGRATION_LOCK_KEY = '27426700680587623';

// The same columns as SQLite's schema_migrations.
const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version BIGINT PRIMARY KEY,
  name TEXT NOT NULL,
  checksum TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

async function appliedRows(client: ClientBase): Promise<AppliedMigration[]> {
  // BIGINT comes back from node-postgres as a string; versions are small.
  const { rows } = await client.query<AppliedMigration>(
    'SELECT version::integer AS version, name, checksum FROM schema_migrations ORDER BY version',
  );
  return rows;
}

async function applyOne(client: ClientBase, file: MigrationFile): Promise<void> {
  await client.query('BEGIN');
  try {
    // No parameters: sent as one simple query, which may hold many statements.
    await client.query(file.sql);
    await client.query(
      'INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)',
      [file.version, file.fileName, file.checksum, new Date().toISOString()],
    );
    await client.query('COMMIT');
  } catch (cause) {
    // A failed ROLLBACK means the connection is gone, and the transaction with it.
    await client.query('ROLLBACK').catch(() => undefined);
    throw migrationFailed(file, cause);
  }
}

/**
 * Applies every pending migration of `dir` over `client` (a connection of its own, e.g. a pool's client).
 * A second runner on the same database waits for the first and then finds nothing to apply. Throws
 * AppError('db_error') when an applied file was edited or when the database carries a version no file
 * provides. Returns the file names applied by this call.
 */
export async function applyPostgresMigrations(
  client: ClientBase,
  dir: string = packagePath('migrations', 'postgres'),
): Promise<{ applied: string[] }> {
  const files = readMigrationFiles(dir);
  // Held for the whole run, from before the bookkeeping table exists: two `CREATE TABLE IF NOT EXISTS` at
  // once can both try to create it.
  await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
  try {
    await client.query(BOOKKEEPING);
    const before = await appliedRows(client);
    verifyHistory(before, files);
    const applied: string[] = [];
    for (const file of pendingMigrations(files, before)) {
      await applyOne(client, file);
      applied.push(file.fileName);
    }
    return { applied };
  } finally {
    // When the connection broke, the lock went with its session; the error that broke it is the one to see.
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
  }
}
