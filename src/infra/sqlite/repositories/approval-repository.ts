// The approval queue in the store (SQLite or Postgres): items, compare-and-set status moves (one conditional
// UPDATE: of two reviewers at once, one moves it), edits with their history.
import { sql } from 'kysely';
import { z } from 'zod';
import { ActorSchema, faceOf } from '../../../contracts/actor.js';
import {
  APPROVAL_STATUSES,
  type ApprovalEdit,
  type ApprovalItem,
  type ApprovalStatus,
  type ListApprovalsInput,
} from '../../../contracts/approvals.js';
import type { ThreadBlock } from '../../../contracts/content.js';
import { type PostingPayload, PostingPayloadSchema } from '../../../contracts/posting.js';
import type { ApprovalStore, ApprovalTransition, NewApproval } from '../../../core/ports/approval-store.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';
import { parseJsonColumn } from './draft-rows.js';

const StringArray = z.array(z.string());

interface ApprovalRow {
  id: number;
  action_type: string;
  tool_name: string | null;
  payload: string;
  content: string | null;
  media_paths: string;
  target_tweet_id: string | null;
  target_author_id: string | null;
  target_author_username: string | null;
  status: string;
  reason: string | null;
  detected_risks: string;
  score: number | null;
  origin: string;
  actor: string;
  draft_id: number | null;
  scheduled_for: string | null;
  reviewed_by: string | null;
  review_notes: string | null;
  reviewed_at: string | null;
  posted_tweet_ids: string | null;
  error_code: string | null;
  error_message: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Posting payloads are shown as text and, for threads, as cards with their media. */
function contentOf(actionType: string, payload: PostingPayload | undefined) {
  if (!payload) return { content: '', blocks: null, media_paths: [] as string[] };
  const blocks: ThreadBlock[] | null =
    actionType === 'thread'
      ? payload.cards.map((card, order) => ({
          id: card.block_id ?? `card-${order}`,
          text: card.text,
          media_paths: card.media_paths,
          order,
        }))
      : null;
  return {
    content: payload.cards.map((card) => card.text).join('\n\n'),
    blocks,
    media_paths:
      actionType === 'thread'
        ? payload.cards.flatMap((c) => c.media_paths)
        : (payload.cards[0]?.media_paths ?? []),
  };
}

function toItem(row: ApprovalRow): ApprovalItem {
  const posting = PostingPayloadSchema.safeParse(JSON.parse(row.payload));
  const view = posting.success ? contentOf(row.action_type, posting.data) : undefined;
  return {
    id: row.id,
    action_type: row.action_type,
    tool_name: row.tool_name,
    content: view?.content ?? row.content ?? '',
    blocks: view?.blocks ?? null,
    media_paths: view?.media_paths ?? parseJsonColumn(StringArray, row.media_paths, 'media paths') ?? [],
    target_tweet_id: row.target_tweet_id,
    target_author_id: row.target_author_id,
    target_author_username: row.target_author_username,
    status: z.enum(APPROVAL_STATUSES).parse(row.status),
    reason: row.reason,
    detected_risks: parseJsonColumn(StringArray, row.detected_risks, 'risks') ?? [],
    score: row.score,
    origin: z.enum(['http', 'mcp', 'loop', 'cli']).parse(row.origin),
    actor: ActorSchema.parse(row.actor),
    draft_id: row.draft_id,
    scheduled_for: row.scheduled_for,
    reviewed_by: row.reviewed_by,
    review_notes: row.review_notes,
    reviewed_at: row.reviewed_at,
    posted_tweet_ids: parseJsonColumn(StringArray, row.posted_tweet_ids, 'posted ids') ?? [],
    error_code: row.error_code,
    error_message: row.error_message,
    expires_at: row.expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class ApprovalRepository implements ApprovalStore {
  /** Writes made through this store (a simulation skips the approval poster's turns while none comes). */
  private writes = 0;

  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  writeCount(): number {
    return this.writes;
  }

  private get db() {
    return this.database.db;
  }

  private async row(id: number): Promise<ApprovalRow | undefined> {
    return (await this.db
      .selectFrom('approval_queue')
      .selectAll()
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .executeTakeFirst()) as ApprovalRow | undefined;
  }

  async create(item: NewApproval, at: Date): Promise<ApprovalItem> {
    this.writes += 1;
    const stamp = toDbTimestamp(at);
    const posting = PostingPayloadSchema.safeParse(item.payload);
    const view = posting.success ? contentOf(item.action_type, posting.data) : undefined;
    const { id } = await this.db
      .insertInto('approval_queue')
      .values({
        account_id: this.accountId,
        action_type: item.action_type,
        tool_name: item.tool_name ?? null,
        payload: JSON.stringify(item.payload),
        content: view?.content ?? null,
        media_paths: JSON.stringify(view?.media_paths ?? []),
        target_tweet_id: item.target_tweet_id ?? null,
        target_author_id: item.target_author_id ?? null,
        target_author_username: item.target_author_username ?? null,
        reason: item.reason ?? null,
        detected_risks: JSON.stringify(item.detected_risks ?? []),
        score: item.score ?? null,
        origin: faceOf(item.actor),
        actor: item.actor,
        draft_id: item.draft_id ?? null,
        scheduled_for: item.scheduled_for ?? null,
        expires_at: item.expires_at ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.get(id)) as ApprovalItem;
  }

  async get(id: number): Promise<ApprovalItem | undefined> {
    const row = await this.row(id);
    return row ? toItem(row) : undefined;
  }

  async payload(id: number): Promise<unknown> {
    const row = await this.row(id);
    return row ? (JSON.parse(row.payload) as unknown) : undefined;
  }

  async list(query: ListApprovalsInput): Promise<{ items: ApprovalItem[]; total: number }> {
    let base = this.db
      .selectFrom('approval_queue')
      .where('account_id', '=', this.accountId)
      .where('status', 'in', query.status);
    if (query.type) base = base.where('action_type', '=', query.type);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { items: (rows as ApprovalRow[]).map(toItem), total: Number(count?.n ?? 0) };
  }

  async stats(): Promise<Record<ApprovalStatus, number>> {
    const rows = await this.db
      .selectFrom('approval_queue')
      .select(['status', ({ fn }) => fn.countAll<number>().as('n')])
      .where('account_id', '=', this.accountId)
      .groupBy('status')
      .execute();
    const stats = Object.fromEntries(APPROVAL_STATUSES.map((s) => [s, 0])) as Record<ApprovalStatus, number>;
    for (const row of rows) stats[row.status as ApprovalStatus] = Number(row.n);
    return stats;
  }

  async transition(
    id: number,
    from: readonly ApprovalStatus[],
    to: ApprovalTransition,
    at: Date,
  ): Promise<ApprovalItem | 'wrong_state' | undefined> {
    this.writes += 1;
    const { posted_tweet_ids, ...fields } = to;
    const result = await this.db
      .updateTable('approval_queue')
      .set({
        ...fields,
        ...(posted_tweet_ids === undefined ? {} : { posted_tweet_ids: JSON.stringify(posted_tweet_ids) }),
        updated_at: toDbTimestamp(at),
      })
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return this.get(id);
    return (await this.row(id)) ? 'wrong_state' : undefined;
  }

  async edit(
    id: number,
    payload: PostingPayload,
    changes: Array<{ field: string; old_value: string; new_value: string }>,
    editor: string,
    at: Date,
  ): Promise<ApprovalItem | 'wrong_state' | undefined> {
    this.writes += 1;
    const stamp = toDbTimestamp(at);
    const current = await this.row(id);
    if (!current) return undefined;
    const view = contentOf(current.action_type, payload);
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('approval_queue')
        .set({
          payload: JSON.stringify(payload),
          content: view.content,
          media_paths: JSON.stringify(view.media_paths),
          updated_at: stamp,
        })
        .where('account_id', '=', this.accountId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return 'wrong_state' as const;
      for (const change of changes) {
        await trx
          .insertInto('approval_edits')
          .values({ account_id: this.accountId, approval_id: id, editor, ...change, created_at: stamp })
          .execute();
      }
      const row = (await trx
        .selectFrom('approval_queue')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as ApprovalRow;
      return toItem(row);
    });
  }

  async history(id: number): Promise<ApprovalEdit[]> {
    return this.db
      .selectFrom('approval_edits')
      .select(['id', 'approval_id', 'editor', 'field', 'old_value', 'new_value', 'created_at'])
      .where('account_id', '=', this.accountId)
      .where('approval_id', '=', id)
      .orderBy('id', 'asc')
      .execute();
  }

  async pendingIds(limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('approval_queue')
      .select('id')
      .where('account_id', '=', this.accountId)
      .where('status', '=', 'pending')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async dueToExpire(now: Date): Promise<number> {
    const stamp = toDbTimestamp(now);
    const { rows } = await sql<{ n: number }>`select count(*) as n from approval_queue
      where account_id = ${this.accountId} and status = 'pending' and expires_at is not null and expires_at <= ${stamp}`.execute(
      this.db,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async nextExpiryAt(now: Date): Promise<Date | undefined> {
    const { rows } = await sql<{ at: string | null }>`select min(expires_at) as at from approval_queue
      where account_id = ${this.accountId} and status = 'pending' and expires_at > ${toDbTimestamp(now)}`.execute(
      this.db,
    );
    const at = rows[0]?.at;
    return at ? new Date(at) : undefined;
  }

  async expire(now: Date): Promise<number> {
    this.writes += 1;
    const stamp = toDbTimestamp(now);
    const result = await sql`update approval_queue set status = 'expired', updated_at = ${stamp}
      where account_id = ${this.accountId} and status = 'pending' and expires_at is not null and expires_at <= ${stamp}`.execute(
      this.db,
    );
    return Number(result.numAffectedRows ?? 0);
  }
}
