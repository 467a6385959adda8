// The phrases of SQL that differ between the two stores, so a repository's query is written once. Each
// takes the dialect and gives a Kysely fragment; everything else (ISO text timestamps, 0/1 flags, JSON as
// text, `insert … returning`, `on conflict`) is the same text in both (docs/deployment.md).
import { type RawBuilder, sql } from 'kysely';
import type { StoreDialect } from './store.js';

type Expr = RawBuilder<unknown>;

/** `a` equals `b`, NULL equal to NULL: SQLite's `is`, Postgres' `is not distinct from`. */
export const sameAs = (dialect: StoreDialect, a: Expr, b: unknown) =>
  dialect === 'sqlite' ? sql`${a} is ${b}` : sql`${a} is not distinct from ${b}`;

/** Elements of a JSON array held as text. */
export const jsonArrayLength = (dialect: StoreDialect, column: Expr) =>
  dialect === 'sqlite'
    ? sql<number>`json_array_length(${column})`
    : sql<number>`json_array_length((${column})::json)`;

/**
 * The larger of two non-NULL values: SQLite's two-argument `max`, Postgres' `greatest`. (They differ on
 * NULL — SQLite answers NULL, Postgres the other value — so callers coalesce first.)
 */
export const larger = (dialect: StoreDialect, a: Expr, b: Expr) =>
  dialect === 'sqlite' ? sql`max(${a}, ${b})` : sql`greatest(${a}, ${b})`;

/** The values of `expr` over the group as a JSON array text, `[]` for none. */
export const jsonGroupArray = (dialect: StoreDialect, expr: Expr) =>
  dialect === 'sqlite'
    ? sql<string>`json_group_array(${expr})`
    : sql<string>`coalesce(json_agg(${expr})::text, '[]')`;

/** Now as the schema's timestamp text (ISO-8601 UTC with milliseconds), one instant per statement. */
export const nowText = (dialect: StoreDialect) =>
  dialect === 'sqlite' ? sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` : sql<string>`utc_now_iso()`;

/**
 * Text ordered byte by byte, as SQLite's default BINARY collation orders it (Postgres orders by the
 * database's locale unless told `collate "C"`). For `order by` only.
 */
export const binaryOrder = (dialect: StoreDialect, expr: Expr) =>
  dialect === 'sqlite' ? expr : sql`${expr} collate "C"`;

/**
 * A handle-like text ordered ignoring ASCII case: SQLite's NOCASE collation, Postgres' lower() under byte
 * order. For `order by`; `sameFolded` compares.
 */
export const foldedOrder = (dialect: StoreDialect, expr: Expr) =>
  dialect === 'sqlite' ? sql`${expr} collate nocase` : sql`lower(${expr}) collate "C"`;

/**
 * `a` equals `b` ignoring ASCII case: SQLite's NOCASE (which an index of a NOCASE column serves), Postgres'
 * `lower(a) = lower(b)` (which an index on lower(column) serves).
 */
export const sameFolded = (dialect: StoreDialect, a: Expr, b: unknown) =>
  dialect === 'sqlite' ? sql<boolean>`${a} collate nocase = ${b}` : sql<boolean>`lower(${a}) = lower(${b})`;

/**
 * The text at `path` (keys and array indexes) of a JSON column held as text, NULL when absent: SQLite's
 * json_extract (which gives a JSON number as a number: callers wanting text convert it), Postgres' `#>>`.
 */
export const jsonPathText = (dialect: StoreDialect, column: Expr, path: ReadonlyArray<string | number>) =>
  dialect === 'sqlite'
    ? sql`json_extract(${column}, ${`$${path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('')}`})`
    : sql`(${column})::jsonb #>> ${`{${path.join(',')}}`}::text[]`;

/**
 * The schema's timestamp text `days` whole days after the timestamp text `at` (24 hours a day, in UTC):
 * SQLite's strftime with a '+N day' modifier, Postgres' interval arithmetic on a UTC timestamp.
 */
export const isoPlusDays = (dialect: StoreDialect, at: Expr, days: number) =>
  dialect === 'sqlite'
    ? sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, ${`+${days} day`})`
    : sql<string>`to_char((${at})::timestamptz at time zone 'UTC' + make_interval(days => ${days}::int),
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
