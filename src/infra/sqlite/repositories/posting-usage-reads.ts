// What the safety guards read of the account's posting: the posts the automation caps count (by agents and
// loops), jobs and approval items already committed, recent replies, and the posts a new one must not repeat.
// The posting repository extends it with jobs, the outbox and the record of posts.
import { type ExpressionBuilder, sql } from 'kysely';
import { PostingPayloadSchema } from '../../../contracts/posting.js';
import type { PriorPost } from '../../../core/domain/posting-guards.js';
import type { PostedRecord, ReplyExclusion } from '../../../core/ports/posting-store.js';
import { jsonArrayLength, jsonText } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';
import type { DB } from '../db-types.js';
import { toDbTimestamp } from '../timestamps.js';
import { parseJsonColumn } from './draft-rows.js';

/**
 * Posts by agents and loops: what the automation caps count (a person's own posts never use them up). The
 * pattern is part of the SQL text: SQLite reads a bound LIKE pattern while planning, so binding it on each
 * run had the statement planned again every time (see inline-limits.ts).
 */
const autonomousPosts = (eb: ExpressionBuilder<DB, 'posts'>) =>
  eb.or([eb('actor', '=', 'agent'), eb('actor', 'like', sql.lit('loop:%'))]);

export class PostingUsageReads {
  constructor(
    protected readonly database: Store,
    protected readonly accountId: string,
  ) {}

  protected get db() {
    return this.database.db;
  }

  protected get dialect() {
    return this.database.dialect;
  }

  /** Autonomous posts of this account since `since` that also match `narrow`. */
  private async countAutonomous(
    since: Date,
    narrow: (eb: ExpressionBuilder<DB, 'posts'>) => ReturnType<ExpressionBuilder<DB, 'posts'>['and']>,
  ): Promise<number> {
    const row = await this.db
      .selectFrom('posts')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('account_id', '=', this.accountId)
      .where(autonomousPosts)
      .where(narrow)
      .where('posted_at', '>=', toDbTimestamp(since))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  countPosts(kinds: ReadonlyArray<PostedRecord['kind']>, since: Date): Promise<number> {
    return this.countAutonomous(since, (eb) => eb.and([eb('kind', 'in', [...kinds])]));
  }

  countThreads(since: Date): Promise<number> {
    return this.countAutonomous(since, (eb) =>
      eb.and([eb('kind', '=', 'thread_card'), eb('thread_position', '=', 0)]),
    );
  }

  countRepliesToAuthor(authorId: string, since: Date): Promise<number> {
    return this.countAutonomous(since, (eb) =>
      eb.and([eb('kind', '=', 'reply'), eb('target_author_id', '=', authorId)]),
    );
  }

  async countQueued(
    kinds: ReadonlyArray<'tweet' | 'reply' | 'thread' | 'quote'>,
    since: Date,
    options: { except?: ReplyExclusion; authorId?: string; pending?: boolean } = {},
  ): Promise<number> {
    if (kinds.length === 0) return 0;
    const list = sql.join(kinds.map((k) => sql`${k}`));
    const at = toDbTimestamp(since);
    const author = options.authorId ?? null;
    // Postgres cannot tell the type of a bare parameter in `? is null`.
    const noAuthor = sql`cast(${author} as text) is null`;
    const review = options.pending ? sql`('pending', 'approved')` : sql`('approved')`;
    // `substr(actor, 1, 5) = 'loop:'` is SQLite's `actor glob 'loop:*'` (case-sensitive) on both stores.
    const autonomous = sql`(actor = 'agent' or substr(actor, 1, 5) = 'loop:')`;
    // An approved item is counted until its posting job exists, then as that job; a job with a card out
    // is counted by its posts already.
    const { rows } = await sql<{ n: number }>`select
        (select count(*) from posting_jobs where account_id = ${this.accountId} and kind in (${list})
          and status in ('queued', 'in_progress')
          and (posted_tweet_ids is null or ${jsonArrayLength(this.dialect, sql`posted_tweet_ids`)} = 0)
          and id <> ${options.except?.jobId ?? -1} and created_at >= ${at}
          and ${autonomous}
          and (${noAuthor} or ${jsonText(this.dialect, sql`payload`, ['target_author_id'])} = ${author}))
      + (select count(*) from approval_queue where account_id = ${this.accountId} and action_type in (${list})
          and status in ${review} and id <> ${options.except?.approvalId ?? -1}
          and not exists (select 1 from posting_jobs j where j.approval_id = approval_queue.id)
          and created_at >= ${at} and ${autonomous}
          and (${noAuthor} or target_author_id = ${author})) as n`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  countProductMentionReplies(since: Date): Promise<number> {
    return this.countAutonomous(since, (eb) =>
      eb.and([eb('kind', '=', 'reply'), eb('mentions_product', '=', 1)]),
    );
  }

  async hasReplyTo(tweetId: string, except: ReplyExclusion = {}): Promise<boolean> {
    const { rows } = await sql<{ found: number }>`select exists (
        select 1 from posts where account_id = ${this.accountId} and kind = 'reply' and in_reply_to_tweet_id = ${tweetId}
      ) or exists (
        select 1 from posting_jobs where account_id = ${this.accountId} and kind = 'reply'
          and status in ('queued', 'in_progress', 'partial') and id <> ${except.jobId ?? -1}
          and ${jsonText(this.dialect, sql`payload`, ['in_reply_to_tweet_id'])} = ${tweetId}
      ) or exists (
        select 1 from approval_queue where account_id = ${this.accountId} and action_type = 'reply'
          and status in ('pending', 'approved', 'posting') and id <> ${except.approvalId ?? -1}
          and (target_tweet_id = ${tweetId}
            or ${jsonText(this.dialect, sql`payload`, ['in_reply_to_tweet_id'])} = ${tweetId})
      ) as found`.execute(this.db);
    return Boolean(rows[0]?.found);
  }

  async recentReplyTexts(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('posts')
      .select('text')
      .where('account_id', '=', this.accountId)
      .where('kind', '=', 'reply')
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.text);
  }

  async earlierPosts(
    since: Date,
    options: { waiting?: boolean; except?: ReplyExclusion } = {},
  ): Promise<PriorPost[]> {
    const rows = await this.db
      .selectFrom('posts as p')
      .leftJoin('posting_jobs as j', 'j.id', 'p.job_id')
      .select([
        'p.tweet_id',
        'p.text',
        'p.job_id',
        'j.draft_id',
        'j.payload',
        'p.thread_root_tweet_id',
        'p.thread_position',
        'p.posted_at',
      ])
      .where('p.account_id', '=', this.accountId)
      .where('p.kind', 'in', ['tweet', 'quote', 'thread_card'])
      .where('p.posted_at', '>=', toDbTimestamp(since))
      .where('p.gone_at', 'is', null)
      .orderBy('p.posted_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    // A thread's cards are one post: grouped by the thread's first card, in card order.
    const posts = new Map<string, PriorPost & { cards: Array<{ at: number; text: string }> }>();
    for (const row of rows) {
      const key = row.thread_root_tweet_id ?? row.tweet_id;
      let post = posts.get(key);
      if (!post) {
        const planned = row.payload
          ? parseJsonColumn(PostingPayloadSchema, row.payload, 'posting payload')?.cards.map((c) => c.text)
          : undefined;
        post = {
          texts: [],
          cards: [],
          tweet_id: key,
          ...(row.job_id === null ? {} : { job_id: row.job_id }),
          ...(row.draft_id === null || row.draft_id === undefined ? {} : { draft_id: row.draft_id }),
          ...(planned ? { planned } : {}),
          posted_at: row.posted_at,
        };
        posts.set(key, post);
      }
      post.cards.push({ at: row.thread_position ?? 0, text: row.text });
      if (!row.thread_position) post.posted_at = row.posted_at;
    }
    const out: PriorPost[] = [...posts.values()].map(({ cards, planned, ...post }) => {
      const texts = cards.sort((a, b) => a.at - b.at).map((card) => card.text);
      // The job's full content only when less went out (a thread cut short): what a retry repeats.
      return { ...post, texts, ...(planned && planned.length > texts.length ? { planned } : {}) };
    });
    if (!options.waiting) return out;
    const jobs = await this.db
      .selectFrom('posting_jobs')
      .select(['id', 'payload', 'draft_id', 'scheduled_for', 'created_at'])
      .where('account_id', '=', this.accountId)
      .where('kind', 'in', ['tweet', 'quote', 'thread'])
      .where('status', 'in', ['queued', 'in_progress'])
      .where(
        sql<boolean>`(posted_tweet_ids is null or ${jsonArrayLength(this.dialect, sql`posted_tweet_ids`)} = 0)`,
      )
      .where('id', '<>', options.except?.jobId ?? -1)
      .orderBy('id', 'desc')
      .execute();
    for (const job of jobs) {
      const payload = parseJsonColumn(PostingPayloadSchema, job.payload, 'posting payload');
      out.push({
        texts: payload?.cards.map((card) => card.text) ?? [],
        job_id: job.id,
        ...(job.draft_id === null ? {} : { draft_id: job.draft_id }),
        scheduled_for: job.scheduled_for,
        queued_at: job.created_at,
      });
    }
    return out;
  }
}
