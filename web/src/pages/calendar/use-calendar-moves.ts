// Moving items on the calendar: a drop lands on the day (or week slot) under the pointer or nowhere — a day
// keeps the item's time of day, a slot sets its time; a past day or time refuses with the reason before
// anything is sent; a drop outside every day cancels. One schedule request per move, what a screen reader
// hears, and arrow keys that jump from day to day by the same rule (month: ±1 / ±7 days; week: ±1 day, ↑↓
// through the day's slots).
import {
  type Announcements,
  type AutoScrollOptions,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Calendar } from '../../../../src/contracts/calendar.js';
import { rescheduleItem } from './calendar-api.js';
import { addDays, dayName, instantOf, type View } from './calendar-dates.js';
import { describe, type Placed } from './calendar-item.js';

export interface Notice {
  tone: 'status' | 'alert';
  text: string;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'outside'; text: string }
  | { kind: 'past'; text: string }
  | { kind: 'move'; placed: Placed; date: string; time: string; text: string };

/** The target a drop id names: `day:YYYY-MM-DD` or `slot:YYYY-MM-DD:HH:MM`. */
function targetOf(id: string): { date: string; time?: string } | undefined {
  const match = /^(day|slot):(\d{4}-\d{2}-\d{2})(?::(\d{2}:\d{2}))?$/.exec(id);
  if (!match?.[2]) return undefined;
  return match[3] ? { date: match[2], time: match[3] } : { date: match[2] };
}

function where(target: { date: string; time?: string }): string {
  return target.time ? `the ${target.time} slot on ${dayName(target.date)}` : dayName(target.date);
}

/** Whether dropping `placed` on `target` would land it in the past (the target refuses it). */
export function refuses(
  placed: Placed | undefined,
  target: { date: string; time?: string },
  timezone: string,
): boolean {
  if (!placed) return false;
  const time = target.time ?? placed.time;
  if (target.date === placed.date && time === placed.time) return false;
  return instantOf(target.date, time, timezone).getTime() <= Date.now();
}

/** What dropping `placed` on `overId` does, decided once for the drop and for its announcement. */
function outcome(placed: Placed | undefined, overId: unknown, timezone: string): Outcome {
  if (!placed) return { kind: 'none' };
  const target = typeof overId === 'string' ? targetOf(overId) : undefined;
  if (!target)
    return {
      kind: 'outside',
      text: `Not moved: ${describe(placed)} was dropped outside the calendar's days; nothing was sent.`,
    };
  const time = target.time ?? placed.time;
  if (target.date === placed.date && time === placed.time) return { kind: 'none' };
  const when = `${dayName(target.date)} at ${time} (${timezone})`;
  if (refuses(placed, target, timezone)) {
    return {
      kind: 'past',
      text: `Not moved: ${when} is in the past. Pick a later day or time; nothing was sent.`,
    };
  }
  return { kind: 'move', placed, date: target.date, time, text: `Moved ${describe(placed)} to ${when}.` };
}

/**
 * Pointer drops go to the innermost target under the pointer (a slot inside its day), and to none between or
 * outside the days: never to the nearest one. Keys move the item's centre onto a target's centre: a slot only
 * when it is centred there, else the day around it (so picking an item up never lands on the slot beside it).
 */
const collision: CollisionDetection = (args) => {
  const area = (id: unknown) => {
    const rect = args.droppableRects.get(id as string);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  if (args.pointerCoordinates) return [...pointerWithin(args)].sort((a, b) => area(a.id) - area(b.id));
  const { left, top, width, height } = args.collisionRect;
  const x = left + width / 2;
  const y = top + height / 2;
  const hit = args.droppableContainers.filter((container) => {
    const rect = args.droppableRects.get(container.id);
    if (!rect || x < rect.left || x > rect.left + rect.width || y < rect.top || y > rect.top + rect.height)
      return false;
    const centred =
      Math.abs(rect.left + rect.width / 2 - x) < 2 && Math.abs(rect.top + rect.height / 2 - y) < 2;
    return String(container.id).startsWith('day:') || centred;
  });
  return hit.map((container) => ({ id: container.id })).sort((a, b) => area(a.id) - area(b.id));
};

/**
 * The page scrolls while dragging only with the pointer in a thin band at the window's top or bottom edge.
 * dnd-kit's default band (a fifth of the window, once the pointer has moved toward that edge at all) scrolled
 * the page under a pointer aiming at the bottom row, and the post landed a week later than the cell aimed at.
 */
const AUTO_SCROLL: AutoScrollOptions = { threshold: { x: 0, y: 0.04 }, acceleration: 4 };

function keyboardCoordinates(view: View, slotsOf: (date: string) => string[]): KeyboardCoordinateGetter {
  return (event, { context, currentCoordinates }) => {
    const { active, over, collisionRect, droppableRects } = context;
    const start = active?.data.current as Placed | undefined;
    if (!collisionRect || !start) return undefined;
    const current = targetOf(String(over?.id ?? `day:${start.date}`)) ?? { date: start.date };
    let next: string | undefined;
    const days: Record<string, number> =
      view === 'month'
        ? { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }
        : { ArrowLeft: -1, ArrowRight: 1 };
    const days_ = days[event.code];
    if (days_ !== undefined) next = `day:${addDays(current.date, days_)}`;
    else if (view === 'week' && (event.code === 'ArrowUp' || event.code === 'ArrowDown')) {
      const column = [
        `day:${current.date}`,
        ...slotsOf(current.date).map((t) => `slot:${current.date}:${t}`),
      ];
      const here = Math.max(
        0,
        column.indexOf(current.time ? `slot:${current.date}:${current.time}` : `day:${current.date}`),
      );
      next = column[Math.min(column.length - 1, Math.max(0, here + (event.code === 'ArrowUp' ? -1 : 1)))];
    }
    const rect = next ? droppableRects.get(next) : undefined;
    if (!rect) return undefined;
    event.preventDefault();
    return {
      x: currentCoordinates.x + rect.left + rect.width / 2 - (collisionRect.left + collisionRect.width / 2),
      y: currentCoordinates.y + rect.top + rect.height / 2 - (collisionRect.top + collisionRect.height / 2),
    };
  };
}

export function useCalendarMoves(input: {
  timezone: string;
  view: View;
  queryKey: readonly unknown[];
  slotsOf: (date: string) => string[];
}) {
  const { timezone, view, queryKey } = input;
  const client = useQueryClient();
  const [notice, setNotice] = useState<Notice>();
  const move = useMutation({
    mutationFn: (m: { placed: Placed; date: string; time: string; text: string }) =>
      rescheduleItem(m.placed.item, `${m.date}T${m.time}`),
    onMutate: (m) => {
      // The item shows on its new day at once; the answer (or a failure) settles it.
      const at = instantOf(m.date, m.time, timezone).toISOString();
      client.setQueryData<Calendar>(queryKey, (old) =>
        old ? { ...old, items: old.items.map((i) => (i.key === m.placed.item.key ? { ...i, at } : i)) } : old,
      );
    },
    onSuccess: (_answer, m) => setNotice({ tone: 'status', text: m.text }),
    // No retry: a move that failed is shown as failed, and the item goes back where the server has it.
    onError: (error, m) =>
      setNotice({ tone: 'alert', text: `Could not move ${describe(m.placed)}: ${(error as Error).message}` }),
    onSettled: () => client.invalidateQueries({ queryKey: ['calendar'] }),
  });

  const sensors = useSensors(
    // A finger or a mouse: the handle has touch-action none, so a drag on it never scrolls the page.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates(view, input.slotsOf) }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const result = outcome(active.data.current as Placed | undefined, over?.id, timezone);
    if (result.kind === 'past') setNotice({ tone: 'alert', text: result.text });
    if (result.kind === 'outside') setNotice({ tone: 'status', text: result.text });
    if (result.kind === 'move') move.mutate(result);
  };
  const placedOf = (active: { data: { current?: unknown } }) => active.data.current as Placed | undefined;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const placed = placedOf(active);
      return placed ? `Picked up ${describe(placed)}.` : undefined;
    },
    onDragOver: ({ active, over }) => {
      const target = over ? targetOf(String(over.id)) : undefined;
      const placed = placedOf(active);
      // Its own day, where every drag starts, is not news (and would cut off "Picked up").
      if (!target || (target.date === placed?.date && !target.time)) return undefined;
      return refuses(placed, target, timezone)
        ? `Over ${where(target)}: in the past, it cannot be dropped here.`
        : `Over ${where(target)}.`;
    },
    onDragEnd: ({ active, over }) => {
      const result = outcome(placedOf(active), over?.id, timezone);
      return result.kind === 'none' ? 'Dropped where it was.' : result.text;
    },
    onDragCancel: ({ active }) => {
      const placed = placedOf(active);
      return placed ? `Moving ${describe(placed)} cancelled.` : undefined;
    },
  };
  return {
    notice,
    setNotice,
    dnd: {
      sensors,
      collisionDetection: collision,
      autoScroll: AUTO_SCROLL,
      onDragEnd,
      accessibility: {
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a scheduled post, press Space or Enter on its handle, move it with the arrow keys (left and right a day, up and down a week in the month view or through the slots in the week view), and press Space or Enter again to drop it, or Escape to cancel.',
        },
      },
    },
  };
}
