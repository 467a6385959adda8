// "Add to queue": a draft goes to the account's next free preferred slot (calendar.next_slot). The time is
// shown before anything is sent; confirming queues the draft at exactly that slot (drafts.queue). A slot taken
// meanwhile comes back as a 409 carrying the new next slot: it is shown and asked again. Drafts, the calendar
// and the next slot are read again at once, wherever they are on screen.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import type { NextSlotSchema } from '../../../src/contracts/calendar.js';
import type { SubmitResultSchema } from '../../../src/contracts/publishing.js';
import { api } from '../api.js';
import { ApiError } from '../api-request.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog } from './confirm-dialog.js';

export type NextSlot = z.infer<typeof NextSlotSchema>;
export type Queued = z.infer<typeof SubmitResultSchema>;
type FreeSlot = NextSlot & { at: string; date: string; time: string };

const NEXT_SLOT_KEY = ['next-slot'] as const;

/** The next free slot, read again every minute (a slot passes) and after every queue. */
export function useNextSlot() {
  return useQuery({
    queryKey: NEXT_SLOT_KEY,
    queryFn: () => api.calendar.nextSlot(),
    refetchInterval: 60_000,
  });
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Thu 19 Nov, 09:15 (America/New_York)": the slot's own local date and time (no browser zone), labelled. */
export function slotLabel(slot: FreeSlot): string {
  return `${dayFormat.format(new Date(`${slot.date}T12:00:00.000Z`))}, ${slot.time} (${slot.timezone})`;
}

const isFree = (slot: NextSlot | undefined): slot is FreeSlot =>
  slot?.at !== null && slot?.at !== undefined && slot.date !== null && slot.time !== null;

/** "Next free slot: …", or why there is none. */
export function NextSlotText() {
  const slot = useNextSlot();
  if (slot.error) return <p className="muted">Next free slot: unknown ({(slot.error as Error).message})</p>;
  if (!slot.data) return <p className="muted">Next free slot: …</p>;
  return (
    <p>
      {isFree(slot.data)
        ? `Next free slot: ${slotLabel(slot.data)}`
        : `No free preferred slot in the next ${slot.data.horizon_days} days`}
    </p>
  );
}

/** The next slot a 409 of drafts.queue carries (a conflict about the draft itself carries the draft). */
function newerSlot(error: unknown): NextSlot | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const current = (error.details as { current?: unknown } | undefined)?.current;
  return current && typeof current === 'object' && 'horizon_days' in current
    ? (current as NextSlot)
    : undefined;
}

export function AddToQueue({
  draftId,
  name,
  disabled = false,
  beforeSubmit,
  onQueued,
}: {
  draftId: number;
  /** The button's accessible name when it is not "Add to queue" (a list of drafts names the draft). */
  name?: string;
  disabled?: boolean;
  /** Runs before the request (the editor saves its pending text). */
  beforeSubmit?: () => Promise<void>;
  onQueued?: (answer: Queued) => void;
}) {
  const client = useQueryClient();
  const slot = useNextSlot();
  // The slot the dialog asks about: fixed while it is open, whatever the next read says.
  const [asked, setAsked] = useState<FreeSlot>();
  const [open, setOpen] = useState(false);
  const [taken, setTaken] = useState(false);
  const [problem, setProblem] = useState<string>();
  const queue = useMutation({
    mutationFn: async (at: string) => {
      await beforeSubmit?.();
      return api.drafts.queue(draftId, { at });
    },
    onSuccess: (answer) => {
      client.setQueryData(['draft', draftId], answer.draft);
      void client.invalidateQueries({ queryKey: ['drafts'] });
      void client.invalidateQueries({ queryKey: ['calendar'] });
      void client.invalidateQueries({ queryKey: NEXT_SLOT_KEY });
      onQueued?.(answer);
    },
    onError: (error) => {
      const next = newerSlot(error);
      if (!next) {
        setProblem((error as Error).message);
        return;
      }
      client.setQueryData(NEXT_SLOT_KEY, next);
      void client.invalidateQueries({ queryKey: ['calendar'] });
      if (isFree(next)) {
        setAsked(next);
        setTaken(true);
        setOpen(true);
      } else {
        setProblem(
          `That slot was just taken, and no preferred slot is free in the next ${next.horizon_days} days.`,
        );
      }
    },
  });
  const ready = isFree(slot.data);
  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={(opening) => {
          if (opening && isFree(slot.data)) {
            setAsked(slot.data);
            setTaken(false);
            setProblem(undefined);
          }
          setOpen(opening);
        }}
        trigger={
          <Button
            variant="secondary"
            icon={CalendarPlus}
            className="add-to-queue"
            aria-label={name}
            disabled={disabled || !ready || queue.isPending}
          >
            Add to queue
          </Button>
        }
        title="Add to queue"
        description={
          asked ? `${taken ? 'That slot was just taken. ' : ''}Add to queue for ${slotLabel(asked)}?` : ''
        }
        confirm="Add to queue"
        onConfirm={() => {
          if (asked) queue.mutate(asked.at);
        }}
      />
      {problem ? (
        <p role="alert" className="error">
          {problem}
        </p>
      ) : null}
    </>
  );
}
