// Provenance of drafts in provenance_links: the notes, fragments and seeds a draft's text came from, with
// the note path, heading path and a snippet kept so a link still explains itself if the note changes.
import type { Database, Statement } from 'better-sqlite3';
import type { PostedNote, ProvenanceRef, ProvenanceStore } from '../../../core/ports/provenance-store.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';
import { FRAGMENT_TEXT } from './fragment-spans.js';

export class ProvenanceRepository implements ProvenanceStore {
  private readonly sqlite: Database;
  private posted: Statement | undefined;

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
  ) {
    this.sqlite = database.sqlite;
  }

  linkDraft(draftId: number, refs: readonly ProvenanceRef[], at: Date): void {
    const stamp = toDbTimestamp(at);
    const replace = this.sqlite.transaction(() => {
      this.sqlite
        .prepare(
          "delete from provenance_links where account_id = ? and entity_type = 'draft' and entity_id = ?",
        )
        .run(this.accountId, String(draftId));
      const insert = this.sqlite.prepare(
        `insert into provenance_links (account_id, entity_type, entity_id, node_id, chunk_id, seed_id, source_path,
           heading_path, snippet, created_at)
         select ?, 'draft', ?, n.id, c.id, s.id, n.relative_path, c.heading_path,
           substr(coalesce(${FRAGMENT_TEXT}, s.seed_text, n.body_text), 1, 120), ?
         from content_nodes n
           left join content_chunks c on c.id = ? and c.node_id = n.id
           left join draft_seeds s on s.id = ? and s.node_id = n.id
         where n.account_id = ? and n.id = ?`,
      );
      const used = this.sqlite.prepare(
        "update draft_seeds set status = 'used', used_at = ? where account_id = ? and id = ? and status = 'pending'",
      );
      for (const ref of refs) {
        insert.run(
          this.accountId,
          String(draftId),
          stamp,
          ref.chunk_id ?? null,
          ref.seed_id ?? null,
          this.accountId,
          ref.node_id,
        );
        if (ref.seed_id) used.run(stamp, this.accountId, ref.seed_id);
      }
    });
    replace();
  }

  notesOfDraft(draftId: number): Array<{ nodeId: number; sourceId: number; relativePath: string }> {
    return this.sqlite
      .prepare(
        `select distinct n.id as nodeId, n.source_id as sourceId, n.relative_path as relativePath
         from provenance_links p join content_nodes n on n.id = p.node_id
         where p.account_id = ? and p.entity_type = 'draft' and p.entity_id = ? order by n.id`,
      )
      .all(this.accountId, String(draftId)) as Array<{
      nodeId: number;
      sourceId: number;
      relativePath: string;
    }>;
  }

  postedNotes(): PostedNote[] {
    // Read at every note-metrics turn: prepared once (preparing this join cost more than running it).
    this.posted ??= this.sqlite.prepare(
      `select distinct n.id as nodeId, n.source_id as sourceId, n.relative_path as relativePath,
           m.tweet_id as tweetId, m.impressions, m.likes, m.performance_score as performanceScore
         from posting_jobs j
           join provenance_links p on p.account_id = j.account_id and p.entity_type = 'draft'
             and p.entity_id = cast(j.draft_id as text)
           join content_nodes n on n.id = p.node_id and n.gone_at is null
           join post_metrics m on m.account_id = j.account_id and m.tweet_id = j.posted_tweet_ids ->> '$[0]'
         where j.account_id = ? and j.status = 'posted' and j.draft_id is not null
         order by n.id, m.tweet_id`,
    );
    return this.posted.all(this.accountId) as PostedNote[];
  }
}
