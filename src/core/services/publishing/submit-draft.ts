// Sends a draft on its way: to the approval queue when approval mode is on, else to a posting job, now or
// at its scheduled time. A post identical to one already waiting (or out in the last five minutes) is not
// queued twice. Also takes it back (unschedule) while nothing has been posted.
import type { Actor } from '../../../contracts/actor.js';
import type { Draft } from '../../../contracts/drafts.js';
import type { PostWarning } from '../../../contracts/post-warnings.js';
import type { PostingJob } from '../../../contracts/posting.js';
import { AppError, conflictError } from '../../errors.js';
import { IDEMPOTENCY_WINDOW_MS } from '../../gateway/gateway-deps.js';
import { enforceGuards, subjectOf } from '../../gateway/guards.js';
import type { ContentDeps } from '../content-deps.js';
import { payloadOf } from './prepare-payload.js';

export interface SubmitResult {
  status: 'queued_for_approval' | 'scheduled' | 'queued';
  draft: Draft;
  approval_id?: number;
  job_id?: number;
  scheduled_for: string | null;
  /** A person's post that repeats a recent or waiting one: it goes on, with this said (absent: none). */
  warnings?: PostWarning[];
}

export interface SubmitOptions {
  scheduledFor?: Date;
  /** Who submits it: the post is theirs (the automation caps bind agents and loops only). */
  actor: Actor;
  /** The mutation policy sent it to a person, whatever approval mode says (with the policy's reason). */
  forceApproval?: { reason: string };
  /** Topic and format the post is recorded with when it goes out (analytics scores them). */
  attribution?: { topic?: string; format?: string };
}

export async function submitDraft(
  deps: ContentDeps,
  draft: Draft,
  options: SubmitOptions,
): Promise<SubmitResult> {
  if (draft.archived_at)
    throw new AppError('validation_error', `draft ${draft.id} is archived; restore it first`);
  if (draft.status === 'scheduled' || draft.status === 'queued') draft = await unscheduleDraft(deps, draft);
  if (draft.status !== 'draft' && draft.status !== 'failed') {
    throw conflictError(`draft ${draft.id} is ${draft.status} and cannot be submitted again`, draft);
  }
  const settings = options.forceApproval ? { ...deps.settings(), approvalMode: true } : deps.settings();
  if (!settings.approvalMode) {
    const blocker = deps.postingBlocker();
    if (blocker) throw blocker;
  }
  const { kind, payload } = await payloadOf(deps, draft, options.attribution);
  const now = !options.scheduledFor;
  const warnings = await enforceGuards(deps, subjectOf(kind, payload, options.actor), {
    capsApply: now && !settings.approvalMode,
    stage: 'queue',
  });
  const warned = warnings.length > 0 ? { warnings } : {};

  const at = deps.clock.now();
  const scheduledFor = options.scheduledFor ? options.scheduledFor.toISOString() : null;
  const state = {
    status: scheduledFor ? ('scheduled' as const) : ('queued' as const),
    scheduled_for: scheduledFor,
    last_error: null,
  };
  if (settings.approvalMode) {
    const item = await deps.approvals.create(
      {
        action_type: kind,
        payload,
        actor: options.actor,
        draft_id: draft.id,
        scheduled_for: scheduledFor,
        ...(options.forceApproval ? { reason: options.forceApproval.reason } : {}),
      },
      at,
    );
    const updated = (await deps.drafts.setState(draft.id, state, at)) as Draft;
    return {
      status: 'queued_for_approval',
      draft: updated,
      approval_id: item.id,
      scheduled_for: scheduledFor,
      ...warned,
    };
  }
  const { job, repeat } = await deps.posting.createJobOnce(
    {
      kind,
      payload,
      scheduled_for: scheduledFor,
      origin_type: 'draft',
      actor: options.actor,
      draft_id: draft.id,
    },
    at,
    new Date(at.getTime() - IDEMPOTENCY_WINDOW_MS),
  );
  if (repeat) throw repeatOf(job);
  const updated = (await deps.drafts.setState(draft.id, state, at)) as Draft;
  if (now) deps.wakePosting?.();
  return {
    status: scheduledFor ? 'scheduled' : 'queued',
    draft: updated,
    job_id: job.id,
    scheduled_for: scheduledFor,
    ...warned,
  };
}

/** The same post is already waiting or just went out: said plainly, with the job it would repeat. */
function repeatOf(job: PostingJob): AppError {
  const where = job.status === 'posted' ? 'went out a moment ago' : 'is already waiting to go out';
  return new AppError(
    'conflict',
    `the same post ${where} (job ${job.id}${job.draft_id ? `, draft ${job.draft_id}` : ''}); it is posted once`,
    {
      retryable: false,
      details: { duplicate_of: { job_id: job.id, draft_id: job.draft_id, status: job.status } },
    },
  );
}

/** The job an identical post was collapsed into, when `error` says one was. */
export function repeatedJob(
  error: unknown,
): { job_id: number; draft_id: number | null; status: PostingJob['status'] } | undefined {
  if (!(error instanceof AppError) || error.code !== 'conflict') return undefined;
  const details = error.details as { duplicate_of?: { job_id: number; draft_id: number | null } } | undefined;
  return details?.duplicate_of as ReturnType<typeof repeatedJob>;
}

/** Back to an editable draft: cancels the waiting job or withdraws the pending approval item. */
export async function unscheduleDraft(deps: ContentDeps, draft: Draft): Promise<Draft> {
  if (draft.status !== 'scheduled' && draft.status !== 'queued') return draft;
  const at = deps.clock.now();
  if (draft.job_id && !(await deps.posting.cancelJob(draft.job_id, at))) {
    throw conflictError(`draft ${draft.id} is already being posted`, draft);
  }
  if (draft.approval_id) {
    const result = await deps.approvals.transition(
      draft.approval_id,
      ['pending'],
      {
        status: 'rejected',
        reviewed_by: 'author',
        review_notes: 'withdrawn by the author',
        reviewed_at: at.toISOString(),
      },
      at,
    );
    if (result === 'wrong_state') {
      const latest = await deps.drafts.get(draft.id);
      throw conflictError(`draft ${draft.id} was already reviewed`, latest);
    }
  }
  return (await deps.drafts.setState(draft.id, { status: 'draft', scheduled_for: null }, at)) as Draft;
}
