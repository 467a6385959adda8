// The draft's way out: publish now, schedule for later (ISO time, local to the account's timezone when it
// has no offset), or take it off the schedule.
import type { Actor } from '../../../contracts/actor.js';
import type { Draft } from '../../../contracts/drafts.js';
import { parseScheduledFor } from '../../domain/schedule-time.js';
import { AppError } from '../../errors.js';
import type { ContentDeps } from '../content-deps.js';
import { type SubmitResult, submitDraft, unscheduleDraft } from '../publishing/submit-draft.js';
import { findDraft } from './find-draft.js';

/** The time a user meant, or a 400 naming the problem. */
export function scheduledTime(deps: Pick<ContentDeps, 'clock' | 'settings'>, text: string): Date {
  const parsed = parseScheduledFor(text, deps.settings().timezone, deps.clock.now());
  if (!parsed.ok) throw new AppError('validation_error', `scheduled_for: ${parsed.message}`);
  return parsed.at;
}

export async function publishDraft(deps: ContentDeps, id: number, actor: Actor): Promise<SubmitResult> {
  return submitDraft(deps, await findDraft(deps, id), { actor });
}

export async function scheduleDraft(
  deps: ContentDeps,
  input: { id: number; scheduled_for: string },
  actor: Actor,
): Promise<SubmitResult> {
  const at = scheduledTime(deps, input.scheduled_for);
  return submitDraft(deps, await findDraft(deps, input.id), { actor, scheduledFor: at });
}

export async function unschedule(deps: ContentDeps, id: number): Promise<Draft> {
  return unscheduleDraft(deps, await findDraft(deps, id));
}
