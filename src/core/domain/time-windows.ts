// Look-back windows for the analytics tools ("the last 7 days", "the last 24 hours", "today in the
// account's timezone") and when a sliding-window cap frees its next slot. Pure: `now` comes in.
import { WEEKDAYS } from '../../contracts/config/common.js';
import { localHourAndDay } from './active-hours.js';

const HOUR_MS = 3_600_000;

export interface TimeWindow {
  since: Date;
  until: Date;
  /** Length of the window in hours (what the tools report as window_hours). */
  hours: number;
}

/** The window ending at `now`: `since_hours` when given, else `days` (whole days), else `defaultDays`. */
export function lookbackWindow(
  now: Date,
  lookback: { days?: number; since_hours?: number },
  defaultDays: number,
): TimeWindow {
  const hours = lookback.since_hours ?? (lookback.days ?? defaultDays) * 24;
  return { since: new Date(now.getTime() - hours * HOUR_MS), until: now, hours };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * The last answers of wallClock, by zone and instant: a guard check reads the same day and week windows
 * several times for one `now` (formatToParts is the cost). Bounded; started again when full.
 */
const wallClocks = new Map<string, { ms: number; date: string }>();

/** Wall-clock time of `at` in `timeZone`, read as if it were UTC (epoch ms), plus its calendar date. */
function wallClock(at: Date, timeZone: string): { ms: number; date: string } {
  const key = `${timeZone}|${at.getTime()}`;
  const known = wallClocks.get(key);
  if (known) return known;
  const wall = readWallClock(at, timeZone);
  if (wallClocks.size >= 256) wallClocks.clear();
  wallClocks.set(key, wall);
  return wall;
}

function readWallClock(at: Date, timeZone: string): { ms: number; date: string } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const [y, m, d] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  const ms =
    Date.UTC(y, m - 1, d, Number(parts.hour) % 24, Number(parts.minute), Number(parts.second)) +
    at.getUTCMilliseconds();
  return { ms, date: `${parts.year}-${parts.month}-${parts.day}` };
}

/**
 * Midnight that began the calendar day of `now` in `timeZone` (an unknown zone counts as UTC), with the
 * local date. A DST change earlier that day is corrected by a second pass.
 */
export function startOfLocalDay(
  now: Date,
  timeZone: string,
): { start: Date; date: string; timeZone: string } {
  let zone = timeZone;
  try {
    formatter(zone);
  } catch {
    zone = 'UTC';
  }
  const today = wallClock(now, zone);
  const midnight = Date.parse(`${today.date}T00:00:00.000Z`);
  let start = now.getTime() - (today.ms - midnight);
  for (let pass = 0; pass < 2; pass++) {
    const off = wallClock(new Date(start), zone).ms - midnight;
    if (off === 0) break;
    start -= off;
  }
  return { start: new Date(start), date: today.date, timeZone: zone };
}

const DAY_MS = 86_400_000;

/**
 * Where the automation caps start counting (DECISIONS, Autopilot): the calendar day and the ISO week
 * (Monday start) of `now` in the account's timezone — not rolling 24 h / 7 d windows.
 */
export function capWindows(now: Date, timeZone: string): { dayStart: Date; weekStart: Date } {
  const day = startOfLocalDay(now, timeZone);
  const back = Math.max(0, WEEKDAYS.indexOf(localHourAndDay(now, day.timeZone).day));
  // Noon of the local Monday is on that Monday whatever DST did in between; its midnight starts the week.
  const monday = startOfLocalDay(new Date(day.start.getTime() - back * DAY_MS + DAY_MS / 2), day.timeZone);
  return { dayStart: day.start, weekStart: monday.start };
}

/** When the current cap windows end: the next local midnight and the next local Monday midnight. */
export function capWindowEnds(now: Date, timeZone: string): { dayEnd: Date; weekEnd: Date } {
  const { dayStart, weekStart } = capWindows(now, timeZone);
  // Noon of the next day (or of the next week's Monday) is in it whatever DST does.
  const dayEnd = capWindows(new Date(dayStart.getTime() + DAY_MS + DAY_MS / 2), timeZone).dayStart;
  const weekEnd = capWindows(new Date(weekStart.getTime() + 7 * DAY_MS + DAY_MS / 2), timeZone).dayStart;
  return { dayEnd, weekEnd };
}

/**
 * When a sliding-window cap frees a slot: the oldest counted event leaves the window `periodSeconds`
 * after it happened. Undefined when nothing is counted (nothing to wait for).
 */
export function slotFreesAt(oldest: Date | undefined, periodSeconds: number): Date | undefined {
  return oldest ? new Date(oldest.getTime() + periodSeconds * 1000) : undefined;
}

/** The calendar month of `now` so far, from local midnight of the 1st in `timeZone` (noon of the 1st is on it whatever DST did). */
export function monthToDate(now: Date, timeZone: string): TimeWindow {
  const day = startOfLocalDay(now, timeZone);
  const back = Number(day.date.slice(8, 10)) - 1;
  const first = startOfLocalDay(new Date(day.start.getTime() - back * DAY_MS + DAY_MS / 2), day.timeZone);
  return { since: first.start, until: now, hours: (now.getTime() - first.start.getTime()) / 3_600_000 };
}

/** A window as the tools report it. */
export function describeWindow(window: TimeWindow): { since: string; until: string; window_hours: number } {
  return {
    since: window.since.toISOString(),
    until: window.until.toISOString(),
    window_hours: window.hours,
  };
}

// An optional `hours` look-back as its start instant; undefined when the caller gave none.
export function hoursAgo(now: Date, hours: number | undefined): Date | undefined {
  return hours === undefined ? undefined : new Date(now.getTime() - hours * 3_600_000);
}
