// Add to queue: the draft goes to the free preferred slot the user was shown, scheduled exactly as
// drafts.schedule does it (submitDraft: the same checks, job or approval item, and version rules). The slot is
// checked again first: one taken or gone meanwhile is a 409 carrying the new next free slot, with nothing
// written. Check and write run one at a time per account, under the account's `queue` lock in the database
// (and, without one, per account store in this process), so two queue requests for one slot — two tabs, on
// one API node or two — cannot both pass the check.
import type { Actor } from '../../../contracts/actor.js';
import { parseScheduledFor } from '../../domain/schedule-time.js';
import { AppError, conflictError } from '../../errors.js';
import {
  isFreeSlot,
  type NextSlotDeps,
  nextFreeSlot,
  queueFloor,
  toNextSlot,
} from '../calendar/next-free-slot.js';
import type { ContentDeps } from '../content-deps.js';
import { type SubmitResult, submitDraft } from '../publishing/submit-draft.js';
import { findDraft } from './find-draft.js';

export interface QueueDraftDeps {
  content: ContentDeps;
  slots: Omit<NextSlotDeps, 'clock'>;
}

/** The tail of the queue requests running per account (keyed by its draft store), so each waits its turn. */
const turns = new WeakMap<object, Promise<unknown>>();

function oneAtATime<T>(key: object, run: () => Promise<T>): Promise<T> {
  const mine = (turns.get(key) ?? Promise.resolve()).then(run, run);
  turns.set(
    key,
    mine.catch(() => undefined),
  );
  return mine;
}

/** The instant `text` names (a bad one is the 400 drafts.schedule gives); whether it is still ahead is the queue's check. */
function slotInstant(timeZone: string, text: string): Date {
  const parsed = parseScheduledFor(text, timeZone, new Date(0), Number.POSITIVE_INFINITY);
  if (!parsed.ok)
    throw new AppError('validation_error', `at: ${parsed.message.replace(/^scheduled_for /, '')}`);
  return parsed.at;
}

export async function queueDraft(
  deps: QueueDraftDeps,
  input: { id: number; at: string },
  actor: Actor,
): Promise<SubmitResult> {
  const at = slotInstant(deps.slots.schedule().timezone, input.at);
  const { locks } = deps.content;
  const serialized = <T>(run: () => Promise<T>) =>
    locks ? locks.exclusive('queue', run) : oneAtATime(deps.content.drafts, run);
  return serialized(async () => {
    const draft = await findDraft(deps.content, input.id);
    const after = queueFloor(deps.content.clock.now());
    const free = await isFreeSlot(deps.slots, at, {
      after,
      except: { kind: 'draft', id: String(draft.id) },
    });
    if (!free) {
      const next = toNextSlot(deps.slots.schedule(), await nextFreeSlot(deps.slots, { after }));
      throw conflictError(
        `the slot ${at.toISOString()} is no longer free${next.at ? `; the next free slot is ${next.at}` : ''}`,
        next,
      );
    }
    return submitDraft(deps.content, draft, { actor, scheduledFor: at });
  });
}
