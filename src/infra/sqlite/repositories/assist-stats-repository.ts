// Performance history for suggestions, as the analytics loop records it: topic scores (content_scores), and
// each recent measured post's performance score (posts + post_metrics).
import { sql } from 'kysely';
import type { AssistStats } from '../../../core/ports/assist-stats.js';
import { binaryOrder, larger } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';
import { sqlLimit } from '../inline-limits.js';
import { toDbTimestamp } from '../timestamps.js';

export class AssistStatsRepository implements AssistStats {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async topicScores(limit: number): Promise<Array<{ topic: string; avgPerformance: number; posts: number }>> {
    // A topic may be scored per format; the topic's score weighs each format by its number of posts.
    const { dialect } = this.database;
    const { rows } = await sql<{ topic: string; avg: number; posts: number }>`select topic,
        sum(avg_performance * total_posts) / ${larger(dialect, sql`sum(total_posts)`, sql`1`)} as avg,
        sum(total_posts) as posts
      from content_scores where account_id = ${this.accountId}
      group by topic order by avg desc, posts desc, ${binaryOrder(dialect, sql`topic`)} limit ${sqlLimit(limit)}`.execute(
      this.database.db,
    );
    return rows.map((r) => ({ topic: r.topic, avgPerformance: Number(r.avg), posts: Number(r.posts) }));
  }

  async postEngagement(since: Date): Promise<Array<{ postedAt: Date; engagement: number }>> {
    // A thread counts once, by its first card: the later cards go out the same minute and would weigh
    // that hour by how many cards the thread had.
    const { rows } = await sql<{ posted_at: string; engagement: number }>`select p.posted_at,
        coalesce(m.performance_score, (m.likes * 3 + m.replies * 5 + m.retweets * 4) * 1000.0 / ${larger(this.database.dialect, sql`m.impressions`, sql`1`)}) as engagement
      from posts p join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId} and p.posted_at >= ${toDbTimestamp(since)}
        and not (p.kind = 'thread_card' and coalesce(p.thread_position, 0) > 0)
      order by p.posted_at`.execute(this.database.db);
    return rows.map((r) => ({ postedAt: new Date(r.posted_at), engagement: Number(r.engagement) }));
  }
}
