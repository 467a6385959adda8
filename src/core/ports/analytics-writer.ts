// What the analytics loop writes: daily follower snapshots, the metrics of the account's own posts, the
// topic/format scores computed from them, and alerts in the action log.
export interface PostToMeasure {
  tweetId: string;
  kind: string;
  postedAt: string;
}

export interface MeasuredPost {
  tweetId: string;
  impressions: number;
  likes: number;
  replies: number;
  retweets: number;
  quotes: number;
  bookmarks: number;
  performanceScore: number;
}

export interface AnalyticsWriter {
  followersOn(date: string): Promise<number | undefined>;
  saveSnapshot(
    date: string,
    counts: { followers: number; following: number; tweets: number },
    at: Date,
  ): Promise<void>;
  /**
   * Live posts at least `postedBefore` old that were never measured, or measured before they were a day old.
   */
  postsToMeasure(postedBefore: Date, limit: number): Promise<PostToMeasure[]>;
  /** Posts the platform no longer shows (deleted or hidden): never asked for again. */
  markGone(tweetIds: readonly string[], at: Date): Promise<void>;
  saveMetrics(post: MeasuredPost, at: Date): Promise<void>;
  /** Recomputes the per topic and format averages from every measured post; answers how many rows. */
  refreshContentScores(at: Date): Promise<number>;
  logAction(
    entry: { type: string; status: string; message: string; metadata?: object },
    at: Date,
  ): Promise<void>;
}
