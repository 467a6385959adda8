// One table of `app storage migrate` (copy-to-postgres.ts): its rows copied from SQLite into Postgres in
// multi-row INSERTs, a row Postgres refuses named by its key and column, and the table read back in key
// order and checksummed the way its SQLite rows were.
import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import { AppError } from '../../core/errors.js';
import type { ColumnPlan, TablePlan } from './copy-plan.js';
import { ident, POSTGRES_TYPES } from './postgres-target.js';
import { type ColumnKind, RowChecksum } from './row-checksum.js';

const MAX_PARAMETERS = 65_535;
const FETCH_ROWS = 2_000;

export interface TableReport {
  table: string;
  rows: number;
  /** SHA-256 of the rows in key order (row-checksum.ts), the same from SQLite and from Postgres. */
  checksum: string;
}

export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(reasonOf))].join('; ');
  }
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

const orderBy = (columns: readonly ColumnPlan[], collate: string) =>
  columns.map((c) => (c.kind === 'text' ? `${ident(c.name)} COLLATE ${collate}` : ident(c.name))).join(', ');

/** A value as node-postgres sends it for a `$n::<type>` parameter. */
function toParameter(kind: ColumnKind, value: unknown): unknown {
  if (value === null) return null;
  if (kind === 'integer' && (typeof value === 'bigint' || Number.isInteger(value))) return String(value);
  if (kind === 'real' && (typeof value === 'number' || typeof value === 'bigint')) return Number(value);
  if (kind === 'text' && typeof value === 'string') return value;
  if (kind === 'blob' && Buffer.isBuffer(value)) return value;
  throw new TypeError(`a ${typeof value} in a ${kind} column`);
}

export async function copyTable(
  client: pg.ClientBase,
  sqlite: Database,
  table: TablePlan,
  batchRows: number,
  progress: (done: number, total: number) => void,
): Promise<TableReport> {
  const columns = table.columns;
  const names = columns.map((c) => ident(c.name)).join(', ');
  const total = Number(
    sqlite
      .prepare(`SELECT count(*) FROM ${ident(table.name)}`)
      .pluck()
      .get(),
  );
  const rowsPerInsert = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)));
  // Postgres checks a foreign key at the end of each statement: a table whose rows may point at rows of a
  // later batch goes through a staging table and moves in one statement.
  const target = table.selfReferencing ? `copy_stage_${table.name}` : table.name;
  if (table.selfReferencing) {
    await client.query(`CREATE TEMP TABLE ${ident(target)} (LIKE ${ident(table.name)}) ON COMMIT DROP`);
  }
  const sum = new RowChecksum(columns.map((c) => c.kind));
  const select = sqlite
    .prepare(`SELECT ${names} FROM ${ident(table.name)} ORDER BY ${orderBy(table.orderBy, 'BINARY')}`)
    .raw(true)
    .safeIntegers(true);
  progress(0, total);
  let batch: unknown[][] = [];
  let done = 0;
  const flush = async () => {
    await insertRows(client, table, target, batch);
    done += batch.length;
    batch = [];
    progress(done, total);
  };
  for (const row of select.iterate() as IterableIterator<unknown[]>) {
    sum.add(row);
    batch.push(row);
    if (batch.length === rowsPerInsert) await flush();
  }
  if (batch.length > 0) await flush();
  if (table.selfReferencing) {
    await client.query(
      `INSERT INTO ${ident(table.name)} (${names}) OVERRIDING SYSTEM VALUE SELECT ${names} FROM ${ident(target)}`,
    );
    await client.query(`DROP TABLE ${ident(target)}`);
  }
  return { table: table.name, rows: sum.rows, checksum: sum.digest() };
}

async function insertRows(
  client: pg.ClientBase,
  table: TablePlan,
  target: string,
  rows: readonly unknown[][],
): Promise<void> {
  const columns = table.columns;
  const parameters: unknown[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    const slots: string[] = [];
    columns.forEach((column, i) => {
      try {
        parameters.push(toParameter(column.kind, row[i]));
      } catch (error) {
        throw new AppError(
          'db_error',
          `copying ${table.name} failed, nothing was copied: ${rowName(table, row)} holds ${(error as Error).message} (${column.name})`,
          { retryable: false },
        );
      }
      slots.push(`$${parameters.length}::${POSTGRES_TYPES[column.kind]}`);
    });
    tuples.push(`(${slots.join(', ')})`);
  }
  try {
    await client.query(
      `INSERT INTO ${ident(target)} (${columns.map((c) => ident(c.name)).join(', ')}) OVERRIDING SYSTEM VALUE ` +
        `VALUES ${tuples.join(', ')}`,
      parameters,
    );
  } catch (error) {
    // Without an SQLSTATE it was not Postgres refusing a row but the connection failing (the server then
    // rolls the transaction back itself).
    const refused = (error as pg.DatabaseError).code !== undefined;
    throw new AppError(
      'db_error',
      `copying ${table.name} failed, nothing was copied: ${refused ? `Postgres refused ${refusedRow(table, rows, error)}` : reasonOf(error)}`,
      { retryable: false, cause: error },
    );
  }
}

/** `the row with id = 42` by the table's key. */
function rowName(table: TablePlan, row: readonly unknown[]): string {
  const key = table.orderBy.map((c) => `${c.name} = ${String(row[table.columns.indexOf(c)])}`).join(', ');
  return `the row with ${key}`;
}

/** Which row (and column) of a batch Postgres refused, as far as its error says. */
function refusedRow(table: TablePlan, rows: readonly unknown[][], error: unknown): string {
  const e = error as pg.DatabaseError;
  const reason = reasonOf(error);
  // A value Postgres cannot take (e.g. U+0000 in text) names the parameter it came in.
  const parameter = /parameter \$(\d+)/.exec(e.where ?? '')?.[1];
  if (parameter) {
    const n = Number(parameter) - 1;
    const row = rows[Math.floor(n / table.columns.length)];
    const column = table.columns[n % table.columns.length];
    if (row && column) return `${rowName(table, row)}, column ${column.name}: ${reason}`;
  }
  return `a row: ${reason}${e.detail ? ` (${e.detail.slice(0, 300)})` : ''}`;
}

/** Reads a table back from Postgres in key order and checksums it the way its SQLite rows were. */
export async function readBack(
  client: pg.ClientBase,
  table: TablePlan,
  progress: (done: number) => void,
): Promise<TableReport> {
  const sum = new RowChecksum(table.columns.map((c) => c.kind));
  const names = table.columns.map((c) => ident(c.name)).join(', ');
  await client.query(
    `DECLARE copy_check NO SCROLL CURSOR FOR SELECT ${names} FROM ${ident(table.name)} ORDER BY ${orderBy(table.orderBy, '"C"')}`,
  );
  for (;;) {
    const { rows } = await client.query<unknown[]>({
      text: `FETCH FORWARD ${FETCH_ROWS} FROM copy_check`,
      rowMode: 'array',
    });
    for (const row of rows) sum.add(row);
    progress(sum.rows);
    if (rows.length < FETCH_ROWS) break;
  }
  await client.query('CLOSE copy_check');
  return { table: table.name, rows: sum.rows, checksum: sum.digest() };
}
