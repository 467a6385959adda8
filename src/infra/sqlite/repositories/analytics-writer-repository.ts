// The analytics loop's writes (on either store): follower_snapshots, post_metrics, content_scores, action_log.
import { sql } from 'kysely';
import type { AnalyticsWriter, MeasuredPost, PostToMeasure } from '../../../core/ports/analytics-writer.js';
import { isoPlusDays } from '../../storage/dialect-sql.js';
import { sqliteRun } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
import { sqlLimit } from '../inline-limits.js';
import { toDbTimestamp } from '../timestamps.js';

export class AnalyticsWriterRepository implements AnalyticsWriter {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  private get db() {
    return this.database.db;
  }

  async followersOn(date: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('follower_snapshots')
      .select('followers')
      .where('account_id', '=', this.accountId)
      .where('snapshot_date', '=', date)
      .executeTakeFirst();
    return row?.followers;
  }

  async saveSnapshot(
    date: string,
    counts: { followers: number; following: number; tweets: number },
    at: Date,
  ): Promise<void> {
    const values = {
      followers: counts.followers,
      following: counts.following,
      tweet_count: counts.tweets,
      created_at: toDbTimestamp(at),
    };
    await this.db
      .insertInto('follower_snapshots')
      .values({ account_id: this.accountId, snapshot_date: date, ...values })
      .onConflict((oc) => oc.columns(['account_id', 'snapshot_date']).doUpdateSet(values))
      .execute();
  }

  async postsToMeasure(postedBefore: Date, limit: number): Promise<PostToMeasure[]> {
    const dayOld = isoPlusDays(this.database.dialect, sql.ref('p.posted_at'), 1);
    const { rows } =
      await sql<PostToMeasure>`select p.tweet_id as "tweetId", p.kind, p.posted_at as "postedAt"
      from posts p
      left join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId} and p.posted_at <= ${toDbTimestamp(postedBefore)}
        and p.gone_at is null and (m.tweet_id is null or m.measured_at < ${dayOld})
      order by p.posted_at limit ${sqlLimit(limit)}`.execute(this.db);
    return rows;
  }

  async markGone(tweetIds: readonly string[], at: Date): Promise<void> {
    if (tweetIds.length === 0) return;
    await this.db
      .updateTable('posts')
      .set({ gone_at: toDbTimestamp(at) })
      .where('account_id', '=', this.accountId)
      .where('tweet_id', 'in', tweetIds)
      .where('gone_at', 'is', null)
      .execute();
  }

  async saveMetrics(post: MeasuredPost, at: Date): Promise<void> {
    const values = {
      impressions: post.impressions,
      likes: post.likes,
      replies: post.replies,
      retweets: post.retweets,
      quotes: post.quotes,
      bookmarks: post.bookmarks,
      performance_score: post.performanceScore,
      measured_at: toDbTimestamp(at),
    };
    await this.db
      .insertInto('post_metrics')
      .values({ account_id: this.accountId, tweet_id: post.tweetId, ...values })
      .onConflict((oc) => oc.columns(['account_id', 'tweet_id']).doUpdateSet(values))
      .execute();
  }

  /**
   * The per topic and format averages computed afresh, in one transaction (readers never see them empty):
   * on SQLite a synchronous one, on Postgres a Kysely one.
   */
  async refreshContentScores(at: Date): Promise<number> {
    const { database } = this;
    const clear = database.db.deleteFrom('content_scores').where('account_id', '=', this.accountId).compile();
    const fill =
      sql`insert into content_scores (account_id, topic, format, total_posts, avg_performance, updated_at)
      select p.account_id, p.topic, coalesce(p.format, ''), count(*), avg(m.performance_score), ${toDbTimestamp(at)}
      from posts p join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId} and p.topic is not null and m.performance_score is not null
      group by p.account_id, p.topic, coalesce(p.format, '')`.compile(database.db);
    if (database.dialect === 'sqlite') {
      return database.sqlite.transaction(() => {
        sqliteRun(database, clear);
        return sqliteRun(database, fill);
      })();
    }
    return await database.db.transaction().execute(async (trx) => {
      await trx.executeQuery(clear);
      return Number((await trx.executeQuery(fill)).numAffectedRows ?? 0);
    });
  }

  async logAction(
    entry: { type: string; status: string; message: string; metadata?: object },
    at: Date,
  ): Promise<void> {
    await this.db
      .insertInto('action_log')
      .values({
        account_id: this.accountId,
        action_type: entry.type,
        status: entry.status,
        message: entry.message,
        metadata: JSON.stringify(entry.metadata ?? {}),
        created_at: toDbTimestamp(at),
      })
      .execute();
  }
}
