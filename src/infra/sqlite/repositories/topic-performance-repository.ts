// Topic and format performance (on either store): the account's own posts of a period with their metrics (posts +
// post_metrics), and the analytics loop's running averages (content_scores). Replies and the later cards of
// a thread are left out: a topic is judged by the posts that opened it.
import { sql } from 'kysely';
import type {
  ContentScore,
  TopicFormatPerformance,
  TopicPerformanceStore,
} from '../../../core/ports/topic-performance.js';
import { binaryOrder, larger } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

interface Row {
  topic: string | null;
  format: string | null;
  posts: number;
  measured: number;
  impressions: number;
  likes: number;
  replies: number;
  retweets: number;
  avg_performance: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export class TopicPerformanceRepository implements TopicPerformanceStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async performanceSince(since: Date): Promise<TopicFormatPerformance[]> {
    // Same performance formula as analytics and vault context: (likes×3 + replies×5 + reposts×4) per
    // 1000 impressions, unless analytics stored a score.
    // The formula in double precision on both stores (as SQLite computes it; Postgres would use numeric).
    // Postgres orders only by bare output names, and NULL last: hence the outer select and `nulls first`.
    const { dialect } = this.database;
    const { rows } = await sql<Row>`select * from (select nullif(trim(p.topic), '') as topic,
        nullif(trim(p.format), '') as format,
        count(*) as posts,
        count(m.tweet_id) as measured,
        coalesce(sum(m.impressions), 0) as impressions,
        coalesce(sum(m.likes), 0) as likes,
        coalesce(sum(m.replies), 0) as replies,
        coalesce(sum(m.retweets), 0) as retweets,
        avg(case when m.tweet_id is not null then coalesce(m.performance_score,
          (m.likes * 3 + m.replies * 5 + m.retweets * 4) * cast(1000.0 as double precision)
            / ${larger(dialect, sql`m.impressions`, sql`1`)}) end) as avg_performance
      from posts p left join post_metrics m on m.account_id = p.account_id and m.tweet_id = p.tweet_id
      where p.account_id = ${this.accountId} and p.posted_at >= ${toDbTimestamp(since)}
        and (p.kind in ('tweet', 'quote') or (p.kind = 'thread_card' and coalesce(p.thread_position, 0) = 0))
      group by 1, 2) as grouped
      order by avg_performance is null, avg_performance desc, posts desc,
        ${binaryOrder(dialect, sql`topic`)} nulls first`.execute(this.database.db);
    return rows.map((row) => ({
      topic: row.topic,
      format: row.format,
      posts: Number(row.posts),
      measured: Number(row.measured),
      impressions: Number(row.impressions),
      likes: Number(row.likes),
      replies: Number(row.replies),
      retweets: Number(row.retweets),
      avg_performance: row.avg_performance === null ? null : round2(Number(row.avg_performance)),
    }));
  }

  async contentScores(): Promise<ContentScore[]> {
    const rows = await this.database.db
      .selectFrom('content_scores')
      .select(['topic', 'format', 'total_posts', 'avg_performance'])
      .where('account_id', '=', this.accountId)
      .orderBy('avg_performance', 'desc')
      .orderBy(binaryOrder(this.database.dialect, sql.ref('topic')))
      .execute();
    return rows.map((row) => ({ ...row, avg_performance: round2(row.avg_performance) }));
  }
}
