// A day of the calendar as a drop target (dropping there keeps the item's time of day): a month cell with its
// first items, or a week column with the day's preferred slots (each a drop target that sets that time) between
// the items in time order. A target the dragged item would reach only in the past is marked as refusing it.
// A free slot still ahead offers a new post at that time.
import { useDroppable } from '@dnd-kit/core';
import type { CalendarSlot } from '../../../../src/contracts/calendar.js';
import { Button } from '../../ui/button.js';
import { dayName } from './calendar-dates.js';
import { ItemChip, type Placed } from './calendar-item.js';
import { refuses } from './use-calendar-moves.js';

/** The outline of a target under a dragged item: the drop it would take, or the refusal. */
function overClass(
  isOver: boolean,
  active: { data: { current?: unknown } } | null,
  target: { date: string; time?: string },
  timezone: string,
): string {
  if (!isOver) return '';
  return refuses(active?.data.current as Placed | undefined, target, timezone) ? ' cal-refused' : ' cal-over';
}

/** How many items a month cell lists before "+N more" (the week view lists all). */
const MONTH_CELL_ITEMS = 3;

export interface DayProps {
  date: string;
  timezone: string;
  items: Placed[];
  slots: CalendarSlot[];
  /** The first free slot still ahead, when there is one. */
  nextFree?: CalendarSlot;
  past: boolean;
  outside?: boolean;
  isToday: boolean;
  onNew: (date: string, slot?: CalendarSlot) => void;
  onMore?: (date: string) => void;
}

function NewButton({
  date,
  slot,
  past,
  onNew,
}: Pick<DayProps, 'date' | 'past' | 'onNew'> & { slot?: CalendarSlot }) {
  if (past) return null;
  const label = slot
    ? `New post on ${dayName(date)} at ${slot.time} (next free slot)`
    : `New draft for ${dayName(date)} (no free slot left)`;
  return (
    <button
      type="button"
      className="cal-new quiet"
      aria-label={label}
      title={label}
      onClick={() => onNew(date, slot)}
    >
      +
    </button>
  );
}

export function MonthDay(props: DayProps) {
  const { date, timezone, items, past, outside, isToday, nextFree, onNew, onMore } = props;
  const { setNodeRef, isOver, active } = useDroppable({ id: `day:${date}` });
  const hidden = items.length - MONTH_CELL_ITEMS;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a day is a named group of posts, not a form (no fieldset).
    <div
      ref={setNodeRef}
      role="group"
      aria-label={dayName(date)}
      className={`cal-day${outside ? ' cal-outside' : ''}${past ? ' cal-past' : ''}${overClass(isOver, active, { date }, timezone)}`}
    >
      <div className="cal-day-head">
        <span className={isToday ? 'cal-today' : undefined} aria-current={isToday ? 'date' : undefined}>
          {Number(date.slice(8, 10))}
        </span>
        <NewButton date={date} slot={nextFree} past={past} onNew={onNew} />
      </div>
      {items.length > 0 ? (
        <ul className="cal-items">
          {items.slice(0, MONTH_CELL_ITEMS).map((placed) => (
            <ItemChip key={placed.item.key} placed={placed} />
          ))}
        </ul>
      ) : null}
      {hidden > 0 ? (
        <button type="button" className="cal-more quiet" onClick={() => onMore?.(date)}>
          +{hidden} more
        </button>
      ) : null}
    </div>
  );
}

function SlotRow({
  date,
  timezone,
  slot,
  past,
  onNew,
}: {
  date: string;
  timezone: string;
  slot: CalendarSlot;
  past: boolean;
  onNew: DayProps['onNew'];
}) {
  const { setNodeRef, isOver, active } = useDroppable({ id: `slot:${date}:${slot.time}` });
  const ahead = !past && Date.parse(slot.at) > Date.now();
  return (
    <li
      ref={setNodeRef}
      className={`cal-slot${slot.taken ? ' cal-taken' : ''}${overClass(isOver, active, { date, time: slot.time }, timezone)}`}
    >
      <span>
        {slot.time} slot{slot.taken ? ' · taken' : ahead ? '' : ' · passed'}
      </span>
      {ahead && !slot.taken ? (
        <Button variant="secondary" onClick={() => onNew(date, slot)}>
          <span className="cal-hidden">New post on {dayName(date)} at </span>
          {slot.time}
          <span aria-hidden="true"> +</span>
        </Button>
      ) : null}
    </li>
  );
}

export function WeekDay(props: DayProps) {
  const { date, timezone, items, slots, past, isToday, nextFree, onNew } = props;
  const { setNodeRef, isOver, active } = useDroppable({ id: `day:${date}` });
  const rows = [
    ...slots.map((slot) => ({ time: slot.time, slot })),
    ...items.map((placed) => ({ time: placed.time, placed })),
  ].sort((a, b) => (a.time === b.time ? ('slot' in a ? -1 : 1) : a.time < b.time ? -1 : 1));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a day is a named group of posts, not a form (no fieldset).
    <div
      ref={setNodeRef}
      role="group"
      aria-label={dayName(date)}
      className={`cal-day cal-week-day${past ? ' cal-past' : ''}${overClass(isOver, active, { date }, timezone)}`}
    >
      <div className="cal-day-head">
        <span className={isToday ? 'cal-today' : undefined} aria-current={isToday ? 'date' : undefined}>
          {dayName(date)}
        </span>
        <NewButton date={date} slot={nextFree} past={past} onNew={onNew} />
      </div>
      <ul className="cal-items">
        {rows.map((row) =>
          'slot' in row && row.slot ? (
            <SlotRow
              key={`slot-${row.time}`}
              date={date}
              timezone={timezone}
              slot={row.slot}
              past={past}
              onNew={onNew}
            />
          ) : 'placed' in row && row.placed ? (
            <ItemChip key={row.placed.item.key} placed={row.placed} />
          ) : null,
        )}
      </ul>
    </div>
  );
}
