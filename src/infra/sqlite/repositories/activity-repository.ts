// The account's activity as the analytics tools read it: posts by kind, their measured engagement, follower
// snapshots, the action log, replies, and how much of each posting cap the last window used (either store).
import { sql } from 'kysely';
import { z } from 'zod';
import type {
  ActionLogEntry,
  FollowerSnapshot,
  PostCounts,
  PostPerformance,
  ReplyRecord,
} from '../../../contracts/analytics.js';
import type { LimitUsage } from '../../../core/domain/mutation-policy.js';
import type {
  ActivityStore,
  CappedPostKind,
  EngagementTotals,
} from '../../../core/ports/analytics-stores.js';
import { binaryOrder, larger } from '../../storage/dialect-sql.js';
import type { Store, StoreDialect } from '../../storage/store.js';
import { sqlLimit } from '../inline-limits.js';
import { toDbTimestamp } from '../timestamps.js';
import { parseJsonColumn } from './draft-rows.js';

/** Reference §g.1 performance score, unless the analytics loop stored its own. */
const score = (dialect: StoreDialect) => sql<number>`coalesce(m.performance_score,
  (m.likes * 3 + m.replies * 5 + m.retweets * 4) * 1000.0 / ${larger(dialect, sql`m.impressions`, sql`1`)})`;

/** One if the row matches, else zero: a count by `sum`, on both stores (Postgres sums no booleans). */
const one = (condition: ReturnType<typeof sql>) => sql`case when ${condition} then 1 else 0 end`;

/** Which posts each cap counts: the guards count quotes as posts and a thread once, by its first card. */
const CAP_KINDS: Record<CappedPostKind, ReturnType<typeof sql>> = {
  reply: sql`kind = 'reply'`,
  tweet: sql`kind in ('tweet', 'quote')`,
  thread: sql`kind = 'thread_card' and thread_position = 0`,
};

const Metadata = z.record(z.string(), z.unknown());
const num = (value: unknown) => Number(value ?? 0);

export class ActivityRepository implements ActivityStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** A text column ordered byte by byte on both stores. */
  private binary(column: string) {
    return binaryOrder(this.database.dialect, sql.ref(column));
  }

  private sinceClause(column: string, since: Date | undefined) {
    return since ? sql`and ${sql.ref(column)} >= ${toDbTimestamp(since)}` : sql``;
  }

  async postCounts(since: Date | undefined): Promise<PostCounts> {
    const { rows } = await sql<Record<'tweet' | 'reply' | 'quote' | 'thread', number | null>>`select
        sum(${one(sql`kind = 'tweet'`)}) as tweet, sum(${one(sql`kind = 'reply'`)}) as reply,
        sum(${one(sql`kind = 'quote'`)}) as quote,
        sum(${one(sql`kind = 'thread_card' and thread_position = 0`)}) as thread
      from posts where account_id = ${this.accountId} ${this.sinceClause('posted_at', since)}`.execute(
      this.db,
    );
    const row = rows[0];
    const counts = {
      tweets: num(row?.tweet),
      replies: num(row?.reply),
      quotes: num(row?.quote),
      threads: num(row?.thread),
    };
    return { ...counts, total: counts.tweets + counts.replies + counts.quotes + counts.threads };
  }

  async engagement(since: Date): Promise<EngagementTotals> {
    const { rows } = await sql<Record<keyof EngagementTotals, number | null>>`select
        count(*) as measured_posts, sum(m.impressions) as impressions, sum(m.likes) as likes,
        sum(m.replies) as replies, sum(m.retweets) as retweets, sum(m.quotes) as quotes,
        sum(m.bookmarks) as bookmarks, avg(${score(this.database.dialect)}) as avg_performance_score
      from posts p join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId} and p.posted_at >= ${toDbTimestamp(since)}`.execute(this.db);
    const row = rows[0];
    return {
      measured_posts: num(row?.measured_posts),
      impressions: num(row?.impressions),
      likes: num(row?.likes),
      replies: num(row?.replies),
      retweets: num(row?.retweets),
      quotes: num(row?.quotes),
      bookmarks: num(row?.bookmarks),
      avg_performance_score: Math.round(num(row?.avg_performance_score) * 100) / 100,
    };
  }

  async topPosts(since: Date, limit: number): Promise<PostPerformance[]> {
    const { rows } = await sql<PostPerformance>`select p.tweet_id, p.kind, p.text, p.posted_at,
        m.impressions, m.likes, m.replies, m.retweets, ${score(this.database.dialect)} as performance_score
      from posts p join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId} and p.posted_at >= ${toDbTimestamp(since)}
      order by performance_score desc, p.posted_at desc limit ${sqlLimit(limit)}`.execute(this.db);
    return rows.map((r) => ({ ...r, performance_score: Math.round(r.performance_score * 100) / 100 }));
  }

  async followerSnapshots(fromDate: string): Promise<FollowerSnapshot[]> {
    return this.db
      .selectFrom('follower_snapshots')
      .select(['snapshot_date as date', 'followers', 'following', 'tweet_count'])
      .where('account_id', '=', this.accountId)
      .where('snapshot_date', '>=', fromDate)
      .orderBy('snapshot_date')
      .execute();
  }

  async latestFollowerSnapshot(): Promise<FollowerSnapshot | undefined> {
    return this.db
      .selectFrom('follower_snapshots')
      .select(['snapshot_date as date', 'followers', 'following', 'tweet_count'])
      .where('account_id', '=', this.accountId)
      .orderBy('snapshot_date', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async actionLog(filter: {
    since?: Date;
    actionType?: string;
    status?: string;
    limit: number;
    offset?: number;
  }): Promise<ActionLogEntry[]> {
    let query = this.db
      .selectFrom('action_log')
      .select(['id', 'action_type', 'status', 'message', 'metadata', 'created_at'])
      .where('account_id', '=', this.accountId);
    if (filter.since) query = query.where('created_at', '>=', toDbTimestamp(filter.since));
    if (filter.actionType) query = query.where('action_type', '=', filter.actionType);
    if (filter.status) query = query.where('status', '=', filter.status);
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset ?? 0)
      .execute();
    return rows.map((row) => ({
      ...row,
      metadata: parseJsonColumn(Metadata, row.metadata, 'action log metadata') ?? {},
    }));
  }

  async actionCounts(
    since: Date | undefined,
  ): Promise<Array<{ action_type: string; status: string; count: number }>> {
    const { rows } = await sql<{ action_type: string; status: string; count: number }>`select
        action_type, status, count(*) as count from action_log
      where account_id = ${this.accountId} ${this.sinceClause('created_at', since)}
      group by action_type, status
      order by count desc, ${this.binary('action_type')}, ${this.binary('status')}`.execute(this.db);
    return rows.map((r) => ({ ...r, count: num(r.count) }));
  }

  async recentReplies(filter: { since?: Date; limit: number }): Promise<ReplyRecord[]> {
    const { rows } = await sql<
      Omit<ReplyRecord, 'metrics'> & {
        measured: number;
        impressions: number;
        likes: number;
        replies: number;
        retweets: number;
      }
    >`select p.tweet_id, p.text, p.in_reply_to_tweet_id, p.target_author_id, p.target_author_username,
        p.origin, p.posted_at, cast(m.tweet_id is not null as integer) as measured,
        m.impressions, m.likes, m.replies, m.retweets
      from posts p left join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId} and p.kind = 'reply' ${this.sinceClause('p.posted_at', filter.since)}
      order by p.posted_at desc, p.id desc limit ${sqlLimit(filter.limit)}`.execute(this.db);
    return rows.map(({ measured, impressions, likes, replies, retweets, ...reply }) => ({
      ...reply,
      metrics: measured ? { impressions, likes, replies, retweets } : null,
    }));
  }

  async countReplies(since: Date): Promise<number> {
    return (await this.capUsage('reply', since)).count;
  }

  async capUsage(kind: CappedPostKind, since: Date): Promise<LimitUsage> {
    const { rows } = await sql<{ n: number; oldest: string | null }>`select count(*) as n,
        min(posted_at) as oldest from posts
      where account_id = ${this.accountId} and ${CAP_KINDS[kind]} and posted_at >= ${toDbTimestamp(since)}`.execute(
      this.db,
    );
    const row = rows[0];
    return { count: num(row?.n), ...(row?.oldest ? { oldest: new Date(row.oldest) } : {}) };
  }
}
