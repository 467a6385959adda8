// How well a post did, comparable across reach (reference §g): weighted engagement per thousand impressions.
export interface Engagement {
  impressions: number;
  likes: number;
  replies: number;
  retweets: number;
}

/** (likes×3 + replies×5 + reposts×4) ÷ max(impressions, 1) × 1000, rounded to 2 decimals. */
export function performanceScore(m: Engagement): number {
  const raw = ((m.likes * 3 + m.replies * 5 + m.retweets * 4) / Math.max(m.impressions, 1)) * 1000;
  return Math.round(raw * 100) / 100;
}

/** A drop of more than 2 % day over day is worth telling the user about. */
export const FOLLOWER_DROP_ALERT = 0.02;

/** The share lost from `before` to `now` (0 when it grew), or undefined without a day before. */
export function followerDrop(before: number | undefined, now: number): number | undefined {
  if (before === undefined || before <= 0) return undefined;
  return Math.max(0, (before - now) / before);
}
