// Active hours: the loops act only between start and end (end exclusive; start after end wraps past
// midnight) on the active weekdays, in the account's timezone.
import type { Weekday } from '../../contracts/config/common.js';

export interface ActiveHours {
  timezone: string;
  start: number;
  end: number;
  days: readonly Weekday[];
}

const QUARTER_HOUR = 15 * 60_000;

// Building a formatter is slow and every guard, loop turn and schedule check asks: one per zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function hourAndDayFormatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    // Throws for a zone Intl does not know (the config refuses those), so nothing unknown is kept.
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * Hour and weekday by zone and quarter hour: every zone offset is a multiple of 15 minutes, so both hold for
 * a whole quarter, and the scheduler asks for the same quarters at every turn of every loop (msUntilActive
 * walks them one by one). Bounded; started again when full.
 */
const quarters = new Map<string, { hour: number; day: Weekday }>();

/** Hour (0-23) and weekday of `now` in `timezone`. */
export function localHourAndDay(now: Date, timezone: string): { hour: number; day: Weekday } {
  const key = `${timezone}|${Math.floor(now.getTime() / QUARTER_HOUR)}`;
  const known = quarters.get(key);
  if (known) return { ...known };
  const parts = hourAndDayFormatter(timezone).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const day = (parts.find((p) => p.type === 'weekday')?.value ?? 'Mon') as Weekday;
  const answer = { hour: hour === 24 ? 0 : hour, day };
  if (quarters.size >= 4096) quarters.clear();
  quarters.set(key, answer);
  return { ...answer };
}

export function isWithinActiveHours(now: Date, hours: ActiveHours): boolean {
  const { hour, day } = localHourAndDay(now, hours.timezone);
  if (!hours.days.includes(day)) return false;
  if (hours.start === hours.end) return true;
  return hours.start < hours.end
    ? hour >= hours.start && hour < hours.end
    : hour >= hours.start || hour < hours.end;
}

/** When the active hours next open, seen from `now`; undefined when they are open now. */
export function nextOpening(now: Date, hours: ActiveHours): Date | undefined {
  const wait = msUntilActive(now, hours);
  return wait > 0 ? new Date(now.getTime() + wait) : undefined;
}

const MAX_LOOKAHEAD = 8 * 24 * 60 * 60_000;

/**
 * Milliseconds until the loops may act again: 0 inside the window, else the time to the next start of an
 * active quarter hour (every zone offset is a multiple of 15 minutes), looking up to 8 days ahead; with
 * no active time in that span (no active days), one hour, so the answer is always finite.
 */
export function msUntilActive(now: Date, hours: ActiveHours): number {
  if (isWithinActiveHours(now, hours)) return 0;
  const start = Math.ceil(now.getTime() / QUARTER_HOUR) * QUARTER_HOUR;
  for (let at = start; at - now.getTime() <= MAX_LOOKAHEAD; at += QUARTER_HOUR) {
    if (isWithinActiveHours(new Date(at), hours)) return at - now.getTime();
  }
  return 60 * 60_000;
}
