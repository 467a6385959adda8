// Vault context reads: own measured posts on the keywords with their performance score (and the account's
// best), fragments of live notes (picked, or matching through the notes' full-text index and then the
// fragment text, cut from the body: fragment-spans.ts), and pending seeds. On either store.
import { sql } from 'kysely';
import type { NoteFragment, NoteSeed, VaultStore, WinningPost } from '../../../core/ports/vault-store.js';
import { larger, noteMatches, postMatches, type TextSearch } from '../../storage/dialect-sql.js';
import type { Store, StoreDialect } from '../../storage/store.js';
import { sqlLimit } from '../inline-limits.js';
import { holdsWord, type SpanRow, withFragmentText } from './fragment-spans.js';

/** Keywords as a full-text search: each one a phrase, any of them may match. */
const anyKeyword = (keywords: readonly string[]): TextSearch => ({ anyPhrase: keywords });

interface PostRow {
  text: string;
  kind: string;
  format: string | null;
  posted_at: string;
  performance: number;
}

/** The analytics loop's score, or the same formula over the raw counts when a row has none. */
const score = (dialect: StoreDialect) => sql<number>`coalesce(m.performance_score,
  (m.likes * 3 + m.replies * 5 + m.retweets * 4) * 1000.0 / ${larger(dialect, sql`m.impressions`, sql`1`)})`;

interface FragmentRow extends SpanRow {
  chunk_id: number;
  heading_path: string;
  relative_path: string;
  title: string | null;
  retrieval_boost: number;
}

const toFragment = (row: FragmentRow & { text: string }): NoteFragment => ({
  chunkId: row.chunk_id,
  nodeId: row.node_id,
  headingPath: row.heading_path,
  path: row.relative_path,
  title: row.title,
  text: row.text.slice(0, 600),
  boost: row.retrieval_boost,
});

const FRAGMENT_COLUMNS = sql`c.id as chunk_id, c.node_id, c.chunk_start, c.chunk_end, c.heading_path,
  n.relative_path, n.title, c.retrieval_boost`;

export class VaultRepository implements VaultStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async winningPosts(keywords: readonly string[], limit: number): Promise<WinningPost[]> {
    const words = keywords.map((k) => k.trim()).filter((k) => k !== '');
    if (words.length === 0) return [];
    const topics = sql.join(words.map((w) => sql`${w.toLowerCase()}`));
    // Reference §j.5: an original post is on a keyword when its recorded topic is one; a reply (and an
    // original written without a topic, e.g. in the composer) when its text holds one as a whole word.
    const { rows } = await sql<PostRow>`select p.text, p.kind, nullif(trim(p.format), '') as format,
        p.posted_at, ${score(this.database.dialect)} as performance
      from posts p join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId} and (
        (p.kind <> 'reply' and lower(trim(p.topic)) in (${topics}))
        or ((p.kind = 'reply' or coalesce(trim(p.topic), '') = '')
          and ${postMatches(this.database.dialect, 'p', anyKeyword(words))}))
      order by performance desc, p.posted_at desc
      limit ${sqlLimit(limit)}`.execute(this.database.db);
    return rows.map((row) => ({
      text: row.text,
      kind: row.kind,
      format: row.format,
      postedAt: new Date(row.posted_at),
      performance: Number(row.performance),
    }));
  }

  async bestPerformance(): Promise<number> {
    const { rows } = await sql<{ best: number | null }>`select max(${score(this.database.dialect)}) as best
      from posts p join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId}`.execute(this.database.db);
    return Number(rows[0]?.best ?? 0);
  }

  async fragmentsOfNotes(nodeIds: readonly number[], limit: number): Promise<NoteFragment[]> {
    if (nodeIds.length === 0) return [];
    const { rows } = await sql<FragmentRow>`select ${FRAGMENT_COLUMNS}
      from content_chunks c join content_nodes n on n.id = c.node_id
      where n.account_id = ${this.accountId} and n.gone_at is null and c.status = 'active'
        and n.id in (${sql.join(nodeIds.map((id) => sql`${id}`))})
      order by c.retrieval_boost desc, c.node_id, c.chunk_index limit ${sqlLimit(limit)}`.execute(
      this.database.db,
    );
    return (await withFragmentText(this.database, rows)).map(toFragment);
  }

  async matchingFragments(keywords: readonly string[], limit: number): Promise<NoteFragment[]> {
    const words = keywords.map((k) => k.trim()).filter((k) => k !== '');
    if (words.length === 0) return [];
    // The notes that match (full-text, ranked), then their fragments that hold a keyword themselves, by their
    // text or by the headings they sit under.
    const { rows } = await sql<FragmentRow>`select ${FRAGMENT_COLUMNS}
      from (select * from ${noteMatches(this.database.dialect, anyKeyword(words))} as found
            order by rank limit 50) m
        join content_nodes n on n.id = m.id join content_chunks c on c.node_id = n.id
      where n.account_id = ${this.accountId} and n.gone_at is null and c.status = 'active'
      order by c.retrieval_boost desc, m.rank, c.chunk_index`.execute(this.database.db);
    const holdsKeyword = (row: FragmentRow, text: string) =>
      words.some((word) => holdsWord(text, word) || holdsWord(row.heading_path, word));
    return (await withFragmentText(this.database, rows, holdsKeyword)).slice(0, limit).map(toFragment);
  }

  async pendingSeeds(limit: number): Promise<NoteSeed[]> {
    const { rows } = await sql<{
      id: number;
      node_id: number;
      seed_text: string;
      title: string | null;
      relative_path: string;
    }>`
      select s.id, s.node_id, s.seed_text, n.title, n.relative_path from draft_seeds s
        join content_nodes n on n.id = s.node_id
      where s.account_id = ${this.accountId} and s.status = 'pending' and n.gone_at is null
      order by s.engagement_weight desc, s.id limit ${sqlLimit(limit)}`.execute(this.database.db);
    return rows.map((row) => ({
      seedId: row.id,
      nodeId: row.node_id,
      text: row.seed_text,
      title: row.title,
      path: row.relative_path,
    }));
  }
}
