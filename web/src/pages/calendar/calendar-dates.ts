// Calendar arithmetic on local dates ("YYYY-MM-DD") in the account's timezone: days are counted on the calendar,
// never as 24 hours, so a move across a DST change keeps its wall-clock time; instants come from the server's
// own zone math (core/domain), so the page and the scheduler agree on what "09:30 on Friday" is.
import { atLocalTime, localDate } from '../../../../src/core/domain/posting-slots.js';
import { formatInZone } from '../../../../src/core/domain/schedule-time.js';

export type View = 'month' | 'week';

/** `date` moved by whole calendar days. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T12:00:00.000Z`).getUTCDay() + 6) % 7;
}

export function mondayOf(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** The days a view shows around `anchor`: six Monday-first weeks for a month, seven days for a week. */
export function daysOf(view: View, anchor: string): string[] {
  const first = view === 'month' ? mondayOf(`${anchor.slice(0, 7)}-01`) : mondayOf(anchor);
  return Array.from({ length: view === 'month' ? 42 : 7 }, (_, i) => addDays(first, i));
}

/** The anchor of the previous or next month or week. */
export function step(view: View, anchor: string, by: 1 | -1): string {
  if (view === 'week') return addDays(anchor, 7 * by);
  const at = new Date(`${anchor.slice(0, 7)}-01T12:00:00.000Z`);
  at.setUTCMonth(at.getUTCMonth() + by);
  return at.toISOString().slice(0, 10);
}

/** Local date and "HH:MM" of an instant in `timeZone`. */
export function localParts(iso: string, timeZone: string): { date: string; time: string } {
  const local = formatInZone(new Date(iso), timeZone);
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** The instant of a local date and time in `timeZone` (DST gaps move forward, as the server reads it). */
export function instantOf(date: string, time: string, timeZone: string): Date {
  return atLocalTime(date, time, timeZone);
}

export function today(timeZone: string, now = new Date()): string {
  return localDate(now, timeZone);
}

const dayNames = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const shortNames = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthNames = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Friday 12 March" (the date itself, not an instant: no zone shift). */
export const dayName = (date: string) => dayNames.format(new Date(`${date}T12:00:00.000Z`));
export const shortDay = (date: string) => shortNames.format(new Date(`${date}T12:00:00.000Z`));
export const monthName = (date: string) =>
  monthNames.format(new Date(`${date.slice(0, 7)}-01T12:00:00.000Z`));

export const isDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`));
