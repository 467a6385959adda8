// get_follower_trend: the daily follower snapshots of a window with their day-over-day change. Snapshot
// dates are calendar days in the account's timezone (as the analytics loop writes them).
import type { FollowerTrend } from '../../../contracts/analytics.js';
import { summarizeFollowers, withDailyChange } from '../../domain/follower-change.js';
import { describeWindow, startOfLocalDay, type TimeWindow } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

/**
 * Snapshots whose local day falls in `window` (oldest first), at most the newest `limit`, and the net
 * change across the ones shown.
 */
export async function followerTrend(
  deps: Pick<AnalyticsStores, 'activity'>,
  window: TimeWindow,
  options: { timezone: string; limit?: number },
): Promise<FollowerTrend> {
  const { limit } = options;
  const [all, latest] = await Promise.all([
    deps.activity.followerSnapshots(startOfLocalDay(window.since, options.timezone).date),
    deps.activity.latestFollowerSnapshot(),
  ]);
  const snapshots = limit === undefined ? all : all.slice(-limit);
  return {
    window: describeWindow(window),
    summary: summarizeFollowers(snapshots, latest),
    snapshots: withDailyChange(snapshots),
  };
}
