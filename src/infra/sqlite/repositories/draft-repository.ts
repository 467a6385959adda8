// Drafts, their revisions and tags, on either store. Saves are one transaction: the version check, the
// update, the tags and the revision land together or not at all.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Draft, DraftListItem, ListDraftsInput, Revision } from '../../../contracts/drafts.js';
import type {
  DraftChanges,
  DraftState,
  DraftStore,
  NewDraft,
  RevisionTrigger,
} from '../../../core/ports/draft-store.js';
import {
  jsonArrayElements,
  jsonGroupArray,
  jsonText,
  likeNocase,
  nocaseEquals,
  nocaseOrder,
} from '../../storage/dialect-sql.js';
import type { Store, StoreDialect } from '../../storage/store.js';
import type { DB } from '../db-types.js';
import { sqlLimit } from '../inline-limits.js';
import { toDbTimestamp } from '../timestamps.js';
import { type DraftRow, type RevisionRow, toDraft, toListItem, toRevision } from './draft-rows.js';

type Db = Kysely<DB> | Transaction<DB>;

const draftColumns = (
  dialect: StoreDialect,
) => sql`d.id, d.version, d.content_type, d.content, d.media_paths, d.title, d.notes, d.status,
  d.scheduled_for, d.archived_at, d.posted_tweet_ids, d.last_error, d.source, d.created_at, d.updated_at,
  (select ${jsonGroupArray(dialect, sql`t.name`)} from draft_tags dt join tags t on t.id = dt.tag_id where dt.draft_id = d.id) as tags,
  (select a.id from approval_queue a where a.draft_id = d.id and a.status in ('pending', 'approved', 'posting')
    order by a.id desc limit 1) as approval_id,
  (select j.id from posting_jobs j where j.draft_id = d.id and j.status in ('queued', 'in_progress', 'partial')
    order by j.id desc limit 1) as job_id`;

const REVISION_COLUMNS = [
  'id',
  'draft_id',
  'draft_version',
  'trigger',
  'content_type',
  'content',
  'media_paths',
  'title',
  'created_at',
] as const;

const GROUP_FILTER = {
  active: sql`d.archived_at is null and d.status in ('draft', 'failed')`,
  scheduled: sql`d.archived_at is null and d.status in ('scheduled', 'queued', 'posting')`,
  posted: sql`d.archived_at is null and d.status = 'posted'`,
  archive: sql`d.archived_at is not null`,
} as const;

const order = (dialect: StoreDialect) => ({
  updated_desc: sql`d.updated_at desc, d.id desc`,
  updated_asc: sql`d.updated_at asc, d.id asc`,
  created_desc: sql`d.created_at desc, d.id desc`,
  created_asc: sql`d.created_at asc, d.id asc`,
  scheduled_asc: sql`coalesce(d.scheduled_for, '9999') asc, d.id asc`,
  title_asc: sql`${nocaseOrder(dialect, sql`coalesce(d.title, '')`)} asc, d.id asc`,
});

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class DraftRepository implements DraftStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  private get db() {
    return this.database.db;
  }

  private get dialect() {
    return this.database.dialect;
  }

  private async fetch(db: Db, id: number): Promise<Draft | undefined> {
    const { rows } = await sql<DraftRow>`select ${draftColumns(this.dialect)} from drafts d
      where d.account_id = ${this.accountId} and d.id = ${id}`.execute(db);
    return rows[0] ? toDraft(rows[0]) : undefined;
  }

  get(id: number): Promise<Draft | undefined> {
    return this.fetch(this.db, id);
  }

  private async setTags(db: Db, draftId: number, names: readonly string[]): Promise<void> {
    await db.deleteFrom('draft_tags').where('draft_id', '=', draftId).execute();
    const unique = [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values()];
    for (const name of unique) {
      await db
        .insertInto('tags')
        .values({ account_id: this.accountId, name })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await sql`insert into draft_tags (draft_id, tag_id, account_id)
        select ${draftId}, id, ${this.accountId} from tags
        where account_id = ${this.accountId} and ${nocaseEquals(this.dialect, sql`name`, name)}
        on conflict do nothing`.execute(db);
    }
  }

  private async addRevision(db: Db, draft: Draft, stored: string, trigger: RevisionTrigger, at: string) {
    await db
      .insertInto('draft_revisions')
      .values({
        account_id: this.accountId,
        draft_id: draft.id,
        draft_version: draft.version,
        content_type: draft.content_type,
        content: stored,
        media_paths: JSON.stringify(draft.media_paths),
        title: draft.title,
        trigger,
        created_at: at,
      })
      .execute();
  }

  async create(draft: NewDraft, at: Date): Promise<Draft> {
    const stamp = toDbTimestamp(at);
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('drafts')
        .values({
          account_id: this.accountId,
          content_type: draft.content_type,
          content: draft.content,
          media_paths: JSON.stringify(draft.media_paths),
          title: draft.title,
          notes: draft.notes,
          source: draft.source,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A new draft has no tags to clear.
      if (draft.tags.length > 0) await this.setTags(trx, id, draft.tags);
      const created = (await this.fetch(trx, id)) as Draft;
      await this.addRevision(trx, created, draft.content, 'created', stamp);
      return created;
    });
  }

  async save(
    id: number,
    expectedVersion: number,
    changes: DraftChanges,
    revision: RevisionTrigger | undefined,
    at: Date,
  ): Promise<Draft | 'conflict' | undefined> {
    const stamp = toDbTimestamp(at);
    return this.db.transaction().execute(async (trx) => {
      const { tags, media_paths, ...columns } = changes;
      const result = await trx
        .updateTable('drafts')
        .set({
          ...columns,
          ...(media_paths === undefined ? {} : { media_paths: JSON.stringify(media_paths) }),
          version: sql`version + 1`,
          updated_at: stamp,
        })
        .where('account_id', '=', this.accountId)
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const exists = await trx
          .selectFrom('drafts')
          .select('id')
          .where('id', '=', id)
          .where('account_id', '=', this.accountId)
          .executeTakeFirst();
        return exists ? 'conflict' : undefined;
      }
      if (tags !== undefined) await this.setTags(trx, id, tags);
      const saved = (await this.fetch(trx, id)) as Draft;
      if (revision) {
        const row = await trx
          .selectFrom('drafts')
          .select('content')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await this.addRevision(trx, saved, row.content, revision, stamp);
      }
      return saved;
    });
  }

  async setState(id: number, state: DraftState, at: Date): Promise<Draft | undefined> {
    await this.markState(id, state, at);
    return this.get(id);
  }

  async markState(id: number, state: DraftState, at: Date): Promise<void> {
    const { posted_tweet_ids, ...rest } = state;
    await this.db
      .updateTable('drafts')
      .set({
        ...rest,
        ...(posted_tweet_ids === undefined ? {} : { posted_tweet_ids: JSON.stringify(posted_tweet_ids) }),
        updated_at: toDbTimestamp(at),
      })
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .execute();
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('drafts')
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async list(query: ListDraftsInput): Promise<{ items: DraftListItem[]; total: number }> {
    const conditions = [sql`d.account_id = ${this.accountId}`, GROUP_FILTER[query.group]];
    if (query.q) {
      const pattern = likePattern(query.q);
      const { dialect } = this;
      // A thread's payload is JSON, a tweet's text is not: CASE reads it as JSON only for a thread.
      conditions.push(sql`(${likeNocase(dialect, sql`d.title`, pattern)}
        or (d.content_type = 'tweet' and ${likeNocase(dialect, sql`d.content`, pattern)})
        or (case when d.content_type = 'thread' then exists (select 1
              from ${jsonArrayElements(dialect, sql`d.content`, 'blocks')} b
              where ${likeNocase(dialect, jsonText(dialect, sql`b.value`, ['text']), pattern)}) else false end))`);
    }
    if (query.tag) {
      conditions.push(sql`exists (select 1 from draft_tags dt join tags t on t.id = dt.tag_id
        where dt.draft_id = d.id and ${nocaseEquals(this.dialect, sql`t.name`, query.tag)})`);
    }
    const where = sql.join(conditions, sql` and `);
    const [{ rows }, count] = await Promise.all([
      sql<DraftRow>`select ${draftColumns(this.dialect)} from drafts d where ${where}
        order by ${order(this.dialect)[query.sort]} limit ${sqlLimit(query.limit)} offset ${query.offset}`.execute(
        this.db,
      ),
      sql<{ total: number }>`select count(*) as total from drafts d where ${where}`.execute(this.db),
    ]);
    return { items: rows.map((row) => toListItem(toDraft(row))), total: Number(count.rows[0]?.total ?? 0) };
  }

  async revisions(id: number): Promise<Revision[]> {
    const rows = await this.db
      .selectFrom('draft_revisions')
      .select(REVISION_COLUMNS)
      .where('account_id', '=', this.accountId)
      .where('draft_id', '=', id)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => toRevision(row as RevisionRow));
  }

  async revision(id: number, revisionId: number): Promise<Revision | undefined> {
    const row = await this.db
      .selectFrom('draft_revisions')
      .select(REVISION_COLUMNS)
      .where('account_id', '=', this.accountId)
      .where('draft_id', '=', id)
      .where('id', '=', revisionId)
      .executeTakeFirst();
    return row ? toRevision(row as RevisionRow) : undefined;
  }

  async tags(): Promise<Array<{ name: string; count: number }>> {
    const { rows } = await sql<{ name: string; count: number }>`select t.name, count(dt.draft_id) as count
      from tags t left join draft_tags dt on dt.tag_id = t.id
      where t.account_id = ${this.accountId} group by t.id order by ${nocaseOrder(this.dialect, sql`t.name`)}`.execute(
      this.db,
    );
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  }
}
