// get_follower_trend: the daily follower snapshots of a window with their day-over-day change.
import type { FollowerTrend } from '../../../contracts/analytics.js';
import { summarizeFollowers, withDailyChange } from '../../domain/follower-change.js';
import { describeWindow, type TimeWindow } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

/**
 * Snapshots whose day falls in `window` (oldest first), at most the newest `limit`, and the net change
 * across the ones shown.
 */
export async function followerTrend(
  deps: Pick<AnalyticsStores, 'activity'>,
  window: TimeWindow,
  limit?: number,
): Promise<FollowerTrend> {
  const [all, latest] = await Promise.all([
    deps.activity.followerSnapshots(window.since.toISOString().slice(0, 10)),
    deps.activity.latestFollowerSnapshot(),
  ]);
  const snapshots = limit === undefined ? all : all.slice(-limit);
  return {
    window: describeWindow(window),
    summary: summarizeFollowers(snapshots, latest),
    snapshots: withDailyChange(snapshots),
  };
}
