// Publishing the open draft: now (to the approval queue when approval mode is on: the answer says which),
// into the next free preferred slot (Add to queue, the slot always shown), at a time in the account's timezone
// (always labelled), rescheduled or unscheduled. The editor's pending text is saved first, so what goes out is
// what is on screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MutableRefObject, useEffect, useState } from 'react';
import type { Draft } from '../../../../src/contracts/drafts.js';
import type { PostWarning } from '../../../../src/contracts/post-warnings.js';
import { inZone, useTimezone } from '../../account-time.js';
import { api } from '../../api.js';
import { AddToQueue, NextSlotText } from '../../components/add-to-queue.js';
import { PostWarnings } from '../../components/post-warnings.js';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';

type Submitted = {
  status: 'queued_for_approval' | 'scheduled' | 'queued';
  draft: Draft;
  scheduled_for: string | null;
  /** The post repeats a recent or waiting one (it went on its way all the same). */
  warnings?: PostWarning[];
};

const OUTCOME: Record<Submitted['status'], string> = {
  queued_for_approval: 'Queued for approval',
  queued: 'Posting',
  scheduled: 'Scheduled',
};

/** The slot the calendar chose when it opened this draft (`?at=2027-03-18T09:30`), or '' when it chose none. */
function calendarSlot(): string {
  const at = new URLSearchParams(location.search).get('at') ?? '';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(at) ? at : '';
}

export function PublishPanel({
  draft,
  beforeSubmit,
  publishNow,
}: {
  draft: Draft;
  beforeSubmit: () => Promise<void>;
  /** Set to this panel's publish-now action, for the keyboard shortcut and the command palette. */
  publishNow?: MutableRefObject<(() => void) | undefined>;
}) {
  const client = useQueryClient();
  const { timezone, error: zoneError } = useTimezone();
  const [when, setWhen] = useState(calendarSlot);
  const [outcome, setOutcome] = useState<string | undefined>();
  const [warnings, setWarnings] = useState<PostWarning[] | undefined>();
  const done = (answer: Submitted) => {
    client.setQueryData(['draft', draft.id], answer.draft);
    void client.invalidateQueries({ queryKey: ['drafts'] });
    setWarnings(answer.warnings);
    setOutcome(
      answer.status === 'scheduled' && answer.scheduled_for && timezone
        ? `Scheduled for ${inZone(answer.scheduled_for, timezone)} (${timezone})`
        : OUTCOME[answer.status],
    );
  };
  const publish = useMutation({
    mutationFn: async () => {
      await beforeSubmit();
      return api.drafts.publish(draft.id);
    },
    onSuccess: done,
  });
  const schedule = useMutation({
    mutationFn: async () => {
      await beforeSubmit();
      return api.drafts.schedule(draft.id, { scheduled_for: when });
    },
    onSuccess: done,
  });
  const unschedule = useMutation({
    mutationFn: () => api.drafts.unschedule(draft.id),
    onSuccess: (saved) => {
      client.setQueryData(['draft', draft.id], saved);
      void client.invalidateQueries({ queryKey: ['drafts'] });
      setWarnings(undefined);
      setOutcome('Unscheduled');
    },
  });
  const failed = publish.error ?? schedule.error ?? unschedule.error;
  const waiting = draft.approval_id !== null || draft.job_id !== null;
  // While the post is on its way (or waiting for a review), the draft is read again until it lands, so
  // the status and the rail's counts follow without a reload.
  useQuery({
    queryKey: ['draft-progress', draft.id],
    queryFn: async () => {
      const fresh = await api.drafts.get(draft.id);
      client.setQueryData(['draft', draft.id], fresh);
      if (fresh.job_id === null && fresh.approval_id === null)
        void client.invalidateQueries({ queryKey: ['drafts'] });
      return fresh;
    },
    enabled: waiting,
    refetchInterval: draft.job_id !== null ? 1000 : 3000,
  });
  useEffect(() => {
    if (!publishNow) return;
    publishNow.current = () => {
      if (!waiting && !publish.isPending) publish.mutate();
    };
  });
  return (
    <Card title="Publish">
      {draft.scheduled_for && timezone ? (
        <p>
          Scheduled for {inZone(draft.scheduled_for, timezone)} ({timezone}){' '}
          <Button variant="secondary" onClick={() => unschedule.mutate()} disabled={unschedule.isPending}>
            Unschedule
          </Button>
        </p>
      ) : null}
      <div className="publish-row">
        <Button onClick={() => publish.mutate()} disabled={publish.isPending || waiting}>
          Publish now
        </Button>
      </div>
      <div className="publish-row">
        <NextSlotText />
        {/* A scheduled draft may go to the queue too: it moves there, as a reschedule would. */}
        <AddToQueue
          draftId={draft.id}
          disabled={draft.status !== 'draft' && draft.status !== 'failed' && draft.status !== 'scheduled'}
          beforeSubmit={beforeSubmit}
          onQueued={done}
        />
      </div>
      {/* Times are entered in the account's timezone: the form shows when the timezone has loaded. */}
      {timezone ? (
        <form
          className="publish-row"
          onSubmit={(event) => {
            event.preventDefault();
            schedule.mutate();
          }}
        >
          <label>
            <span className="label">Schedule for ({timezone})</span>
            <input
              type="datetime-local"
              value={when}
              required
              onChange={(event) => setWhen(event.target.value)}
            />
          </label>
          <Button variant="secondary" type="submit" disabled={schedule.isPending || !when}>
            {draft.scheduled_for ? 'Reschedule' : 'Schedule'}
          </Button>
        </form>
      ) : zoneError ? (
        <p className="muted">Scheduling needs the account's timezone: {zoneError.message}</p>
      ) : null}
      <p role="status" aria-live="polite" className="muted">
        {outcome ?? ''}
      </p>
      <PostWarnings warnings={warnings} />
      {failed ? (
        <p role="alert" aria-live="polite" className="error">
          {(failed as Error).message}
        </p>
      ) : null}
    </Card>
  );
}
