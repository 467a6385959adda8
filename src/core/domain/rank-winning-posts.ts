// Which of the account's own posts vault context shows as winning patterns (reference §j.5): engagement is
// the performance score as a share of the account's best, posts under a tenth of it are left out, and
// the rest are weighed down by age (half-life 14 days); the 5 heaviest are kept.

/** Share of the best score a post needs to count as winning. */
export const MIN_ENGAGEMENT = 0.1;
export const HALF_LIFE_DAYS = 14;
export const MAX_WINNING_POSTS = 5;
/** Engagement of every post while the account's best score is still 0 (nothing to compare with). */
export const COLD_START_ENGAGEMENT = 0.5;
/** Age assumed for a post whose time cannot be read. */
const UNKNOWN_AGE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ScoredPost {
  /** Performance score (likes×3 + replies×5 + reposts×4 per 1000 impressions). */
  performance: number;
  postedAt: Date;
}

/** `performance` ÷ `best`, clamped to [0, 1]; 0.5 when `best` is 0 or less. */
export function engagementShare(performance: number, best: number): number {
  if (!(best > 0)) return COLD_START_ENGAGEMENT;
  return Math.min(1, Math.max(0, performance / best));
}

/** `engagement` × exp(−ln 2 × days since posting ÷ 14); an unreadable time counts as 30 days old. */
export function recencyWeight(engagement: number, postedAt: Date, now: Date): number {
  const age = postedAt.getTime();
  const days = Number.isNaN(age) ? UNKNOWN_AGE_DAYS : Math.max(0, (now.getTime() - age) / DAY_MS);
  return engagement * Math.exp((-Math.LN2 * days) / HALF_LIFE_DAYS);
}

/**
 * The winning posts among `posts`, heaviest first (at most 5), each with its engagement share and weight.
 * `best` is the account's best performance score over all its measured posts, not only these.
 */
export function rankWinningPosts<T extends ScoredPost>(
  posts: readonly T[],
  best: number,
  now: Date,
): Array<T & { engagement: number; weight: number }> {
  return posts
    .map((post) => {
      const engagement = engagementShare(post.performance, best);
      return { ...post, engagement, weight: recencyWeight(engagement, post.postedAt, now) };
    })
    .filter((post) => post.engagement >= MIN_ENGAGEMENT)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_WINNING_POSTS);
}
