// The calendar's read: what is scheduled, queued and posted in a range, each with where it opens and whether it
// can be moved, plus each local day's preferred posting slots (the autopilot's own slot rules) marked taken when
// something is already at that minute (calendar-slots.ts: the queue's next free slot follows the same rules).
import {
  CALENDAR_MAX_DAYS,
  type Calendar,
  type CalendarInput,
  type CalendarItem,
} from '../../../contracts/calendar.js';
import {
  busyMinutes,
  isTaken,
  preferredSlots,
  type SlotSchedule,
  slotSourceOf,
} from '../../domain/calendar-slots.js';
import { AppError } from '../../errors.js';
import type { CalendarEntry, CalendarStore } from '../../ports/calendar-store.js';

const DAY_MS = 86_400_000;
/** Items returned at most; a month of 500 fits four times over. */
export const CALENDAR_ITEM_LIMIT = 2000;

export interface ReadCalendarDeps {
  store: CalendarStore;
  schedule: () => SlotSchedule;
  /** Where a post opens on the platform. */
  statusUrl: (tweetId: string) => string;
}

function instant(text: string, field: 'from' | 'to'): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime()))
    throw new AppError('validation_error', `${field}: "${text}" is not an ISO 8601 instant`);
  return at;
}

function flatten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

const APPROVAL_TAB: Record<string, string> = {
  pending: 'pending',
  approved: 'approved',
  posting: 'approved',
};

function linkOf(entry: CalendarEntry, statusUrl: ReadCalendarDeps['statusUrl']): string | null {
  if (entry.kind === 'draft') return `/drafts?id=${entry.id}`;
  if (entry.kind === 'approval') return `/approvals?tab=${APPROVAL_TAB[entry.status] ?? 'pending'}`;
  if (entry.kind === 'post') return statusUrl(entry.id);
  // A job made by compose, an agent or a loop has no page of its own.
  return null;
}

function toItem(entry: CalendarEntry, statusUrl: ReadCalendarDeps['statusUrl']): CalendarItem {
  return {
    key: `${entry.kind}:${entry.id}`,
    kind: entry.kind,
    id: entry.id,
    preview: flatten(entry.text),
    content_type: entry.content_type,
    card_count: entry.card_count,
    at: new Date(entry.at).toISOString(),
    status: entry.status,
    source: entry.source,
    link: linkOf(entry, statusUrl),
    // Scheduling a scheduled draft again moves it in one call; a job that has not started moves through
    // posting.reschedule; approval items and posts do not move.
    movable:
      (entry.kind === 'draft' && entry.status === 'scheduled') || (entry.kind === 'job' && entry.movable),
  };
}

/** Everything in [from, to) with the preferred slots of each local day it touches. */
export async function readCalendar(deps: ReadCalendarDeps, input: CalendarInput): Promise<Calendar> {
  const from = instant(input.from, 'from');
  const to = instant(input.to, 'to');
  if (to <= from) throw new AppError('validation_error', 'to must be after from');
  if (to.getTime() - from.getTime() > CALENDAR_MAX_DAYS * DAY_MS) {
    throw new AppError('validation_error', `the range may span at most ${CALENDAR_MAX_DAYS} days`);
  }
  const schedule = deps.schedule();
  const timezone = schedule.timezone;
  const entries = await deps.store.entries({ from, to, limit: CALENDAR_ITEM_LIMIT + 1 });
  const items = entries.slice(0, CALENDAR_ITEM_LIMIT).map((entry) => toItem(entry, deps.statusUrl));

  const busy = busyMinutes(items, timezone);
  const slots = preferredSlots(schedule, from, to).map((slot) => ({
    date: slot.date,
    time: slot.time,
    at: slot.at.toISOString(),
    taken: isTaken(slot, busy, timezone),
  }));
  return {
    timezone,
    from: from.toISOString(),
    to: to.toISOString(),
    items,
    truncated: entries.length > CALENDAR_ITEM_LIMIT,
    slots,
    slot_source: slotSourceOf(schedule),
  };
}
