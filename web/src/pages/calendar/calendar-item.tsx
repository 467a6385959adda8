// One thing on the calendar: its local time, first words and state, opening where it fits (Draft Studio for a
// draft, the approvals tab for an item, the post on the platform); a scheduled draft or a posting job that has not
// started also has a handle to move it with the pointer, a finger or the keyboard (dnd-kit).
import { useDraggable } from '@dnd-kit/core';
import type { CalendarItem } from '../../../../src/contracts/calendar.js';
import { navigate } from '../../router.js';
import { dayName } from './calendar-dates.js';

export interface Placed {
  item: CalendarItem;
  date: string;
  time: string;
}

const STATE: Record<string, string> = {
  scheduled: 'scheduled',
  queued: 'queued',
  posting: 'posting',
  in_progress: 'posting',
  pending: 'awaiting approval',
  posted: 'posted',
  failed: 'failed',
  partial: 'partly posted',
};

export const describe = (placed: Placed) =>
  `"${placed.item.preview || '(empty)'}" (${STATE[placed.item.status] ?? placed.item.status} ${dayName(placed.date)} ${placed.time})`;

function Opener({ placed }: { placed: Placed }) {
  const { item, time } = placed;
  const preview = item.preview || '(empty)';
  const state = `${STATE[item.status] ?? item.status}${item.card_count > 1 ? `, thread of ${item.card_count}` : ''}${item.content_type === 'reply' ? ', reply' : ''}`;
  // The day is narrow and the words end in an ellipsis on purpose: the title shows them whole.
  const whole = `${time} ${preview} · ${state}`;
  const text = (
    <>
      <time dateTime={item.at}>{time}</time>{' '}
      <span className="cal-preview" dir="auto">
        {preview}
      </span>
      <span className="cal-state"> · {state}</span>
    </>
  );
  if (!item.link)
    return (
      <span className="cal-open" title={whole}>
        {text}
      </span>
    );
  if (item.kind === 'post')
    return (
      <a className="cal-open" href={item.link} target="_blank" rel="noreferrer" title={whole}>
        {text}
      </a>
    );
  const link = item.link;
  return (
    <a
      className="cal-open"
      title={whole}
      href={link}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(link);
      }}
    >
      {text}
    </a>
  );
}

export function ItemChip({ placed }: { placed: Placed }) {
  const { item } = placed;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: item.key,
    data: placed,
    disabled: !item.movable,
  });
  return (
    <li className={`cal-item cal-${item.kind}${isDragging ? ' cal-dragging' : ''}`} ref={setNodeRef}>
      {item.movable ? (
        <button
          type="button"
          className="cal-grip"
          aria-label={`Move ${describe(placed)}`}
          {...listeners}
          {...attributes}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      ) : null}
      <Opener placed={placed} />
    </li>
  );
}

/** What follows the pointer while an item is dragged. */
export function ItemGhost({ placed }: { placed: Placed }) {
  return (
    <div className={`cal-item cal-ghost cal-${placed.item.kind}`}>
      <time dateTime={placed.item.at}>{placed.time}</time> {placed.item.preview || '(empty)'}
    </div>
  );
}
