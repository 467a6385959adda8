// `scheduled_for` parsing: ISO 8601 local date-times read in the account's IANA time zone (DST gaps and overlaps
// resolved), explicit `Z`/offsets taken as given, and the past-with-grace rule. Pure: `now` is passed in.

export type ScheduledForResult = { ok: true; at: Date } | { ok: false; message: string };

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far in the past a scheduled time may be and still be taken (a time typed a moment ago). */
export const SCHEDULE_GRACE_MS = 5 * MINUTE_MS;

/**
 * Reads `scheduled_for`. Without `Z` or an offset the value is wall-clock time in `timeZone` (IANA): a time
 * skipped by a DST change moves forward by the gap (02:30 → 03:30), a repeated one takes the earlier instant.
 * More than `graceMs` before `now` is refused as in the past. Seconds and fractions are optional.
 */
export function parseScheduledFor(
  input: string,
  timeZone: string,
  now: Date,
  graceMs: number = SCHEDULE_GRACE_MS,
): ScheduledForResult {
  const value = input.trim();
  const match = ISO_DATE_TIME.exec(value);
  if (!match) {
    return {
      ok: false,
      message: `scheduled_for "${input}" is not an ISO 8601 date-time (YYYY-MM-DDTHH:MM[:SS[.sss]], optionally Z or ±hh:mm)`,
    };
  }
  const [, y, mo, d, h, mi, s = '0', frac = '', zulu, sign, offH, offM] = match;
  const fields = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    // Sub-millisecond digits are dropped: Date cannot hold them.
    millisecond: Number(frac.padEnd(3, '0').slice(0, 3)),
  };
  if (fields.month < 1 || fields.month > 12 || fields.day < 1 || fields.day > daysInMonth(fields)) {
    return { ok: false, message: `scheduled_for "${input}" is not a real date` };
  }
  if (fields.hour > 23 || fields.minute > 59 || fields.second > 59) {
    return { ok: false, message: `scheduled_for "${input}" is not a real time of day` };
  }
  const wall = wallClockMs(fields);

  let at: number;
  if (zulu) {
    at = wall;
  } else if (sign) {
    const hours = Number(offH);
    const minutes = Number(offM);
    if (hours > 23 || minutes > 59) {
      return { ok: false, message: `scheduled_for "${input}" has an impossible UTC offset` };
    }
    at = wall - (sign === '-' ? -1 : 1) * (hours * 60 + minutes) * MINUTE_MS;
  } else {
    const zone = zoneFormatter(timeZone);
    if (!zone) return { ok: false, message: `unknown time zone "${timeZone}"` };
    at = zonedToInstant(wall, zone);
  }

  if (now.getTime() - at > graceMs) return { ok: false, message: 'scheduled_for is in the past' };
  return { ok: true, at: new Date(at) };
}

/**
 * `date` as naive wall-clock time in `timeZone`, `YYYY-MM-DDTHH:MM:SS` (what responses and the UI show next to
 * the zone name). Throws a RangeError for an invalid date or an unknown time zone.
 */
export function formatInZone(date: Date, timeZone: string): string {
  const zone = zoneFormatter(timeZone);
  if (!zone) throw new RangeError(`unknown time zone "${timeZone}"`);
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid date');
  const f = wallClockFields(date.getTime(), zone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall-clock fields read as if they were UTC, in epoch milliseconds (years below 100 included). */
function wallClockMs(f: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(f.year, f.month - 1, f.day);
  date.setUTCHours(f.hour, f.minute, f.second, f.millisecond);
  return date.getTime();
}

function daysInMonth(f: { year: number; month: number }): number {
  const leap = (f.year % 4 === 0 && f.year % 100 !== 0) || f.year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][f.month - 1] ?? 0;
}

/**
 * The instant whose wall clock in the zone reads `wall`. Offsets are sampled a day either side (zones change
 * offset at most once a day): each that maps back onto `wall` is a candidate; two means a repeated hour (take
 * the earlier), none means a skipped one (use the offset from before the change, which moves it forward).
 */
function zonedToInstant(wall: number, zone: Intl.DateTimeFormat): number {
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => instant + offsetAt(instant, zone) === wall);
  return candidates.length > 0 ? Math.min(...candidates) : wall - before;
}

/** The zone's UTC offset at `instant`, in milliseconds (east positive). */
function offsetAt(instant: number, zone: Intl.DateTimeFormat): number {
  // Intl drops milliseconds, so compare against the instant floored to its second.
  const floored = instant - (((instant % 1000) + 1000) % 1000);
  return wallClockMs(wallClockFields(floored, zone)) - floored;
}

function wallClockFields(instant: number, zone: Intl.DateTimeFormat): WallClock {
  const parts: Record<string, number> = {};
  for (const part of zone.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines print midnight as "24" even in the h23 cycle.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: 0,
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per valid zone (building them is slow); `undefined` for a zone Intl does not know. */
function zoneFormatter(timeZone: string): Intl.DateTimeFormat | undefined {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Unknown zones are not cached, so garbage input cannot grow the map.
    formatters.set(timeZone, formatter);
    return formatter;
  } catch {
    return undefined;
  }
}
