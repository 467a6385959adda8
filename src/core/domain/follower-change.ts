// How the follower count moved across a run of daily snapshots: the numbers behind get_stats and
// get_follower_trend, so both tools always agree.
import type { FollowerSnapshot, FollowerSummary } from '../../contracts/analytics.js';

/**
 * Net change from the first to the last snapshot of a window (oldest first). `latest` is the newest
 * snapshot overall, so the current count shows even when the window holds none.
 */
export function summarizeFollowers(
  snapshots: readonly FollowerSnapshot[],
  latest: FollowerSnapshot | undefined,
): FollowerSummary {
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  const netChange = first && last ? last.followers - first.followers : 0;
  return {
    current: latest?.followers ?? last?.followers ?? null,
    start: first?.followers ?? null,
    net_change: netChange,
    change_percent:
      first && first.followers > 0 ? Math.round((netChange / first.followers) * 10_000) / 100 : 0,
  };
}

/** Each snapshot with its change versus the one before (the first has 0). */
export function withDailyChange(
  snapshots: readonly FollowerSnapshot[],
): Array<FollowerSnapshot & { change: number }> {
  return snapshots.map((snapshot, index) => ({
    ...snapshot,
    change: index === 0 ? 0 : snapshot.followers - (snapshots[index - 1]?.followers ?? snapshot.followers),
  }));
}
