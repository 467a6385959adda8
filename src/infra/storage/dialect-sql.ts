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
 * `expr` to order by as SQLite's NOCASE does: A–Z folded to a–z (no other letter), then bytes compared.
 * Postgres folds with translate() rather than lower() (which folds every letter of a UTF-8 locale) and
 * compares in the "C" collation (code point order, as SQLite's bytes of UTF-8).
 */
export const nocaseOrder = (dialect: StoreDialect, expr: Expr) =>
  dialect === 'sqlite'
    ? sql`${expr} collate nocase`
    : sql`translate(${expr}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') collate "C"`;

/**
 * `a` equals `b` ignoring case, as a NOCASE column compares: Postgres' `lower()` on both sides, the form its
 * `lower(column)` unique indexes serve (docs/deployment.md: it folds non-ASCII letters too).
 */
export const nocaseEquals = (dialect: StoreDialect, a: Expr, b: unknown) =>
  dialect === 'sqlite' ? sql`${a} = ${b} collate nocase` : sql`lower(${a}) = lower(${b})`;

/**
 * `expr` matches the LIKE `pattern` (`\` escapes `%`, `_` and itself) ignoring case, as SQLite's `like`
 * does (A–Z only there; Postgres' `ilike` folds as its locale does).
 */
export const likeNocase = (dialect: StoreDialect, expr: Expr, pattern: unknown) =>
  dialect === 'sqlite' ? sql`${expr} like ${pattern} escape '\\'` : sql`${expr} ilike ${pattern} escape '\\'`;

/**
 * A from-item of the elements of the array at `key` of a JSON object held as text (SQLite's `json_each`,
 * Postgres' `json_array_elements`): alias it, and each element is the alias's `value` column, whose fields
 * jsonText reads. Malformed JSON is an error in both.
 */
export const jsonArrayElements = (dialect: StoreDialect, column: Expr, key: string) =>
  dialect === 'sqlite'
    ? sql`json_each(${column}, ${sql.lit(`$.${key}`)})`
    : sql`json_array_elements((${column})::json -> ${sql.lit(key)})`;

/**
 * The value at `path` (object keys and array indexes) of JSON (text, or an element of jsonArrayElements) as
 * text, NULL where there is none: SQLite's `json_extract` of a string, Postgres' `#>>`. The path is the
 * program's, written into the SQL: `jsonText(d, sql\`payload\`, ['cards', 0, 'text'])`.
 */
export const jsonText = (dialect: StoreDialect, json: Expr, path: ReadonlyArray<string | number>) =>
  dialect === 'sqlite'
    ? sql<
        string | null
      >`json_extract(${json}, ${sql.lit(`$${path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('')}`)})`
    : sql<string | null>`((${json})::json #>> ${sql.lit(`{${path.join(',')}}`)})`;
