// get_stats: what the account posted in a window, how it performed, and how its followers moved.
import type { Stats } from '../../../contracts/analytics.js';
import { summarizeFollowers } from '../../domain/follower-change.js';
import { ratio } from '../../domain/latency-stats.js';
import { describeWindow, startOfLocalDay, type TimeWindow } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

const TOP_POSTS = 5;

/**
 * Post counts, summed engagement of the measured posts, follower change (snapshots from the local day
 * `window` starts on, in `timezone`) and the best posts of `window`.
 */
export async function getStats(
  deps: Pick<AnalyticsStores, 'activity'>,
  window: TimeWindow,
  timezone: string,
): Promise<Stats> {
  const { activity } = deps;
  const [posts, totals, topPosts, snapshots, latest] = await Promise.all([
    activity.postCounts(window.since),
    activity.engagement(window.since),
    activity.topPosts(window.since, TOP_POSTS),
    activity.followerSnapshots(startOfLocalDay(window.since, timezone).date),
    activity.latestFollowerSnapshot(),
  ]);
  const interactions = totals.likes + totals.replies + totals.retweets + totals.quotes;
  return {
    window: describeWindow(window),
    posts,
    engagement: { ...totals, engagement_rate: ratio(interactions, totals.impressions) },
    followers: summarizeFollowers(snapshots, latest),
    top_posts: topPosts,
  };
}
