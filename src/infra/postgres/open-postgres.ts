// Opens the Postgres store `[storage] url` names: a connection pool, the pending migrations applied (under
// the runner's advisory lock, so several processes starting at once apply each file once), and Kysely over
// it with the same plugins as SQLite's. Every failure is AppError('db_error') naming the URL with its
// password masked and the reason, never a stack trace.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { AppError } from '../../core/errors.js';
import { packagePath } from '../package-root.js';
import type { DB } from '../sqlite/db-types.js';
import { inlineLimits } from '../sqlite/inline-limits.js';
import { readMigrationFiles } from '../storage/migration-files.js';
import { applyPostgresMigrations } from './migrate.js';
import { checkPostgresUrl, maskPassword, maskPostgresUrl } from './postgres-url.js';

export interface PostgresDatabase {
  dialect: 'postgres';
  db: Kysely<DB>;
  pool: pg.Pool;
  /** The URL with its password masked: safe for logs and messages. */
  label: string;
  /** Ends the pool; safe to call twice. */
  close(): Promise<void>;
}

export interface OpenPostgresOptions {
  url: string;
  /** Apply pending migrations at open. Default true. */
  migrate?: boolean;
  /** Connections this process may hold (default 20). */
  maxConnections?: number;
  /** How long connecting may take before the open fails (default 5 s). */
  connectTimeoutMs?: number;
}

const INT8 = 20;
const NUMERIC = 1700;

/**
 * BIGINT (ids, counts, SQLite's INTEGER) and NUMERIC (a sum of BIGINTs) arrive as numbers, as better-sqlite3
 * gives them: the repositories read the same values from both stores. Ours stay far below 2^53; a larger
 * one is an error rather than a silently rounded id.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) {
      return (text: string) => {
        const value = Number(text);
        if (oid === INT8 && !Number.isSafeInteger(value)) {
          throw new AppError('db_error', `integer ${text} is beyond what the app reads exactly`);
        }
        return value;
      };
    }
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function failure(url: string, cause: unknown): AppError {
  if (cause instanceof AppError) {
    return new AppError(cause.code, `Postgres ${maskPostgresUrl(url)}: ${maskPassword(cause.message, url)}`, {
      retryable: false,
      details: cause.details,
    });
  }
  const raw = cause instanceof Error ? cause.message || cause.name : String(cause);
  // node-postgres reports a refused connection as an AggregateError with no message of its own.
  const reason = raw || (cause as { code?: string } | undefined)?.code || 'the server could not be reached';
  return new AppError(
    'db_error',
    `cannot open Postgres ${maskPostgresUrl(url)}: ${maskPassword(reason, url)}`,
    {
      retryable: false,
    },
  );
}

/**
 * Where the database's schema stands against this app's migrations: `newest` applied version (0: none),
 * `known` the newest this app has. Reads only (`app test`).
 */
export async function postgresSchemaState(
  store: PostgresDatabase,
): Promise<{ newest: number; known: number }> {
  const known = readMigrationFiles(packagePath('migrations', 'postgres')).at(-1)?.version ?? 0;
  // The table is named in a second query only: Postgres resolves a table when it parses the query.
  const { rows: found } = await sql<{ exists: boolean }>`select to_regclass('schema_migrations') is not null
    as exists`.execute(store.db);
  if (!found[0]?.exists) return { newest: 0, known };
  const { rows } = await sql<{ newest: number | null }>`select max(version) as newest
    from schema_migrations`.execute(store.db);
  return { newest: rows[0]?.newest ?? 0, known };
}

/** Connects, migrates (unless told not to) and wraps the pool in Kysely. */
/** How long a query may wait for a free connection of the pool before it fails. */
const POOL_WAIT_MS = 30_000;

/** `connecting`, or a timeout error after `ms` (the connection, when it comes later, is released). */
function withinMs(connecting: Promise<pg.PoolClient>, ms: number): Promise<pg.PoolClient> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      connecting.then(
        (client) => client.release(),
        () => undefined,
      );
      reject(new Error('timeout exceeded when trying to connect'));
    }, ms);
  });
  return Promise.race([connecting, timeout]).finally(() => clearTimeout(timer));
}

export async function openPostgres(options: OpenPostgresOptions): Promise<PostgresDatabase> {
  const url = checkPostgresUrl(options.url);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 20,
    // The pool's timeout also bounds waiting for a free connection: a busy worker (its turns run queries in
    // parallel) waits rather than fails. The first connection below is bounded by connectTimeoutMs.
    connectionTimeoutMillis: POOL_WAIT_MS,
    types,
  });
  // An idle client that loses its server emits on the pool; without a listener that would end the process.
  pool.on('error', () => undefined);
  // A checked-out client whose server goes away emits on itself too: its query rejects, which is the error
  // the caller sees (graphile-worker checks a pool it is given has both listeners).
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await withinMs(pool.connect(), options.connectTimeoutMs ?? 5000);
    try {
      if (options.migrate ?? true) await applyPostgresMigrations(client);
    } finally {
      client.release();
    }
  } catch (cause) {
    await pool.end().catch(() => undefined);
    throw failure(url, cause);
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [inlineLimits] });
  let closing: Promise<void> | undefined;
  return {
    dialect: 'postgres',
    db,
    pool,
    label: maskPostgresUrl(url),
    close() {
      // Kysely's Postgres driver ends the pool on destroy.
      closing ??= db.destroy();
      return closing;
    },
  };
}
