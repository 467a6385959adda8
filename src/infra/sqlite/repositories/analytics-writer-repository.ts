// The analytics loop's writes in SQLite: follower_snapshots, post_metrics, content_scores, action_log.
import type { Database, Statement } from 'better-sqlite3';
import type { AnalyticsWriter, MeasuredPost, PostToMeasure } from '../../../core/ports/analytics-writer.js';
import { preparedPerLimit } from '../inline-limits.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

export class AnalyticsWriterRepository implements AnalyticsWriter {
  private readonly sqlite: Database;
  // The reads of every analytics turn, prepared once (the LIMIT in the SQL text: see inline-limits.ts).
  private readonly followers: Statement;
  private readonly toMeasure: (limit: number) => Statement;

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
  ) {
    this.sqlite = database.sqlite;
    this.followers = this.sqlite.prepare(
      'select followers from follower_snapshots where account_id = ? and snapshot_date = ?',
    );
    this.toMeasure = preparedPerLimit(
      this.sqlite,
      (limit) =>
        `select p.tweet_id as tweetId, p.kind, p.posted_at as postedAt from posts p
         left join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
         where p.account_id = ? and p.posted_at <= ? and p.gone_at is null
           and (m.tweet_id is null or m.measured_at < strftime('%Y-%m-%dT%H:%M:%fZ', p.posted_at, '+1 day'))
         order by p.posted_at limit ${limit}`,
    );
  }

  followersOn(date: string): number | undefined {
    const row = this.followers.get(this.accountId, date) as { followers: number } | undefined;
    return row?.followers;
  }

  saveSnapshot(
    date: string,
    counts: { followers: number; following: number; tweets: number },
    at: Date,
  ): void {
    this.sqlite
      .prepare(
        `insert into follower_snapshots (account_id, snapshot_date, followers, following, tweet_count, created_at)
         values (?, ?, ?, ?, ?, ?)
         on conflict (account_id, snapshot_date) do update set followers = excluded.followers,
           following = excluded.following, tweet_count = excluded.tweet_count, created_at = excluded.created_at`,
      )
      .run(this.accountId, date, counts.followers, counts.following, counts.tweets, toDbTimestamp(at));
  }

  postsToMeasure(postedBefore: Date, limit: number): PostToMeasure[] {
    return this.toMeasure(limit).all(this.accountId, toDbTimestamp(postedBefore)) as PostToMeasure[];
  }

  markGone(tweetIds: readonly string[], at: Date): void {
    const mark = this.sqlite.prepare(
      'update posts set gone_at = ? where account_id = ? and tweet_id = ? and gone_at is null',
    );
    this.sqlite.transaction(() => {
      for (const id of tweetIds) mark.run(toDbTimestamp(at), this.accountId, id);
    })();
  }

  saveMetrics(post: MeasuredPost, at: Date): void {
    this.sqlite
      .prepare(
        `insert into post_metrics (account_id, tweet_id, impressions, likes, replies, retweets, quotes, bookmarks,
           performance_score, measured_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (account_id, tweet_id) do update set impressions = excluded.impressions,
           likes = excluded.likes, replies = excluded.replies, retweets = excluded.retweets,
           quotes = excluded.quotes, bookmarks = excluded.bookmarks,
           performance_score = excluded.performance_score, measured_at = excluded.measured_at`,
      )
      .run(
        this.accountId,
        post.tweetId,
        post.impressions,
        post.likes,
        post.replies,
        post.retweets,
        post.quotes,
        post.bookmarks,
        post.performanceScore,
        toDbTimestamp(at),
      );
  }

  refreshContentScores(at: Date): number {
    const refresh = this.sqlite.transaction(() => {
      this.sqlite.prepare('delete from content_scores where account_id = ?').run(this.accountId);
      return this.sqlite
        .prepare(
          `insert into content_scores (account_id, topic, format, total_posts, avg_performance, updated_at)
           select p.account_id, p.topic, coalesce(p.format, ''), count(*), avg(m.performance_score), ?
           from posts p join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
           where p.account_id = ? and p.topic is not null and m.performance_score is not null
           group by p.account_id, p.topic, coalesce(p.format, '')`,
        )
        .run(toDbTimestamp(at), this.accountId).changes;
    });
    return refresh();
  }

  logAction(entry: { type: string; status: string; message: string; metadata?: object }, at: Date): void {
    this.sqlite
      .prepare(
        'insert into action_log (account_id, action_type, status, message, metadata, created_at) values (?, ?, ?, ?, ?, ?)',
      )
      .run(
        this.accountId,
        entry.type,
        entry.status,
        entry.message,
        JSON.stringify(entry.metadata ?? {}),
        toDbTimestamp(at),
      );
  }
}
