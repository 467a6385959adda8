// get_reply_count_today: replies since local midnight, beside the sliding 24 hours the daily reply cap
// actually counts (a user asks about "today"; the guard looks at the last 24 hours).
import type { ReplyCountToday } from '../../../contracts/analytics.js';
import { slotFreesAt, startOfLocalDay } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

const DAY_MS = 86_400_000;

export async function countRepliesToday(
  deps: Pick<AnalyticsStores, 'activity' | 'clock'>,
  settings: { timezone: string; maxRepliesPerDay: number },
): Promise<ReplyCountToday> {
  const now = deps.clock.now();
  const today = startOfLocalDay(now, settings.timezone);
  const [count, window] = await Promise.all([
    deps.activity.countReplies(today.start),
    deps.activity.capUsage('reply', new Date(now.getTime() - DAY_MS)),
  ]);
  return {
    count,
    date: today.date,
    timezone: today.timeZone,
    since: today.start.toISOString(),
    last_24h: window.count,
    max_per_day: settings.maxRepliesPerDay,
    remaining: Math.max(settings.maxRepliesPerDay - window.count, 0),
    resets_at: slotFreesAt(window.oldest, DAY_MS / 1000)?.toISOString() ?? null,
  };
}
