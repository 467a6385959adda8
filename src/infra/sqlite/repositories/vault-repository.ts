// Vault context reads: own posts with their metrics and notes, both found through their FTS5 indexes.
import { sql } from 'kysely';
import type { NoteSnippet, VaultStore, WinningPost } from '../../../core/ports/vault-store.js';
import type { AppDatabase } from '../open-database.js';

/** Keywords as an FTS5 query: each one a quoted phrase, any of them may match. */
function ftsQuery(keywords: readonly string[]): string {
  return keywords.map((k) => `"${k.replace(/"/g, '""')}"`).join(' OR ');
}

interface PostRow {
  text: string;
  kind: string;
  posted_at: string;
  likes: number;
  replies: number;
  retweets: number;
  impressions: number;
  performance_score: number | null;
}

interface NoteRow {
  id: number;
  title: string | null;
  relative_path: string;
  body: string;
}

const toNote = (row: NoteRow): NoteSnippet => ({
  nodeId: row.id,
  title: row.title,
  path: row.relative_path,
  text: row.body,
});

export class VaultRepository implements VaultStore {
  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
  ) {}

  async winningPosts(keywords: readonly string[], limit: number): Promise<WinningPost[]> {
    const query = ftsQuery(keywords.filter((k) => k.trim() !== ''));
    if (!query) return [];
    const { rows } = await sql<PostRow>`select p.text, p.kind, p.posted_at, m.likes, m.replies, m.retweets,
        m.impressions, m.performance_score
      from posts_fts f join posts p on p.id = f.rowid
        join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where posts_fts match ${query} and p.account_id = ${this.accountId}
      order by coalesce(m.performance_score,
        (m.likes * 3 + m.replies * 5 + m.retweets * 4) * 1000.0 / max(m.impressions, 1)) desc
      limit ${limit}`.execute(this.database.db);
    return rows.map((row) => ({
      text: row.text,
      kind: row.kind,
      postedAt: new Date(row.posted_at),
      engagement:
        row.performance_score ??
        ((row.likes * 3 + row.replies * 5 + row.retweets * 4) * 1000) / Math.max(row.impressions, 1),
    }));
  }

  async matchingNotes(keywords: readonly string[], limit: number): Promise<NoteSnippet[]> {
    const query = ftsQuery(keywords.filter((k) => k.trim() !== ''));
    if (!query) return [];
    const { rows } =
      await sql<NoteRow>`select n.id, n.title, n.relative_path, substr(n.body_text, 1, 600) as body
      from content_nodes_fts f join content_nodes n on n.id = f.rowid
      where content_nodes_fts match ${query} and n.account_id = ${this.accountId}
      order by bm25(content_nodes_fts) limit ${limit}`.execute(this.database.db);
    return rows.map(toNote);
  }

  async notesById(ids: readonly number[]): Promise<NoteSnippet[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<NoteRow>`select id, title, relative_path, substr(body_text, 1, 600) as body
      from content_nodes where account_id = ${this.accountId} and id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(
      this.database.db,
    );
    const byId = new Map(rows.map((row) => [row.id, toNote(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
