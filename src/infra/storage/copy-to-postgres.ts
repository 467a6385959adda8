// `app storage migrate --to postgres://…`: copies the service's SQLite database into an empty Postgres one
// and proves the copy, table by table, with row counts and checksums read back from Postgres.
//
// SQLite is read in one read transaction on a read-only connection: in WAL mode that is one consistent
// snapshot of every table while a running service keeps writing (its writers are never blocked; only the
// WAL cannot be checkpointed past the snapshot until the copy ends), and nothing is written into the data
// directory, as a backup snapshot would be (a second copy of a possibly large file, for no better snapshot).
//
// Postgres: the migrations are applied first (each file commits on its own, as on any start), then
// everything else happens in one transaction: our tables locked against writers, the emptiness check made
// again under the lock, the seeded rows replaced, every table copied in foreign-key order in multi-row
// INSERTs, the identity sequences moved on, every table read back and checked. Any failure rolls it back:
// the target is left with the migrations applied and no rows but the seeded ones.
import type { Database } from 'better-sqlite3';
import pg from 'pg';
import { AppError } from '../../core/errors.js';
import { packagePath } from '../package-root.js';
import { applyPostgresMigrations } from '../postgres/migrate.js';
import { maskPassword, maskPostgresUrl } from '../postgres/postgres-url.js';
import { openDatabase } from '../sqlite/open-database.js';
import { sqliteTablePlan, type TablePlan } from './copy-plan.js';
import { copyTable, readBack, reasonOf, type TableReport } from './copy-table.js';
import {
  type AppliedMigration,
  type MigrationFile,
  pendingMigrations,
  readMigrationFiles,
  verifyHistory,
} from './migration-files.js';
import {
  checkTargetColumns,
  checkTargetHistory,
  deleteSeededRows,
  ident,
  refuseNonEmpty,
  resetIdentities,
  tablesWithRows,
} from './postgres-target.js';

export type { TableReport } from './copy-table.js';

export interface CopyProgress {
  phase: 'copy' | 'verify';
  table: string;
  /** 1-based position of the table, of `tables`. */
  index: number;
  tables: number;
  done: number;
  total: number;
}

export interface CopyToPostgresOptions {
  sqlitePath: string;
  url: string;
  /** The two stores' migration directories (default: the shipped ones; tests give their own schemas). */
  sqliteMigrationsDir?: string;
  postgresMigrationsDir?: string;
  /** Rows per INSERT (default 500, fewer for wide tables: a statement takes at most 65,535 parameters). */
  batchRows?: number;
  onProgress?: (progress: CopyProgress) => void;
}

export interface CopyReport {
  source: string;
  /** The target URL, password masked. */
  target: string;
  schemaVersion: number;
  /** Postgres migrations this run applied (none when the target was already migrated). */
  migrationsApplied: string[];
  tables: TableReport[];
  totalRows: number;
  /** The copy and its verification, migrations excluded. */
  copyMs: number;
}

const DEFAULT_BATCH_ROWS = 500;

/** Copies the SQLite database at `sqlitePath` into the empty Postgres database at `url`. */
export async function copyToPostgres(options: CopyToPostgresOptions): Promise<CopyReport> {
  const { sqlitePath, url } = options;
  const sqliteFiles = readMigrationFiles(options.sqliteMigrationsDir ?? packagePath('migrations'));
  const postgresFiles = readMigrationFiles(
    options.postgresMigrationsDir ?? packagePath('migrations', 'postgres'),
  );
  sameVersions(sqliteFiles, postgresFiles);

  const source = openDatabase({ path: sqlitePath, readonly: true, migrate: false });
  // Every read below, the schema's included, sees one snapshot (WAL: a running service keeps writing).
  source.sqlite.exec('BEGIN');
  try {
    checkSourceSchema(source.sqlite, sqliteFiles);
    const plan = sqliteTablePlan(source.sqlite);
    const client = await connect(url);
    try {
      return await copyInto(client, source.sqlite, plan, postgresFiles, options);
    } catch (error) {
      throw masked(error, url);
    } finally {
      await client.end().catch(() => undefined);
    }
  } finally {
    if (source.sqlite.inTransaction) source.sqlite.exec('COMMIT');
    await source.close();
  }
}

async function copyInto(
  client: pg.Client,
  sqlite: Database,
  plan: TablePlan[],
  postgresFiles: MigrationFile[],
  options: CopyToPostgresOptions,
): Promise<CopyReport> {
  // schema_migrations is the runner's, checked by checkTargetHistory; the copied tables must be empty.
  const ours = plan.map((t) => t.name);
  // Read-only checks first: a refused target is left exactly as it was.
  await checkTargetHistory(client, postgresFiles);
  refuseNonEmpty(await tablesWithRows(client, ours));
  const { applied } = await applyPostgresMigrations(client, options.postgresMigrationsDir);
  const { identities } = await checkTargetColumns(client, plan);

  const started = performance.now();
  const counters = autoincrementCounters(sqlite);
  await client.query('BEGIN');
  try {
    // A service starting on the target meanwhile would wait for us (reads go on); 10 s if one holds them.
    await client.query("SET LOCAL lock_timeout = '10s'");
    await client.query(`LOCK TABLE ${ours.map(ident).join(', ')} IN EXCLUSIVE MODE`);
    refuseNonEmpty(await tablesWithRows(client, ours));
    await deleteSeededRows(client, ours);

    const fromSqlite: TableReport[] = [];
    for (const [i, table] of plan.entries()) {
      const progress = (done: number, total: number) =>
        options.onProgress?.({
          phase: 'copy',
          table: table.name,
          index: i + 1,
          tables: plan.length,
          done,
          total,
        });
      fromSqlite.push(
        await copyTable(client, sqlite, table, options.batchRows ?? DEFAULT_BATCH_ROWS, progress),
      );
      await resetIdentities(
        client,
        table.name,
        identities.get(table.name) ?? [],
        counters.get(table.name) ?? 0n,
      );
    }

    const differences: string[] = [];
    for (const [i, table] of plan.entries()) {
      const expected = fromSqlite[i] as TableReport;
      const progress = (done: number) =>
        options.onProgress?.({
          phase: 'verify',
          table: table.name,
          index: i + 1,
          tables: plan.length,
          done,
          total: expected.rows,
        });
      const stored = await readBack(client, table, progress);
      if (stored.rows !== expected.rows || stored.checksum !== expected.checksum) {
        differences.push(
          `${table.name} (SQLite ${expected.rows} rows, sha256 ${expected.checksum.slice(0, 12)}; ` +
            `Postgres ${stored.rows} rows, sha256 ${stored.checksum.slice(0, 12)})`,
        );
      }
    }
    if (differences.length > 0) {
      throw new AppError(
        'db_error',
        `verification failed, nothing was copied: ${differences.join('; ')} differ between the stores`,
        { retryable: false },
      );
    }
    await client.query('COMMIT');
    return {
      source: options.sqlitePath,
      target: maskPostgresUrl(options.url),
      schemaVersion: postgresFiles.at(-1)?.version ?? 0,
      migrationsApplied: applied,
      tables: fromSqlite,
      totalRows: fromSqlite.reduce((sum, t) => sum + t.rows, 0),
      copyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    // A failed ROLLBACK means the connection is gone, and the transaction with it.
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Both stores' migrations must be the same versions under the same names (the shape test holds them so). */
function sameVersions(sqliteFiles: readonly MigrationFile[], postgresFiles: readonly MigrationFile[]): void {
  const names = (files: readonly MigrationFile[]) => files.map((f) => f.fileName).join(', ');
  if (names(sqliteFiles) !== names(postgresFiles)) {
    throw new AppError('db_error', 'the SQLite and Postgres migrations of this app differ', {
      retryable: false,
    });
  }
}

/** The source must be at this app's schema: older, the service migrates it at its next start; newer, refused. */
function checkSourceSchema(sqlite: Database, files: readonly MigrationFile[]): void {
  const hasHistory = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  if (!hasHistory) {
    throw new AppError(
      'invalid_input',
      'the SQLite database has no schema_migrations: not a database of this app',
    );
  }
  const applied = sqlite
    .prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version')
    .all() as AppliedMigration[];
  try {
    verifyHistory(applied, files);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('conflict', `refused: the SQLite ${reason.replace(/^database /, 'database ')}`, {
      retryable: false,
    });
  }
  const pending = pendingMigrations(files, applied);
  if (pending.length > 0) {
    throw new AppError(
      'conflict',
      `refused: the SQLite database is at schema version ${applied.at(-1)?.version ?? 0}, this app's is ` +
        `${files.at(-1)?.version}: start the service once with this version (it migrates the database), then copy`,
      { retryable: false },
    );
  }
}

/** SQLite's AUTOINCREMENT counters (sqlite_sequence), by table. */
function autoincrementCounters(sqlite: Database): Map<string, bigint> {
  const hasSequence = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
  if (!hasSequence) return new Map();
  const rows = sqlite.prepare('SELECT name, seq FROM sqlite_sequence').safeIntegers(true).all() as {
    name: string;
    seq: bigint;
  }[];
  return new Map(rows.map((row) => [row.name, row.seq]));
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    application_name: 'app storage migrate',
  });
  // A connection dropped between queries is reported by the next query; this keeps it from crashing us.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (cause) {
    await client.end().catch(() => undefined);
    throw new AppError(
      'db_error',
      maskPassword(`cannot connect to ${maskPostgresUrl(url)}: ${reasonOf(cause)}`, url),
      { retryable: false },
    );
  }
  return client;
}

/** Any error as an AppError whose message carries no password of `url`. */
function masked(error: unknown, url: string): AppError {
  if (error instanceof AppError) {
    const message = maskPassword(error.message, url);
    return message === error.message
      ? error
      : new AppError(error.code, message, { retryable: error.retryable, details: error.details });
  }
  return new AppError('db_error', maskPassword(`copy failed, nothing was copied: ${reasonOf(error)}`, url), {
    retryable: false,
  });
}
