// The preferred posting slots as the calendar shows them and the queue fills them: each local day's slot times
// ([schedule] preferred_times, "auto", per-weekday overrides: posting-slots.ts) as instants in the account's
// timezone, and "taken" when a draft, job or approval item is at the same local minute. Pure: entries come in.
import type { z } from 'zod';
import { WEEKDAYS } from '../../contracts/config/common.js';
import type { ScheduleSchema } from '../../contracts/config/schedule.js';
import { atLocalTime, localDate, slotTimesFor } from './posting-slots.js';
import { formatInZone } from './schedule-time.js';

export type SlotSchedule = Pick<
  z.output<typeof ScheduleSchema>,
  'timezone' | 'preferred_times' | 'preferred_times_override'
>;

export interface PreferredSlot {
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** Local time, HH:MM, as configured (a time a DST change skips keeps its name; `at` moves forward). */
  time: string;
  at: Date;
}

/** "auto" when [schedule] preferred_times is empty (the default times 09:15, 12:30, 17:00). */
export function slotSourceOf(schedule: SlotSchedule): 'auto' | 'preferred' {
  return schedule.preferred_times.length === 0 ? 'auto' : 'preferred';
}

/** The next local date after `date` ("YYYY-MM-DD"), by calendar, not by 24 hours. */
function nextDate(date: string): string {
  const at = new Date(`${date}T12:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** The preferred slots with `from <= at < to`, day by day in the account's timezone, in time order. */
export function preferredSlots(schedule: SlotSchedule, from: Date, to: Date): PreferredSlot[] {
  const timezone = schedule.timezone;
  const preferred = slotSourceOf(schedule) === 'auto' ? ['auto'] : schedule.preferred_times;
  const slots: PreferredSlot[] = [];
  for (
    let date = localDate(from, timezone);
    atLocalTime(date, '00:00', timezone) < to;
    date = nextDate(date)
  ) {
    // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
    const weekday = WEEKDAYS[(new Date(`${date}T12:00:00.000Z`).getUTCDay() + 6) % 7] ?? 'Mon';
    for (const time of slotTimesFor(weekday, preferred, schedule.preferred_times_override)) {
      const at = atLocalTime(date, time, timezone);
      if (at >= from && at < to) slots.push({ date, time, at });
    }
  }
  return slots;
}

/** Where something is as the account reads the clock: "YYYY-MM-DDTHH:MM" in its timezone. */
export function localMinute(at: Date, timeZone: string): string {
  return formatInZone(at, timeZone).slice(0, 16);
}

/**
 * The local minutes already occupied: anything with a time but a post already out (a scheduled or failed
 * draft, a posting job, an approval item). Two posts may share a minute; a slot with one is not free.
 */
export function busyMinutes(entries: Iterable<{ kind: string; at: string }>, timeZone: string): Set<string> {
  const busy = new Set<string>();
  for (const entry of entries) {
    if (entry.kind !== 'post') busy.add(localMinute(new Date(entry.at), timeZone));
  }
  return busy;
}

/** Compared by the instant's own local minute, so a slot a DST gap moved (02:30 → 03:30) meets what is at 03:30. */
export function isTaken(slot: PreferredSlot, busy: ReadonlySet<string>, timeZone: string): boolean {
  return busy.has(localMinute(slot.at, timeZone));
}
