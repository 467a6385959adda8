// When the autopilot may post (reference §d.9): the day's preferred slots in the account's timezone ("auto"
// = 09:15, 12:30, 17:00; a weekday override replaces them, an empty override means no posts that day), each
// moved by up to ±15 minutes of jitter, and the weekly thread slot. Pure: `now` and the jitter come in.
import type { Weekday } from '../../contracts/config/common.js';
import { formatInZone, parseScheduledFor } from './schedule-time.js';
import { capWindows, startOfLocalDay } from './time-windows.js';

export const AUTO_SLOT_TIMES = ['09:15', '12:30', '17:00'] as const;
/** Largest move of a slot either way. */
export const SLOT_JITTER_MS = 15 * 60_000;

const WEEKDAY_ORDER: readonly Weekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The day's slot times, "HH:MM" ascending without repeats: the weekday's override, else the preferred times. */
export function slotTimesFor(
  day: Weekday,
  preferred: readonly string[],
  override: Partial<Record<Weekday, readonly string[]>>,
): string[] {
  const times = override[day] ?? preferred.flatMap((t) => (t === 'auto' ? [...AUTO_SLOT_TIMES] : [t]));
  return [...new Set(times)].sort();
}

/** The instant a local date and time ("YYYY-MM-DD", "HH:MM") names in `timeZone` (an unknown zone is UTC). */
export function atLocalTime(date: string, time: string, timeZone: string): Date {
  const local = `${date}T${time}`;
  const read = parseScheduledFor(local, timeZone, new Date(0), Number.POSITIVE_INFINITY);
  if (read.ok) return read.at;
  return new Date(`${local}:00.000Z`);
}

/** One jitter per slot, uniform in ±15 minutes, one draw of `random` each. */
export function drawSlotOffsets(count: number, random: () => number): number[] {
  return Array.from({ length: count }, () => Math.round((random() * 2 - 1) * SLOT_JITTER_MS));
}

export interface Slot {
  time: string;
  at: Date;
}

/**
 * Today's slots with their jitter applied, in time order: the last one that has come (`due`) and the first
 * still ahead (`next`). Offsets missing for a slot count as 0.
 */
export function slotsToday(input: {
  now: Date;
  date: string;
  times: readonly string[];
  offsets: readonly number[];
  timeZone: string;
}): { due?: Slot; next?: Slot } {
  const slots = input.times
    .map((time, i) => ({
      time,
      at: new Date(atLocalTime(input.date, time, input.timeZone).getTime() + (input.offsets[i] ?? 0)),
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const now = input.now.getTime();
  const come = slots.filter((s) => s.at.getTime() <= now);
  return { due: come[come.length - 1], next: slots.find((s) => s.at.getTime() > now) };
}

/** The local calendar date of `now` in `timeZone`, "YYYY-MM-DD". */
export function localDate(now: Date, timeZone: string): string {
  return startOfLocalDay(now, timeZone).date;
}

/** "YYYY-MM-DD" moved by whole days. */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** This ISO week's (Monday start, in `timeZone`) instant of `day` at `time`. */
export function weeklySlot(now: Date, timeZone: string, day: Weekday, time: string): Date {
  const { weekStart } = capWindows(now, timeZone);
  // Noon of the local Monday is on that Monday whatever DST did in between.
  const monday = localDate(new Date(weekStart.getTime() + 12 * 3_600_000), timeZone);
  return atLocalTime(addDays(monday, WEEKDAY_ORDER.indexOf(day)), time, timeZone);
}

/** `at` as the account reads it, e.g. `2026-11-24T10:00 Europe/Berlin` (an unknown zone: ISO UTC). */
export function localLabel(at: Date, timeZone: string): string {
  try {
    return `${formatInZone(at, timeZone).slice(0, 16)} ${timeZone}`;
  } catch {
    return at.toISOString();
  }
}
