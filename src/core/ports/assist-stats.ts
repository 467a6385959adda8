// What the assist stack reads of past performance: topic scores and post engagement over time.

export interface AssistStats {
  /** Topics with their average performance, best first. */
  topicScores(limit: number): Promise<Array<{ topic: string; avgPerformance: number; posts: number }>>;
  /** Posts since `since` with their engagement (performance score). */
  postEngagement(since: Date): Promise<Array<{ postedAt: Date; engagement: number }>>;
}
