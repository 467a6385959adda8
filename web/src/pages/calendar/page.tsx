// Calendar (/calendar): month and week views of what is scheduled, queued and posted, in the account's timezone
// (labelled); scheduled drafts move by drag (mouse, touch, keyboard) in one request keeping their time of day,
// never onto a past time; the week view shows the preferred slots; a day's "+" opens a new draft planned for its
// next free slot in Draft Studio; below, the queue puts an unscheduled draft in the next free slot. View and
// date live in the URL.
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CalendarSlot } from '../../../../src/contracts/calendar.js';
import { useTimezone } from '../../account-time.js';
import { requestCaret } from '../../components/caret-request.js';
import { navigate, useLocation } from '../../router.js';
import { createPlannedDraft, readCalendar } from './calendar-api.js';
import {
  addDays,
  dayName,
  daysOf,
  instantOf,
  isDate,
  localParts,
  monthName,
  shortDay,
  step,
  today,
  type View,
} from './calendar-dates.js';
import { MonthDay, WeekDay } from './calendar-day.js';
import { ItemGhost, type Placed } from './calendar-item.js';
import { CalendarQueue } from './calendar-queue.js';
import { useCalendarMoves } from './use-calendar-moves.js';
import './calendar.css';
import { Button } from '../../ui/button.js';
import { PageHeader } from '../../ui/page-header.js';
import { Toolbar } from '../../ui/toolbar.js';

const WEEKDAY_HEADS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function CalendarBody({ timezone, view, anchor }: { timezone: string; view: View; anchor: string }) {
  const days = useMemo(() => daysOf(view, anchor), [view, anchor]);
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  const from = instantOf(first, '00:00', timezone);
  const to = instantOf(addDays(last, 1), '00:00', timezone);
  const queryKey = ['calendar', timezone, from.toISOString(), to.toISOString()] as const;
  const calendar = useQuery({ queryKey, queryFn: () => readCalendar(from, to) });

  const { byDay, slotsByDay } = useMemo(() => {
    const byDay = new Map<string, Placed[]>();
    const slotsByDay = new Map<string, CalendarSlot[]>();
    for (const item of calendar.data?.items ?? []) {
      const { date, time } = localParts(item.at, timezone);
      const list = byDay.get(date);
      if (list) list.push({ item, date, time });
      else byDay.set(date, [{ item, date, time }]);
    }
    for (const slot of calendar.data?.slots ?? []) {
      const list = slotsByDay.get(slot.date);
      if (list) list.push(slot);
      else slotsByDay.set(slot.date, [slot]);
    }
    return { byDay, slotsByDay };
  }, [calendar.data, timezone]);

  const slotsOf = (date: string) => (slotsByDay.get(date) ?? []).map((s) => s.time);
  const { notice, setNotice, dnd } = useCalendarMoves({ timezone, view, queryKey, slotsOf });
  const [dragged, setDragged] = useState<Placed>();
  const planned = useMutation({
    mutationFn: async ({ date, slot }: { date: string; slot?: CalendarSlot }) => {
      const when = slot ? `${dayName(date)} at ${slot.time} ${timezone}` : dayName(date);
      const draft = await createPlannedDraft(
        slot
          ? `Planned from the calendar for ${when} (the next free preferred slot). Schedule it there once written.`
          : `Planned from the calendar for ${when} (no free preferred slot left that day).`,
      );
      return { draft, at: slot ? `${date}T${slot.time}` : undefined };
    },
    // Writing goes through Draft Studio (spec): the new server draft opens there, with the planned time.
    onSuccess: ({ draft, at }) => {
      requestCaret(draft.id);
      navigate(`/drafts?id=${draft.id}${at ? `&at=${at}` : ''}`);
    },
    onError: (error) =>
      setNotice({ tone: 'alert', text: `Could not create the draft: ${(error as Error).message}` }),
  });

  const now = Date.now();
  const todayDate = today(timezone);
  const month = anchor.slice(0, 7);
  const go = (nextView: View, date: string) => navigate(`/calendar?view=${nextView}&date=${date}`);

  return (
    <>
      <div className="cal-bar">
        <Toolbar label="Move through the calendar">
          <Button variant="secondary" onClick={() => go(view, step(view, anchor, -1))}>
            {view === 'month' ? 'Previous month' : 'Previous week'}
          </Button>
          <Button variant="secondary" onClick={() => go(view, todayDate)}>
            Today
          </Button>
          <Button variant="secondary" onClick={() => go(view, step(view, anchor, 1))}>
            {view === 'month' ? 'Next month' : 'Next week'}
          </Button>
        </Toolbar>
        <h2 className="cal-title">{view === 'month' ? monthName(anchor) : `Week of ${shortDay(first)}`}</h2>
        <fieldset className="cal-views">
          <legend className="cal-hidden">View</legend>
          {(['month', 'week'] as const).map((v) => (
            <Button key={v} aria-pressed={view === v} onClick={() => go(v, anchor)}>
              {v === 'month' ? 'Month' : 'Week'}
            </Button>
          ))}
        </fieldset>
      </div>
      <p className="muted cal-zone">
        Times in {timezone}
        {calendar.data
          ? calendar.data.slot_source === 'auto'
            ? ' · suggested slots 09:15, 12:30, 17:00 ([schedule] preferred_times is not set)'
            : ' · slots from [schedule] preferred_times'
          : ''}
      </p>
      <p role="status" className="cal-notice">
        {notice?.tone === 'status' ? notice.text : ''}
      </p>
      <p role="alert" className="error cal-notice">
        {notice?.tone === 'alert' ? notice.text : ''}
      </p>
      {calendar.error ? (
        <p role="alert" className="error">
          Could not read the calendar: {(calendar.error as Error).message}. Check that the service is running,
          then reload the page.
        </p>
      ) : null}
      {calendar.data?.truncated ? (
        <p className="muted">Only the first 2,000 items of this range are shown: switch to the week view.</p>
      ) : null}
      {calendar.data ? (
        <DndContext
          {...dnd}
          onDragStart={({ active }) => setDragged(active.data.current as Placed)}
          onDragCancel={() => setDragged(undefined)}
          onDragEnd={(event) => {
            setDragged(undefined);
            dnd.onDragEnd(event);
          }}
        >
          <section
            className={`cal-grid cal-${view}`}
            aria-label={view === 'month' ? monthName(anchor) : `Week of ${dayName(first)}`}
          >
            {WEEKDAY_HEADS.map((head) => (
              <div key={head} className="cal-head" aria-hidden="true">
                {head}
              </div>
            ))}
            {days.map((date) => {
              const slots = slotsByDay.get(date) ?? [];
              const props = {
                date,
                timezone,
                items: byDay.get(date) ?? [],
                slots,
                nextFree: slots.find((s) => !s.taken && Date.parse(s.at) > now),
                past: instantOf(addDays(date, 1), '00:00', timezone).getTime() <= now,
                isToday: date === todayDate,
                onNew: (d: string, slot?: CalendarSlot) => planned.mutate({ date: d, slot }),
              };
              return view === 'month' ? (
                <MonthDay
                  key={date}
                  {...props}
                  outside={date.slice(0, 7) !== month}
                  onMore={(d) => go('week', d)}
                />
              ) : (
                <WeekDay key={date} {...props} />
              );
            })}
          </section>
          <DragOverlay>{dragged ? <ItemGhost placed={dragged} /> : null}</DragOverlay>
        </DndContext>
      ) : null}
      <CalendarQueue timezone={timezone} />
    </>
  );
}

export default function CalendarPage() {
  const { timezone, error } = useTimezone();
  const { params } = useLocation();
  const view: View = params.get('view') === 'week' ? 'week' : 'month';
  const date = params.get('date');
  return (
    <main className="page calendar">
      <PageHeader
        title="Calendar"
        description={timezone ? `What is scheduled and posted, in ${timezone}.` : undefined}
      />
      {error ? (
        <p role="alert" className="error">
          Could not read the account's timezone ({error.message}): the calendar needs it to place posts.
          Reload the page once the service answers.
        </p>
      ) : timezone ? (
        <CalendarBody timezone={timezone} view={view} anchor={isDate(date) ? date : today(timezone)} />
      ) : null}
    </main>
  );
}
