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
  dialect === 'sqlite' ? sql<boolean>`${a} = ${b} collate nocase` : sql<boolean>`lower(${a}) = lower(${b})`;

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
 * text, NULL where there is none: SQLite's `json_extract` (a JSON number comes back as a number there, as
 * its text on Postgres), Postgres' `#>>`. The path is the program's, written into the SQL:
 * `jsonText(d, sql\`payload\`, ['cards', 0, 'text'])`.
 */
export const jsonText = (dialect: StoreDialect, json: Expr, path: ReadonlyArray<string | number>) =>
  dialect === 'sqlite'
    ? sql<
        string | null
      >`json_extract(${json}, ${sql.lit(`$${path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('')}`)})`
    : sql<string | null>`((${json})::json #>> ${sql.lit(`{${path.join(',')}}`)})`;

/** Elements of the JSON array at `key` of an object held as text (NULL where there is none). */
export const jsonArrayLengthAt = (dialect: StoreDialect, column: Expr, key: string) =>
  dialect === 'sqlite'
    ? sql<number | null>`json_array_length(${column}, ${sql.lit(`$.${key}`)})`
    : sql<number | null>`json_array_length((${column})::json -> ${sql.lit(key)})`;

/** The text of `expr` in byte (code point) order, as SQLite's BINARY collation compares text. */
export const binaryOrder = (dialect: StoreDialect, expr: Expr) =>
  dialect === 'sqlite' ? expr : sql`${expr} collate "C"`;

/**
 * The schema's timestamp text `days` whole days after the timestamp text `at` (24 hours a day, in UTC):
 * SQLite's strftime with a '+N day' modifier, Postgres' interval arithmetic on a UTC timestamp.
 */
export const isoPlusDays = (dialect: StoreDialect, at: Expr, days: number) =>
  dialect === 'sqlite'
    ? sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, ${`+${days} day`})`
    : sql<string>`to_char((${at})::timestamptz at time zone 'UTC' + make_interval(days => ${days}::int),
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A full-text search: any of the phrases matches, or every word matches as a prefix. SQLite asks its FTS5
 * tables (`unicode61 remove_diacritics 2`), Postgres the GIN indexes over the same text
 * (docs/deployment.md, "Full-text search"): the same words fold alike, bm25 ranks on SQLite, ts_rank with
 * length normalization on Postgres, and rank ascending is best first in both.
 */
export type TextSearch = { anyPhrase: readonly string[] } | { allPrefixes: readonly string[] };

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

const fts5Query = (search: TextSearch) =>
  'anyPhrase' in search
    ? search.anyPhrase.map(quoted).join(' OR ')
    : search.allPrefixes.map((word) => `${quoted(word)}*`).join(' ');

const tsQuery = (search: TextSearch) =>
  'anyPhrase' in search
    ? sql.join(
        search.anyPhrase.map((phrase) => sql`phraseto_tsquery('simple', search_fold(${phrase}))`),
        sql` || `,
      )
    : sql.join(
        search.allPrefixes.map((word) => sql`to_tsquery('simple', search_fold(${word}) || ':*')`),
        sql` && `,
      );

/** A from-item `(id, rank)` of the notes (content_nodes) matching `search`, rank ascending best first. */
export const noteMatches = (dialect: StoreDialect, search: TextSearch) =>
  dialect === 'sqlite'
    ? sql`(select rowid as id, bm25(content_nodes_fts) as rank from content_nodes_fts
        where content_nodes_fts match ${fts5Query(search)})`
    : sql`(select n.id, -ts_rank(content_nodes_document(n.title, n.body_text), s.q, 1) as rank
        from content_nodes n, (select ${tsQuery(search)} as q) s
        where content_nodes_document(n.title, n.body_text) @@ s.q)`;

/** Whether the post `alias` (a `posts` row) matches `search`. */
export const postMatches = (dialect: StoreDialect, alias: string, search: TextSearch) =>
  dialect === 'sqlite'
    ? sql`${sql.ref(`${alias}.id`)} in (select rowid from posts_fts where posts_fts match ${fts5Query(search)})`
    : sql`posts_document(${sql.ref(`${alias}.text`)}) @@ (${tsQuery(search)})`;
