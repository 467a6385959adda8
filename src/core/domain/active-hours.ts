// Active hours: the loops act only between start and end (end exclusive; start after end wraps past
// midnight) on the active weekdays, in the account's timezone.
import type { Weekday } from '../../contracts/config/common.js';

export interface ActiveHours {
  timezone: string;
  start: number;
  end: number;
  days: readonly Weekday[];
}

/** Hour (0-23) and weekday of `now` in `timezone`. */
export function localHourAndDay(now: Date, timezone: string): { hour: number; day: Weekday } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hour: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const day = (parts.find((p) => p.type === 'weekday')?.value ?? 'Mon') as Weekday;
  return { hour: hour === 24 ? 0 : hour, day };
}

export function isWithinActiveHours(now: Date, hours: ActiveHours): boolean {
  const { hour, day } = localHourAndDay(now, hours.timezone);
  if (!hours.days.includes(day)) return false;
  if (hours.start === hours.end) return true;
  return hours.start < hours.end
    ? hour >= hours.start && hour < hours.end
    : hour >= hours.start || hour < hours.end;
}
