// Posting jobs, the outbox and the record of posts in SQLite. The outbox row for a card is committed
// before the platform write and closed after it, so a crash in between leaves evidence, not a guess. What
// the guards read of it (counts, recent replies, earlier posts) is in posting-usage-reads.ts.
import { sql } from 'kysely';
import { z } from 'zod';
import { ActorSchema } from '../../../contracts/actor.js';
import { type OutboxRow, type PostingJob, PostingPayloadSchema } from '../../../contracts/posting.js';
import type { JobChanges, NewJob, PostedRecord, PostingStore } from '../../../core/ports/posting-store.js';
import { jsonArrayLength, larger, sameAs } from '../../storage/dialect-sql.js';
import { sqlLimit } from '../inline-limits.js';
import { toDbTimestamp } from '../timestamps.js';
import { parseJsonColumn } from './draft-rows.js';
import { contentHash, insertJobOnce } from './job-content.js';
import { PostingUsageReads } from './posting-usage-reads.js';

const StringArray = z.array(z.string());
const OutboxRequest = z.object({
  text: z.string(),
  in_reply_to_tweet_id: z.string().optional(),
  quote_tweet_id: z.string().optional(),
  media_paths: z.array(z.string()).default([]),
});

type JobRow = Omit<PostingJob, 'payload' | 'posted_tweet_ids'> & {
  payload: string;
  posted_tweet_ids: string | null;
};

function toJob(row: JobRow): PostingJob {
  return {
    ...row,
    payload: parseJsonColumn(PostingPayloadSchema, row.payload, 'posting payload') as PostingJob['payload'],
    actor: ActorSchema.parse(row.actor),
    posted_tweet_ids: parseJsonColumn(StringArray, row.posted_tweet_ids, 'posted ids') ?? [],
  } as PostingJob;
}

const OUTBOX_COLUMNS = [
  'id',
  'job_id',
  'card_index',
  'request',
  'status',
  'platform_id',
  'attempts',
  'created_at',
] as const;

function toOutboxRow(row: {
  id: number;
  job_id: number | null;
  card_index: number;
  request: string;
  status: string;
  platform_id: string | null;
  attempts: number;
  created_at: string;
}): OutboxRow {
  return {
    ...row,
    job_id: row.job_id as number,
    request: parseJsonColumn(OutboxRequest, row.request, 'outbox request') as OutboxRow['request'],
    status: row.status as OutboxRow['status'],
  };
}

export class PostingRepository extends PostingUsageReads implements PostingStore {
  /** Writes made through this store (a simulation skips the posting queue's turns while none comes). */
  private writes = 0;

  writeCount(): number {
    return this.writes;
  }

  async createJob(job: NewJob, at: Date): Promise<PostingJob> {
    this.writes += 1;
    const stamp = toDbTimestamp(at);
    const { id } = await this.db
      .insertInto('posting_jobs')
      .values({
        account_id: this.accountId,
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        scheduled_for: job.scheduled_for,
        origin_type: job.origin_type,
        actor: job.actor,
        draft_id: job.draft_id ?? null,
        approval_id: job.approval_id ?? null,
        content_hash: contentHash(job),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.getJob(id)) as PostingJob;
  }

  async createJobOnce(
    job: NewJob,
    at: Date,
    recentSince: Date,
  ): Promise<{ job: PostingJob; repeat: boolean }> {
    this.writes += 1;
    const { row, repeat } = await insertJobOnce(this.database, this.accountId, job, at, recentSince);
    return { job: toJob(row as unknown as JobRow), repeat };
  }

  async getJob(id: number): Promise<PostingJob | undefined> {
    const row = await this.db
      .selectFrom('posting_jobs')
      .selectAll()
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toJob(row as unknown as JobRow) : undefined;
  }

  async dueJobs(now: Date, limit: number): Promise<PostingJob[]> {
    const stamp = toDbTimestamp(now);
    const { rows } = await sql<JobRow>`select * from posting_jobs
      where account_id = ${this.accountId}
        and (status = 'in_progress'
          or (status in ('queued', 'partial')
              and (scheduled_for is null or scheduled_for <= ${stamp})
              and (next_attempt_at is null or next_attempt_at <= ${stamp})))
      order by case status when 'in_progress' then 0 else 1 end, coalesce(scheduled_for, created_at), id
      limit ${sqlLimit(limit)}`.execute(this.db);
    return rows.map(toJob);
  }

  async nextDueAt(now: Date): Promise<Date | undefined> {
    // A job is due once both its schedule and its next attempt have come (the later of the two).
    const due = larger(this.dialect, sql`coalesce(scheduled_for, '')`, sql`coalesce(next_attempt_at, '')`);
    const { rows } = await sql<{ at: string | null }>`select min(due) as at from (
        select ${due} as due from posting_jobs
        where account_id = ${this.accountId} and status in ('queued', 'partial')) as jobs
      where due > ${toDbTimestamp(now)}`.execute(this.db);
    const at = rows[0]?.at;
    return at ? new Date(at) : undefined;
  }

  async claimJob(seen: PostingJob, owner: string, at: Date): Promise<PostingJob | undefined> {
    this.writes += 1;
    const stamp = toDbTimestamp(at);
    const { rows } = await sql<JobRow>`update posting_jobs
      set status = 'in_progress', claimed_by = ${owner}, started_at = ${stamp}, updated_at = ${stamp}
      where account_id = ${this.accountId} and id = ${seen.id} and status = ${seen.status}
        and ${sameAs(this.dialect, sql`claimed_by`, seen.claimed_by)}
        and ${sameAs(this.dialect, sql`scheduled_for`, seen.scheduled_for)}
      returning *`.execute(this.db);
    const [row] = rows;
    return row && rows.length === 1 ? toJob(row) : undefined;
  }

  async rescheduleJob(id: number, scheduledFor: Date, at: Date): Promise<boolean> {
    this.writes += 1;
    const stamp = toDbTimestamp(at);
    // One write decides against a claim: a job claimed first is in progress here; moved first, the claim of
    // the job as the worker read it (with its old time) finds nothing. An open outbox row is a card in doubt.
    const result = await sql`update posting_jobs
      set scheduled_for = ${toDbTimestamp(scheduledFor)}, updated_at = ${stamp}
      where account_id = ${this.accountId} and id = ${id} and status = 'queued' and claimed_by is null
        and (posted_tweet_ids is null or ${jsonArrayLength(this.dialect, sql`posted_tweet_ids`)} = 0)
        and not exists (select 1 from outbox o where o.job_id = posting_jobs.id and o.status <> 'failed')`.execute(
      this.db,
    );
    return Number(result.numAffectedRows ?? 0) === 1;
  }

  async updateJob(id: number, changes: JobChanges, at: Date): Promise<PostingJob> {
    this.writes += 1;
    const { payload, posted_tweet_ids, ...rest } = changes;
    const row = await this.db
      .updateTable('posting_jobs')
      .set({
        ...rest,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        ...(posted_tweet_ids === undefined ? {} : { posted_tweet_ids: JSON.stringify(posted_tweet_ids) }),
        updated_at: toDbTimestamp(at),
      })
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    // The row as written, in the same statement: one round trip per step of a post.
    return (row ? toJob(row as unknown as JobRow) : undefined) as PostingJob;
  }

  async cancelJob(id: number, at: Date): Promise<boolean> {
    this.writes += 1;
    const result = await this.db
      .updateTable('posting_jobs')
      .set({ status: 'cancelled', completed_at: toDbTimestamp(at), updated_at: toDbTimestamp(at) })
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('posted_tweet_ids', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async outboxRow(jobId: number, cardIndex: number): Promise<OutboxRow | undefined> {
    const row = await this.db
      .selectFrom('outbox')
      .select(OUTBOX_COLUMNS)
      .where('account_id', '=', this.accountId)
      .where('job_id', '=', jobId)
      .where('card_index', '=', cardIndex)
      .executeTakeFirst();
    return row && toOutboxRow(row);
  }

  async openOutboxRow(
    jobId: number,
    cardIndex: number,
    request: OutboxRow['request'],
    at: Date,
  ): Promise<OutboxRow> {
    this.writes += 1;
    const stamp = toDbTimestamp(at);
    const row = await this.db
      .insertInto('outbox')
      .values({
        account_id: this.accountId,
        job_id: jobId,
        card_index: cardIndex,
        idempotency_key: `job:${jobId}:card:${cardIndex}`,
        operation: 'post_tweet',
        request: JSON.stringify(request),
        in_reply_to_tweet_id: request.in_reply_to_tweet_id ?? null,
        status: 'pending',
        attempts: 1,
        created_at: stamp,
        sent_at: stamp,
      })
      .onConflict((oc) =>
        oc.column('idempotency_key').doUpdateSet({
          request: JSON.stringify(request),
          in_reply_to_tweet_id: request.in_reply_to_tweet_id ?? null,
          status: 'pending',
          attempts: sql`outbox.attempts + 1`,
          error_code: null,
          error_message: null,
          sent_at: stamp,
          completed_at: null,
        }),
      )
      .returning(OUTBOX_COLUMNS)
      .executeTakeFirstOrThrow();
    return toOutboxRow(row);
  }

  async closeOutboxRow(
    id: number,
    status: OutboxRow['status'],
    fields: { platform_id?: string; error_code?: string; error_message?: string },
    at: Date,
  ): Promise<void> {
    this.writes += 1;
    await this.db
      .updateTable('outbox')
      .set({
        status,
        platform_id: fields.platform_id ?? null,
        error_code: fields.error_code ?? null,
        error_message: fields.error_message ?? null,
        completed_at: toDbTimestamp(at),
      })
      .where('id', '=', id)
      .execute();
  }

  async recordPost(post: PostedRecord): Promise<void> {
    this.writes += 1;
    await this.db
      .insertInto('posts')
      .values({
        account_id: this.accountId,
        tweet_id: post.tweet_id,
        kind: post.kind,
        text: post.text,
        in_reply_to_tweet_id: post.in_reply_to_tweet_id ?? null,
        quoted_tweet_id: post.quoted_tweet_id ?? null,
        target_author_id: post.target_author_id ?? null,
        target_author_username: post.target_author_username ?? null,
        thread_root_tweet_id: post.thread_root_tweet_id ?? null,
        thread_position: post.thread_position ?? null,
        topic: post.topic ?? null,
        format: post.format ?? null,
        origin: post.origin,
        actor: post.actor,
        job_id: post.job_id,
        mentions_product: post.mentions_product ? 1 : 0,
        posted_at: toDbTimestamp(post.posted_at),
      })
      .onConflict((oc) => oc.columns(['account_id', 'tweet_id']).doNothing())
      .execute();
  }
}
