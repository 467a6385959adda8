// The Postgres side of `app storage migrate`: whether a target may be copied into (its migration history
// no newer than ours, none of our tables holding rows but the ones the migrations seed), whether its tables
// have the columns SQLite's have, and moving its identity sequences past the ids copied.
import type pg from 'pg';
import { DEFAULT_ACCOUNT_ID } from '../../contracts/account.js';
import { AppError } from '../../core/errors.js';
import type { TablePlan } from './copy-plan.js';
import { type AppliedMigration, type MigrationFile, verifyHistory } from './migration-files.js';
import type { ColumnKind } from './row-checksum.js';

/** `"name"`: our names are plain, but quoting keeps a reserved word (`trigger`, `key`) a name. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The rows Postgres' migrations insert into an empty database: 0001's default account. A target holding
 * only these is empty; the copy replaces them with SQLite's own rows, so they are neither kept stale nor
 * doubled. (0009 also inserts, but only spans of fragments that already exist: none in an empty database.)
 */
export const SEEDED_ROWS: Readonly<Record<string, { column: string; values: readonly string[] }>> = {
  accounts: { column: 'id', values: [DEFAULT_ACCOUNT_ID] },
};

export const POSTGRES_TYPES: Record<ColumnKind, string> = {
  integer: 'bigint',
  real: 'double precision',
  text: 'text',
  blob: 'bytea',
};

async function exists(client: pg.ClientBase, table: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [
    ident(table),
  ]);
  return rows[0]?.found === true;
}

/**
 * Refuses (AppError 'conflict') a target whose `schema_migrations` has a version our files do not (a newer
 * app's schema) or a file applied with other text than ours. Reads only.
 */
export async function checkTargetHistory(
  client: pg.ClientBase,
  files: readonly MigrationFile[],
): Promise<void> {
  if (!(await exists(client, 'schema_migrations'))) return;
  const { rows } = await client.query<AppliedMigration>(
    'SELECT version::integer AS version, name, checksum FROM schema_migrations ORDER BY version',
  );
  try {
    verifyHistory(rows, files);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('conflict', `refused: the target's ${reason.replace(/^database /, '')}`, {
      retryable: false,
    });
  }
}

/** Which of `tables` exist in the target and hold rows, seeded rows aside. Reads only. */
export async function tablesWithRows(client: pg.ClientBase, tables: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    if (!(await exists(client, table))) continue;
    const seeded = SEEDED_ROWS[table];
    const { rows } = await client.query<{ found: boolean }>(
      seeded
        ? `SELECT EXISTS (SELECT 1 FROM ${ident(table)} WHERE ${ident(seeded.column)} <> ALL ($1::text[])) AS found`
        : `SELECT EXISTS (SELECT 1 FROM ${ident(table)}) AS found`,
      seeded ? [seeded.values] : [],
    );
    if (rows[0]?.found) found.push(table);
  }
  return found;
}

/** AppError 'conflict' naming the tables with rows, if any. */
export function refuseNonEmpty(withRows: readonly string[]): void {
  if (withRows.length === 0) return;
  const list = withRows.join(', ');
  throw new AppError(
    'conflict',
    `refused: the target database is not empty (${withRows.length === 1 ? 'table' : 'tables'} ${list} ${withRows.length === 1 ? 'has' : 'have'} rows); migrate into an empty database`,
    { retryable: false, details: { tables: withRows } },
  );
}

/** Deletes the seeded rows (inside the copy's transaction, before SQLite's rows come in). */
export async function deleteSeededRows(client: pg.ClientBase, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const seeded = SEEDED_ROWS[table];
    if (!seeded) continue;
    await client.query(`DELETE FROM ${ident(table)} WHERE ${ident(seeded.column)} = ANY ($1::text[])`, [
      seeded.values,
    ]);
  }
}

export interface TargetColumns {
  /** Columns filled by an identity (GENERATED … AS IDENTITY), by table. */
  identities: Map<string, string[]>;
}

/**
 * Checks that every table of the plan exists in the target with SQLite's columns, in the same order and
 * of the mapped types (migrated by our files, it always does: a difference is a bug of ours, db_error).
 */
export async function checkTargetColumns(
  client: pg.ClientBase,
  plan: readonly TablePlan[],
): Promise<TargetColumns> {
  const identities = new Map<string, string[]>();
  const problems: string[] = [];
  for (const table of plan) {
    const { rows } = await client.query<{ name: string; type: string; identity: string }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attidentity AS identity
       FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY a.attnum`,
      [ident(table.name)],
    );
    const expected = table.columns.map((c) => `${c.name} ${POSTGRES_TYPES[c.kind]}`).join(', ');
    const actual = rows.map((c) => `${c.name} ${c.type}`).join(', ');
    if (rows.length === 0) problems.push(`${table.name} is missing`);
    else if (expected !== actual) problems.push(`${table.name} has (${actual}), SQLite (${expected})`);
    identities.set(
      table.name,
      rows.filter((c) => c.identity !== '').map((c) => c.name),
    );
  }
  if (problems.length > 0) {
    throw new AppError('db_error', `the target's tables differ from SQLite's: ${problems.join('; ')}`, {
      retryable: false,
    });
  }
  return { identities };
}

/**
 * Moves each identity sequence past the highest id copied, or past SQLite's own counter for an
 * AUTOINCREMENT table when that is higher (ids of deleted rows are not handed out again, as in SQLite).
 */
export async function resetIdentities(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  sqliteCounter: bigint,
): Promise<void> {
  for (const column of columns) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST(next, 1), next > 0)
       FROM (SELECT GREATEST(COALESCE(max(${ident(column)}), 0), $3::bigint) AS next FROM ${ident(table)}) AS copied`,
      [ident(table), column, sqliteCounter.toString()],
    );
  }
}
