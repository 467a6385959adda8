// Fragments (content_chunks rows) are spans of their note's body: chunk_start and chunk_end count
// characters into content_nodes.body_text as SQLite's substr() does (code points), while JavaScript counts
// UTF-16 units; the two differ only where the text holds characters beyond the BMP (emoji, some CJK).
// A fragment's text is read either in SQL (one row) or cut in JavaScript from one read of the body: SQLite
// reads a column whole for every row that uses it, so many fragments of a large note must not each
// substr() it.
// Postgres' substr() counts code points as SQLite's does; its position and length must be `integer`.
import { type Kysely, sql } from 'kysely';
import type { StoreDialect } from '../../storage/store.js';
import type { DB } from '../db-types.js';

/** SQLite's text of fragment `c` of note `n` (fragmentText gives either store's). */
export const FRAGMENT_TEXT = 'substr(n.body_text, c.chunk_start + 1, c.chunk_end - c.chunk_start)';

/** SQL: the text of fragment `c` of note `n` — for one row or a few, never for all fragments of a note. */
export const fragmentText = (dialect: StoreDialect) =>
  dialect === 'sqlite'
    ? sql.raw<string | null>(FRAGMENT_TEXT)
    : sql<
        string | null
      >`substr(n.body_text, (c.chunk_start + 1)::integer, (c.chunk_end - c.chunk_start)::integer)`;

const SURROGATE = /[\uD800-\uDFFF]/;

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Offsets of `text` counted one way (`from`) as counted the other. A pair of surrogates is one character;
 * a lone surrogate is one as well (it reaches SQLite as U+FFFD).
 */
export function convertOffsets(
  text: string,
  offsets: readonly number[],
  from: 'utf16' | 'characters',
): number[] {
  if (!SURROGATE.test(text)) return [...offsets];
  const order = offsets.map((_, i) => i).sort((a, b) => (offsets[a] ?? 0) - (offsets[b] ?? 0));
  const out = new Array<number>(offsets.length).fill(0);
  let unit = 0;
  let character = 0;
  for (const i of order) {
    const target = offsets[i] ?? 0;
    while ((from === 'utf16' ? unit : character) < target && unit < text.length) {
      unit += isHigh(text.charCodeAt(unit)) && isLow(text.charCodeAt(unit + 1)) ? 2 : 1;
      character += 1;
    }
    out[i] = from === 'utf16' ? character : unit;
  }
  return out;
}

export interface SpanRow {
  node_id: number;
  chunk_start: number;
  chunk_end: number;
}

/** The texts of spans of one note's `body`, in their order. */
export function spanTexts(body: string, spans: readonly SpanRow[]): string[] {
  const offsets = convertOffsets(
    body,
    spans.flatMap((span) => [span.chunk_start, span.chunk_end]),
    'characters',
  );
  return spans.map((_, k) => body.slice(offsets[2 * k], offsets[2 * k + 1]));
}

/**
 * The rows whose text `keep` accepts (all without it), each with its text, in their order. Each note's
 * body is read once, however many of its fragments are asked for.
 */
export async function withFragmentText<T extends SpanRow>(
  store: { db: Kysely<DB> },
  rows: readonly T[],
  keep: (row: T, text: string) => boolean = () => true,
): Promise<Array<T & { text: string }>> {
  const byNote = new Map<number, number[]>();
  rows.forEach((row, i) => {
    const list = byNote.get(row.node_id);
    if (list) list.push(i);
    else byNote.set(row.node_id, [i]);
  });
  const bodies = new Map<number, string>();
  if (byNote.size > 0) {
    const found = await store.db
      .selectFrom('content_nodes')
      .select(['id', 'body_text'])
      .where('id', 'in', [...byNote.keys()])
      .execute();
    for (const row of found) bodies.set(row.id, row.body_text);
  }
  const texts = new Array<string | undefined>(rows.length);
  for (const [nodeId, indexes] of byNote) {
    const cut = spanTexts(
      bodies.get(nodeId) ?? '',
      indexes.map((i) => rows[i] as T),
    );
    indexes.forEach((rowIndex, k) => {
      const text = cut[k] ?? '';
      if (keep(rows[rowIndex] as T, text)) texts[rowIndex] = text;
    });
  }
  return rows.flatMap((row, i) => {
    const text = texts[i];
    return text === undefined ? [] : [{ ...row, text }];
  });
}

/** Whether `text` holds `word`, ignoring case (as SQL's LIKE did for these searches). */
export function holdsWord(text: string, word: string): boolean {
  return text.toLowerCase().includes(word.toLowerCase());
}
