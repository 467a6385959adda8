// Provenance of drafts in provenance_links: the notes, fragments and seeds a draft's text came from, with
// the note path, heading path and a snippet kept so a link still explains itself if the note changes.
// On either store.
import { sql } from 'kysely';
import type { PostedNote, ProvenanceRef, ProvenanceStore } from '../../../core/ports/provenance-store.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';
import { fragmentText } from './fragment-spans.js';

/** The first id of a post's JSON array of ids (text): SQLite's `->> '$[0]'`, Postgres' `->> 0`. */
const firstId = (store: Store) =>
  store.dialect === 'sqlite' ? sql`j.posted_tweet_ids ->> '$[0]'` : sql`(j.posted_tweet_ids::json ->> 0)`;

export class ProvenanceRepository implements ProvenanceStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async linkDraft(draftId: number, refs: readonly ProvenanceRef[], at: Date): Promise<void> {
    const stamp = toDbTimestamp(at);
    const { dialect } = this.database;
    await this.database.db.transaction().execute(async (trx) => {
      await sql`delete from provenance_links where account_id = ${this.accountId} and entity_type = 'draft'
        and entity_id = ${String(draftId)}`.execute(trx);
      for (const ref of refs) {
        await sql`insert into provenance_links (account_id, entity_type, entity_id, node_id, chunk_id, seed_id,
            source_path, heading_path, snippet, created_at)
          select ${this.accountId}, 'draft', ${String(draftId)}, n.id, c.id, s.id, n.relative_path, c.heading_path,
            substr(coalesce(${fragmentText(dialect)}, s.seed_text, n.body_text), 1, 120), ${stamp}
          from content_nodes n
            left join content_chunks c on c.id = ${ref.chunk_id ?? null} and c.node_id = n.id
            left join draft_seeds s on s.id = ${ref.seed_id ?? null} and s.node_id = n.id
          where n.account_id = ${this.accountId} and n.id = ${ref.node_id}`.execute(trx);
        if (ref.seed_id)
          await sql`update draft_seeds set status = 'used', used_at = ${stamp}
            where account_id = ${this.accountId} and id = ${ref.seed_id} and status = 'pending'`.execute(trx);
      }
    });
  }

  async notesOfDraft(
    draftId: number,
  ): Promise<Array<{ nodeId: number; sourceId: number; relativePath: string }>> {
    const { rows } = await sql<{ nodeId: number; sourceId: number; relativePath: string }>`
      select distinct n.id as "nodeId", n.source_id as "sourceId", n.relative_path as "relativePath"
      from provenance_links p join content_nodes n on n.id = p.node_id
      where p.account_id = ${this.accountId} and p.entity_type = 'draft' and p.entity_id = ${String(draftId)}
      order by n.id`.execute(this.database.db);
    return rows;
  }

  async postedNotes(): Promise<PostedNote[]> {
    const { rows } = await sql<PostedNote>`
      select distinct n.id as "nodeId", n.source_id as "sourceId", n.relative_path as "relativePath",
          m.tweet_id as "tweetId", m.impressions, m.likes, m.performance_score as "performanceScore"
        from posting_jobs j
          join provenance_links p on p.account_id = j.account_id and p.entity_type = 'draft'
            and p.entity_id = cast(j.draft_id as text)
          join content_nodes n on n.id = p.node_id and n.gone_at is null
          join post_metrics m on m.account_id = j.account_id and m.tweet_id = ${firstId(this.database)}
        where j.account_id = ${this.accountId} and j.status = 'posted' and j.draft_id is not null
        order by n.id, m.tweet_id`.execute(this.database.db);
    return rows;
  }
}
