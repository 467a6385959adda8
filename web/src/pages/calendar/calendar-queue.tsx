// The calendar's queue: the next free preferred slot and the drafts not yet scheduled, each with "Add to queue"
// (the time shown before it is sent). A queued draft appears on its day at once and the next slot moves on.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inZone } from '../../account-time.js';
import { api } from '../../api.js';
import { AddToQueue, NextSlotText } from '../../components/add-to-queue.js';
import { navigate } from '../../router.js';

/** How many unscheduled drafts the queue lists (the most recently edited; the rest are in Draft Studio). */
const LISTED = 10;

export function CalendarQueue({ timezone }: { timezone: string }) {
  const drafts = useQuery({
    queryKey: ['drafts', 'calendar-queue'],
    queryFn: () => api.drafts.list({ group: 'active', sort: 'updated_desc', limit: 50 }),
  });
  const [done, setDone] = useState<string>();
  // An empty draft cannot be posted: it is not offered.
  const ready = (drafts.data?.items ?? []).filter((d) => d.preview.trim() !== '').slice(0, LISTED);
  return (
    <section className="cal-queue" aria-labelledby="cal-queue-title">
      <h2 id="cal-queue-title">Queue</h2>
      <NextSlotText />
      <p role="status" className="cal-notice">
        {done ?? ''}
      </p>
      {drafts.error ? (
        <p role="alert" className="error">
          Could not list the drafts: {(drafts.error as Error).message}
        </p>
      ) : null}
      {drafts.data && ready.length === 0 ? (
        <p className="muted">No unscheduled drafts: write one in Draft Studio.</p>
      ) : null}
      {ready.length > 0 ? (
        <ul className="cal-queue-list" aria-label="Unscheduled drafts">
          {ready.map((draft) => {
            const name = draft.title ?? draft.preview;
            return (
              <li key={draft.id}>
                <a
                  href={`/drafts?id=${draft.id}`}
                  title={name}
                  dir="auto"
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(`/drafts?id=${draft.id}`);
                  }}
                >
                  {name}
                </a>
                <AddToQueue
                  draftId={draft.id}
                  name={`Add "${name}" to queue`}
                  onQueued={(answer) =>
                    setDone(
                      answer.scheduled_for
                        ? `Queued "${name}" for ${inZone(answer.scheduled_for, timezone)} (${timezone})`
                        : `Queued "${name}"`,
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
