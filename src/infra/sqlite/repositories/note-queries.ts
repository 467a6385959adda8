// Reading notes for the dashboard's "From Notes" panel: live notes newest first, or a search over titles,
// bodies (full-text) and fragments, each with the fragment that matched; one note with its fragments and seeds.
import { type Kysely, sql } from 'kysely';
import type { NoteDetail, NoteSummary } from '../../../contracts/notes.js';
import { noteMatches } from '../../storage/dialect-sql.js';
import type { StoreDialect } from '../../storage/store.js';
import type { DB } from '../db-types.js';
import { sqlLimit } from '../inline-limits.js';
import { holdsWord, type SpanRow, spanTexts, withFragmentText } from './fragment-spans.js';

/** Where the reads run: the store's Kysely (or a transaction of it) and its dialect. */
export interface Reader {
  db: Kysely<DB>;
  dialect: StoreDialect;
}

interface NoteRow {
  id: number;
  source_id: number;
  relative_path: string;
  title: string | null;
  tags: string | null;
  status: NoteSummary['status'];
  updated_at: string;
  body_start: string;
}

interface FragmentSpan extends SpanRow {
  id: number;
  heading_path: string;
}

const tagsOf = (text: string | null) => (text ? text.split(',').filter(Boolean) : []);
const flat = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

/** The fields a note's summary and its detail share, from its row. */
const noteFields = (row: Omit<NoteRow, 'body_start'>) => ({
  id: row.id,
  source_id: row.source_id,
  relative_path: row.relative_path,
  title: row.title,
  tags: tagsOf(row.tags),
  status: row.status,
  updated_at: row.updated_at,
});

/** The words of a search: each a prefix, all must match. */
function searchWords(q: string): string[] {
  return q.match(/[\p{L}\p{N}_]+/gu) ?? [];
}

export async function searchNotes(
  reader: Reader,
  accountId: string,
  filter: { q?: string; sourceId?: number; limit: number; offset: number },
): Promise<{ items: NoteSummary[]; total: number }> {
  const { db, dialect } = reader;
  const words = filter.q ? searchWords(filter.q) : [];
  const where = sql.join(
    [
      sql`n.account_id = ${accountId}`,
      sql`n.gone_at is null`,
      ...(filter.sourceId ? [sql`n.source_id = ${filter.sourceId}`] : []),
    ],
    sql` and `,
  );
  const from =
    words.length > 0
      ? sql`${noteMatches(dialect, { allPrefixes: words })} as f join content_nodes n on n.id = f.id`
      : sql`content_nodes n`;
  const order = words.length > 0 ? sql`f.rank, n.id` : sql`n.updated_at desc, n.id desc`;
  const counted = await sql<{ n: number }>`select count(*) as n from ${from} where ${where}`.execute(db);
  const total = Number(counted.rows[0]?.n ?? 0);
  const { rows } = await sql<NoteRow>`select n.id, n.source_id, n.relative_path, n.title, n.tags, n.status,
      n.updated_at, substr(n.body_text, 1, 400) as body_start
    from ${from} where ${where} order by ${order} limit ${sqlLimit(filter.limit)} offset ${filter.offset}`.execute(
    db,
  );
  const firstWord = filter.q?.match(/[\p{L}\p{N}_]+/u)?.[0];
  // Each note's first fragment that holds the first word (the match may lie in the title or a heading only).
  const hits = new Map<number, FragmentSpan & { text: string }>();
  if (firstWord && rows.length > 0) {
    const spans = await db
      .selectFrom('content_chunks')
      .select(['id', 'node_id', 'heading_path', 'chunk_start', 'chunk_end'])
      .where(
        'node_id',
        'in',
        rows.map((row) => row.id),
      )
      .where('status', '=', 'active')
      .orderBy('node_id')
      .orderBy('chunk_index')
      .execute();
    for (const hit of await withFragmentText(reader, spans, (_, text) => holdsWord(text, firstWord)))
      if (!hits.has(hit.node_id)) hits.set(hit.node_id, hit);
  }
  const items = rows.map((row): NoteSummary => {
    const hit = hits.get(row.id);
    return {
      ...noteFields(row),
      snippet: flat(hit?.text ?? row.body_start),
      heading_path: hit?.heading_path ?? null,
      chunk_id: hit?.id ?? null,
    };
  });
  return { items, total };
}

export async function noteDetail(
  reader: Reader,
  accountId: string,
  id: number,
): Promise<NoteDetail | undefined> {
  const { db } = reader;
  const row = await db
    .selectFrom('content_nodes')
    .select([
      'id',
      'source_id',
      'relative_path',
      'title',
      'tags',
      'status',
      'updated_at',
      'body_text',
      'front_matter',
    ])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('gone_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const spans = await db
    .selectFrom('content_chunks')
    .select(['id', 'node_id', 'heading_path', 'chunk_start', 'chunk_end'])
    .where('node_id', '=', id)
    .where('status', '=', 'active')
    .orderBy('chunk_index')
    .execute();
  const texts = spanTexts(row.body_text, spans);
  const fragments = spans.map((span, i) => ({
    id: span.id,
    heading_path: span.heading_path,
    text: texts[i] ?? '',
  }));
  const seeds = (await db
    .selectFrom('draft_seeds')
    .select(['id', 'seed_text', 'format_suggestion', 'status'])
    .where('node_id', '=', id)
    .orderBy('id')
    .execute()) as NoteDetail['seeds'];
  return {
    ...noteFields(row as Omit<NoteRow, 'body_start'>),
    body_text: row.body_text,
    front_matter: row.front_matter,
    fragments,
    seeds,
  };
}
