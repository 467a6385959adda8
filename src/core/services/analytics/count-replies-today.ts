// get_reply_count_today: replies since local midnight in the account's timezone — the calendar day the
// daily reply cap counts (DECISIONS, Autopilot) — and what the cap still allows until the next midnight.
import type { ReplyCountToday } from '../../../contracts/analytics.js';
import { capWindowEnds, startOfLocalDay } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

export async function countRepliesToday(
  deps: Pick<AnalyticsStores, 'activity' | 'clock'>,
  settings: { timezone: string; maxRepliesPerDay: number },
): Promise<ReplyCountToday> {
  const now = deps.clock.now();
  const today = startOfLocalDay(now, settings.timezone);
  const count = await deps.activity.countReplies(today.start);
  return {
    count,
    date: today.date,
    timezone: today.timeZone,
    since: today.start.toISOString(),
    max_per_day: settings.maxRepliesPerDay,
    remaining: Math.max(settings.maxRepliesPerDay - count, 0),
    resets_at: capWindowEnds(now, today.timeZone).dayEnd.toISOString(),
  };
}
