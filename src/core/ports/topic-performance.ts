// What the topic performance snapshot reads: the account's posts of a period grouped by topic and format
// with their measured metrics, and the all-time topic scores kept by analytics.

export interface TopicFormatPerformance {
  /** null: posts without a recorded topic. */
  topic: string | null;
  format: string | null;
  posts: number;
  /** Posts with metrics. */
  measured: number;
  impressions: number;
  likes: number;
  replies: number;
  retweets: number;
  /** Mean performance score of the measured posts (stored score, else the engagement formula). */
  avg_performance: number | null;
}

export interface ContentScore {
  topic: string;
  format: string;
  total_posts: number;
  avg_performance: number;
}

export interface TopicPerformanceStore {
  /** Original posts and thread openers posted since `since`, one row per (topic, format). */
  performanceSince(since: Date): Promise<TopicFormatPerformance[]>;
  /** The analytics loop's running averages per (topic, format). */
  contentScores(): Promise<ContentScore[]>;
}
