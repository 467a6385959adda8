// Reading notes for the dashboard's "From Notes" panel: live notes newest first, or a search over titles,
// bodies (FTS5) and fragments, each with the fragment that matched; one note with its fragments and seeds.
import type { Database } from 'better-sqlite3';
import type { NoteDetail, NoteSummary } from '../../../contracts/notes.js';
import { holdsWord, type SpanRow, spanTexts, withFragmentText } from './fragment-spans.js';

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

/** The words of a search as an FTS5 query: each a quoted prefix term, all must match. */
function ftsQuery(q: string): string | undefined {
  const words = q.match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : undefined;
}

export function searchNotes(
  sqlite: Database,
  accountId: string,
  filter: { q?: string; sourceId?: number; limit: number; offset: number },
): { items: NoteSummary[]; total: number } {
  const query = filter.q ? ftsQuery(filter.q) : undefined;
  const where = [
    'n.account_id = @account',
    'n.gone_at is null',
    ...(filter.sourceId ? ['n.source_id = @source'] : []),
  ];
  const params = {
    account: accountId,
    source: filter.sourceId,
    fts: query,
    limit: filter.limit,
    offset: filter.offset,
  };
  const from = query ? 'content_nodes_fts f join content_nodes n on n.id = f.rowid' : 'content_nodes n';
  if (query) where.push('content_nodes_fts match @fts');
  const order = query ? 'bm25(content_nodes_fts), n.id' : 'n.updated_at desc, n.id desc';
  const total = (
    sqlite.prepare(`select count(*) as n from ${from} where ${where.join(' and ')}`).get(params) as {
      n: number;
    }
  ).n;
  const rows = sqlite
    .prepare(
      `select n.id, n.source_id, n.relative_path, n.title, n.tags, n.status, n.updated_at,
         substr(n.body_text, 1, 400) as body_start
       from ${from} where ${where.join(' and ')} order by ${order} limit @limit offset @offset`,
    )
    .all(params) as NoteRow[];
  const firstWord = filter.q?.match(/[\p{L}\p{N}_]+/u)?.[0];
  // Each note's first fragment that holds the first word (the match may lie in the title or a heading only).
  const hits = new Map<number, FragmentSpan & { text: string }>();
  if (firstWord && rows.length > 0) {
    const spans = sqlite
      .prepare(
        `select id, node_id, heading_path, chunk_start, chunk_end from content_chunks
         where node_id in (select value from json_each(?)) and status = 'active' order by node_id, chunk_index`,
      )
      .all(JSON.stringify(rows.map((row) => row.id))) as FragmentSpan[];
    for (const hit of withFragmentText(sqlite, spans, (_, text) => holdsWord(text, firstWord)))
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

export function noteDetail(sqlite: Database, accountId: string, id: number): NoteDetail | undefined {
  const row = sqlite
    .prepare(
      `select id, source_id, relative_path, title, tags, status, updated_at, body_text, front_matter
       from content_nodes where account_id = ? and id = ? and gone_at is null`,
    )
    .get(accountId, id) as
    | (Omit<NoteRow, 'body_start'> & { body_text: string; front_matter: string | null })
    | undefined;
  if (!row) return undefined;
  const spans = sqlite
    .prepare(
      `select id, node_id, heading_path, chunk_start, chunk_end from content_chunks
       where node_id = ? and status = 'active' order by chunk_index`,
    )
    .all(id) as FragmentSpan[];
  const texts = spanTexts(row.body_text, spans);
  const fragments = spans.map((span, i) => ({
    id: span.id,
    heading_path: span.heading_path,
    text: texts[i] ?? '',
  }));
  const seeds = sqlite
    .prepare('select id, seed_text, format_suggestion, status from draft_seeds where node_id = ? order by id')
    .all(id) as NoteDetail['seeds'];
  return {
    ...noteFields(row),
    body_text: row.body_text,
    front_matter: row.front_matter,
    fragments,
    seeds,
  };
}
