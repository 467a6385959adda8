// The queue's one question: the first preferred slot still free, by the calendar's own rules (calendar-slots.ts:
// the slots of each local day in the account's timezone, taken when a draft, job or approval item is at that
// minute). Offered slots are more than the scheduling grace ahead: one that close would pass while the user
// reads the confirmation and then go out at once instead of at its time. Active hours are not consulted: a
// preferred slot outside them is still a time the user chose (the calendar shows it the same way).
import { NEXT_SLOT_HORIZON_DAYS, type NextSlot } from '../../../contracts/calendar.js';
import {
  busyMinutes,
  isTaken,
  localMinute,
  type PreferredSlot,
  preferredSlots,
  type SlotSchedule,
  slotSourceOf,
} from '../../domain/calendar-slots.js';
import { SCHEDULE_GRACE_MS } from '../../domain/schedule-time.js';
import type { CalendarStore } from '../../ports/calendar-store.js';
import type { Clock } from '../../ports/clock.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Entries read per step of the search: a week holds far fewer; a step that fills it goes on from its last. */
const ENTRIES_PER_STEP = 1000;

const floorMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

export interface NextSlotDeps {
  /** The account's calendar (everything here is scoped to the account the store belongs to). */
  store: CalendarStore;
  schedule: () => SlotSchedule;
  clock: Clock;
}

/** The earliest instant a queued slot may be: now plus the scheduling grace (slots must be strictly later). */
export function queueFloor(now: Date): Date {
  return new Date(now.getTime() + SCHEDULE_GRACE_MS);
}

/**
 * The first preferred slot strictly after `after` that nothing occupies, looking `NEXT_SLOT_HORIZON_DAYS`
 * ahead; undefined when every slot in that time is taken or there are none (every weekday overridden empty).
 */
export async function nextFreeSlot(
  deps: Pick<NextSlotDeps, 'store' | 'schedule'>,
  input: { after: Date },
): Promise<PreferredSlot | undefined> {
  const schedule = deps.schedule();
  const end = input.after.getTime() + NEXT_SLOT_HORIZON_DAYS * DAY_MS;
  let from = input.after.getTime();
  while (from < end) {
    const to = Math.min(from + 7 * DAY_MS, end);
    // A slot's minute runs a minute past it: read that far so something at 09:15:30 takes a 09:15 slot at the edge.
    const entries = await deps.store.entries({
      from: new Date(from),
      to: new Date(to + MINUTE_MS),
      limit: ENTRIES_PER_STEP,
    });
    // A full page may stop inside the window: slots are known free or taken only before the last entry's minute.
    // (A minute holding a whole page is taken: the search goes on from the minute after it.)
    const last = entries.at(-1);
    const known =
      entries.length < ENTRIES_PER_STEP || !last
        ? to
        : Math.max(floorMinute(Date.parse(last.at)), floorMinute(from) + MINUTE_MS);
    const busy = busyMinutes(entries, schedule.timezone);
    const free = preferredSlots(schedule, new Date(from), new Date(Math.min(known, to))).find(
      (slot) => slot.at > input.after && !isTaken(slot, busy, schedule.timezone),
    );
    if (free) return free;
    from = Math.min(known, to);
  }
  return undefined;
}

/** `nextFreeSlot` from now, as calendar.next_slot answers it. */
export async function readNextSlot(deps: NextSlotDeps): Promise<NextSlot> {
  const schedule = deps.schedule();
  const slot = await nextFreeSlot(deps, { after: queueFloor(deps.clock.now()) });
  return toNextSlot(schedule, slot);
}

export function toNextSlot(schedule: SlotSchedule, slot: PreferredSlot | undefined): NextSlot {
  return {
    at: slot ? slot.at.toISOString() : null,
    date: slot ? slot.date : null,
    time: slot ? slot.time : null,
    timezone: schedule.timezone,
    slot_source: slotSourceOf(schedule),
    horizon_days: NEXT_SLOT_HORIZON_DAYS,
  };
}

/**
 * Whether `at` is a preferred slot strictly after `after` with nothing at its minute but `except` (the draft
 * being queued there again: a repeated request finds its own earlier answer, not a rival).
 */
export async function isFreeSlot(
  deps: Pick<NextSlotDeps, 'store' | 'schedule'>,
  at: Date,
  input: { after: Date; except?: { kind: string; id: string } },
): Promise<boolean> {
  if (at <= input.after) return false;
  const schedule = deps.schedule();
  const slot = preferredSlots(schedule, at, new Date(at.getTime() + 1)).find(
    (s) => s.at.getTime() === at.getTime(),
  );
  if (!slot) return false;
  const minute = localMinute(at, schedule.timezone);
  const entries = await deps.store.entries({
    from: at,
    to: new Date(at.getTime() + MINUTE_MS),
    limit: ENTRIES_PER_STEP,
  });
  const others = entries.filter(
    (entry) => !(input.except && entry.kind === input.except.kind && entry.id === input.except.id),
  );
  return !busyMinutes(others, schedule.timezone).has(minute);
}
