// Publishes one posting job card by card (a thread as a reply chain), keeping the job, its draft and its
// approval item in step. Rate limits wait for the reset; ambiguous failures are reconciled later; a thread
// that breaks part-way records what is live and resumes from the first missing card.
import { isAutonomous } from '../../contracts/actor.js';
import type { OutboxRow, PostingJob } from '../../contracts/posting.js';
import { nextOpening } from '../domain/active-hours.js';
import { pacingReason } from '../domain/pacing.js';
import { mentionsProduct } from '../domain/posting-guards.js';
import type { AppError } from '../errors.js';
import type { DraftState } from '../ports/draft-store.js';
import type { PostedRecord } from '../ports/posting-store.js';
import { type RunControl, wasCancelled } from '../ports/run-control.js';
import { denialError, guardDenial, subjectOf } from './guards.js';
import { publishCard } from './publish-card.js';
import { MAX_ATTEMPTS, type PublisherDeps, retryDelayMs, takePacingTurn } from './publisher-deps.js';

/** Keeps the draft and the approval item in step with the job. */
async function syncOrigin(
  deps: PublisherDeps,
  job: PostingJob,
  state: 'posting' | 'waiting' | 'posted' | 'failed',
  detail: { error?: string; code?: string; posted?: string[] } = {},
): Promise<void> {
  const at = deps.clock.now();
  if (job.draft_id !== null) {
    const draft: DraftState = {
      posting: { status: 'posting' as const },
      waiting: {
        status: job.scheduled_for ? ('scheduled' as const) : ('queued' as const),
        last_error: detail.error ?? null,
      },
      posted: { status: 'posted' as const, posted_tweet_ids: detail.posted, last_error: null },
      failed: {
        status: 'failed' as const,
        posted_tweet_ids: detail.posted,
        last_error: detail.error ?? null,
      },
    }[state];
    await deps.drafts.markState(job.draft_id, draft, at);
  }
  if (job.approval_id !== null) {
    const moves = {
      posting: { from: ['approved'] as const, to: { status: 'posting' as const } },
      waiting: {
        from: ['posting'] as const,
        to: { status: 'approved' as const, error_message: detail.error ?? null },
      },
      posted: {
        from: ['approved', 'posting'] as const,
        to: { status: 'posted' as const, posted_tweet_ids: detail.posted },
      },
      failed: {
        from: ['approved', 'posting'] as const,
        to: {
          status: 'failed' as const,
          posted_tweet_ids: detail.posted,
          error_code: detail.code ?? null,
          error_message: detail.error ?? null,
        },
      },
    }[state];
    await deps.approvals.transition(job.approval_id, moves.from, moves.to, at);
  }
}

function recordKind(job: PostingJob): PostedRecord['kind'] {
  return job.kind === 'thread' ? 'thread_card' : job.kind;
}

async function finishFailed(
  deps: PublisherDeps,
  job: PostingJob,
  posted: string[],
  error: AppError,
): Promise<PostingJob> {
  const partial = job.kind === 'thread' && posted.length > 0;
  const code = partial ? 'thread_partial_failure' : error.code;
  const message = partial
    ? `thread failed at card ${posted.length + 1} of ${job.payload.cards.length} (${posted.length} live): ${error.message}`
    : error.message;
  const now = deps.clock.now();
  const attempts = job.attempts + 1;
  // A partial thread keeps trying to finish itself; a post that the platform refused outright does not.
  if (partial && attempts < MAX_ATTEMPTS) {
    const next = await deps.posting.updateJob(
      job.id,
      {
        status: 'partial',
        attempts,
        next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        last_error_code: code,
        last_error: message,
        started_at: null,
        claimed_by: null,
      },
      now,
    );
    await syncOrigin(deps, job, 'waiting', { error: message });
    return next;
  }
  const failed = await deps.posting.updateJob(
    job.id,
    {
      status: 'failed',
      attempts,
      last_error_code: code,
      last_error: message,
      completed_at: now.toISOString(),
      started_at: null,
      claimed_by: null,
    },
    now,
  );
  await syncOrigin(deps, job, 'failed', { error: message, code, posted });
  return failed;
}

async function retryLater(
  deps: PublisherDeps,
  job: PostingJob,
  until: Date,
  error: AppError,
  countAttempt: boolean,
) {
  const now = deps.clock.now();
  const attempts = countAttempt ? job.attempts + 1 : job.attempts;
  if (countAttempt && attempts >= MAX_ATTEMPTS)
    return finishFailed(deps, { ...job, attempts: attempts - 1 }, job.posted_tweet_ids, error);
  const message = `${error.message}; next try at ${until.toISOString()}`;
  const next = await deps.posting.updateJob(
    job.id,
    {
      status: job.posted_tweet_ids.length > 0 ? 'partial' : 'queued',
      attempts,
      next_attempt_at: until.toISOString(),
      last_error_code: error.code,
      last_error: message,
      started_at: null,
      claimed_by: null,
    },
    now,
  );
  await syncOrigin(deps, job, 'waiting', { error: message });
  return next;
}

/** A job that may not go yet (pacing, active hours): back in the queue until `until`, nothing counted. */
async function hold(deps: PublisherDeps, job: PostingJob, until: Date, reason: string): Promise<PostingJob> {
  const next = await deps.posting.updateJob(
    job.id,
    {
      status: 'queued',
      next_attempt_at: until.toISOString(),
      last_error_code: null,
      last_error: reason,
      started_at: null,
      claimed_by: null,
    },
    deps.clock.now(),
  );
  await syncOrigin(deps, job, 'waiting', { error: reason });
  return next;
}

/**
 * An autonomous job's turn in the account's pacing (its first card only: a thread's cards keep their own
 * short spacing); a person's post never waits for it.
 */
async function takeTurn(deps: PublisherDeps, job: PostingJob, now: Date): Promise<Date | undefined> {
  if (!isAutonomous(job.actor)) return undefined;
  return takePacingTurn(deps.pacing, { subject: `job:${job.id}`, actor: job.actor, action: job.kind, now });
}

/**
 * Whether the job's first write may have reached the platform (its outbox row is open or confirmed).
 * The guards decide once, before that write: a job resumed after it is finishing what it started, and
 * its own first post must not count against it (a thread would wait out its own weekly cap).
 */
function firstWriteMade(row: OutboxRow | undefined): boolean {
  return row !== undefined && row.status !== 'failed';
}

/** A job its caller cancelled before any card could have reached the platform: closed, nothing posted. */
async function cancelJob(deps: PublisherDeps, job: PostingJob): Promise<PostingJob> {
  const now = deps.clock.now();
  const message = 'cancelled by the caller before the first post went out; nothing was posted';
  const cancelled = await deps.posting.updateJob(
    job.id,
    {
      status: 'cancelled',
      last_error_code: 'cancelled',
      last_error: message,
      completed_at: now.toISOString(),
      started_at: null,
      claimed_by: null,
    },
    now,
  );
  await syncOrigin(deps, job, 'failed', { error: message, code: 'cancelled', posted: [] });
  return cancelled;
}

/**
 * Publishes a job this process claims first; a job another process holds is returned untouched. A caller's
 * `control` hears card k of n; its cancellation counts only until the first card goes out — after that the
 * thread is finished, so none is ever left half-posted by a cancel.
 */
export async function publishJob(
  deps: PublisherDeps,
  queued: PostingJob,
  control: RunControl = {},
): Promise<PostingJob> {
  const now = deps.clock.now();
  const claimed = await deps.posting.claimJob(queued, deps.owner, now);
  if (!claimed) return (await deps.posting.getJob(queued.id)) ?? queued;
  let job = claimed;
  await syncOrigin(deps, job, 'posting');
  const posted = [...job.posted_tweet_ids];
  const cards = job.payload.cards.length;
  // The first card's outbox row, read once: it says whether the job is fresh, and publishCard starts from it
  // (the claim keeps every other process off this job's rows meanwhile).
  const firstRow = posted.length === 0 ? await deps.posting.outboxRow(job.id, 0) : undefined;
  const fresh = posted.length === 0 && !firstWriteMade(firstRow);

  if (fresh) {
    const selfUserId = await deps.meId().catch(() => undefined);
    const denial = await guardDenial(
      deps,
      subjectOf(job.kind, job.payload, job.actor, { selfUserId }),
      'post',
      {
        jobId: job.id,
        approvalId: job.approval_id,
      },
    );
    if (denial) {
      const error = denialError(denial);
      if (!denial.waitable) return finishFailed(deps, job, posted, error);
      // Held, not refused, outside active hours: it goes when the window opens.
      if (denial.rule === 'active_hours') {
        const opens = nextOpening(now, deps.guardSettings().activeHours) ?? now;
        return hold(
          deps,
          job,
          opens,
          `${error.message}; held until the active hours open at ${opens.toISOString()}`,
        );
      }
      return retryLater(deps, job, new Date(now.getTime() + 15 * 60_000), error, false);
    }
    const pacedUntil = await takeTurn(deps, job, now);
    if (pacedUntil) return hold(deps, job, pacedUntil, pacingReason(pacedUntil));
  }

  control.progress?.(posted.length, cards, `posting ${cards - posted.length} of ${cards} post(s)`);
  if (fresh && (await wasCancelled(control.signal))) return cancelJob(deps, job);

  for (let index = posted.length; index < cards; index++) {
    const outcome = await publishCard(deps, job, index, posted, index === 0 ? { row: firstRow } : undefined);
    if (outcome.kind === 'wait') return retryLater(deps, job, outcome.until, outcome.error, false);
    if (outcome.kind === 'in_doubt') {
      const until = new Date(deps.clock.now().getTime() + retryDelayMs(job.attempts + 1));
      return retryLater(deps, job, until, outcome.error, true);
    }
    if (outcome.kind === 'failed') return finishFailed(deps, job, posted, outcome.error);
    posted.push(outcome.id);
    const card = job.payload.cards[index];
    await deps.posting.recordPost({
      tweet_id: outcome.id,
      kind: recordKind(job),
      text: card?.text ?? '',
      in_reply_to_tweet_id: index === 0 ? job.payload.in_reply_to_tweet_id : posted[index - 1],
      quoted_tweet_id: index === 0 ? job.payload.quote_tweet_id : undefined,
      target_author_id: job.payload.target_author_id,
      target_author_username: job.payload.target_author_username,
      thread_root_tweet_id: job.kind === 'thread' ? posted[0] : undefined,
      thread_position: job.kind === 'thread' ? index : undefined,
      // A thread is scored once, by its first card.
      ...(index === 0 ? { topic: job.payload.topic, format: job.payload.format } : {}),
      origin: job.origin_type,
      actor: job.actor,
      job_id: job.id,
      mentions_product: mentionsProduct(card?.text ?? '', deps.guardSettings().product),
      posted_at: deps.clock.now(),
    });
    deps.crashPoint?.('publish.after_record', index);
    // Saved after every card: a resume starts from the first card that is not live. The last card's id is
    // saved with the job's completion (one write; a crash before it resumes from that card's confirmed
    // outbox row, as after any card).
    if (index < cards - 1)
      job = await deps.posting.updateJob(job.id, { posted_tweet_ids: posted }, deps.clock.now());
    control.progress?.(posted.length, cards, `posted ${posted.length} of ${cards}`);
  }

  const done = deps.clock.now();
  job = await deps.posting.updateJob(
    job.id,
    {
      posted_tweet_ids: posted,
      status: 'posted',
      completed_at: done.toISOString(),
      last_error: null,
      last_error_code: null,
      started_at: null,
      claimed_by: null,
    },
    done,
  );
  await syncOrigin(deps, job, 'posted', { posted });
  deps.logger.info({ job: job.id, posted }, 'posted');
  // What follows a post (loop-back into notes) never turns a post that went out into a failure.
  await deps
    .onPosted?.(job)
    .catch((error: unknown) => deps.logger.warn({ err: error, job: job.id }, 'after-post hook failed'));
  return job;
}

/** One pass of the posting queue: every due job (and any left in progress by a crash), oldest first. */
export async function runPostingQueue(deps: PublisherDeps, limit = 10): Promise<PostingJob[]> {
  if (deps.postingBlocker()) return [];
  const due = await deps.posting.dueJobs(deps.clock.now(), limit);
  const results: PostingJob[] = [];
  for (const job of due) {
    // In progress elsewhere (the service and the tool server share the database): leave it to them.
    if (
      job.status === 'in_progress' &&
      job.claimed_by &&
      !(await deps.ownerGone(job.claimed_by, job.started_at ? new Date(job.started_at) : null))
    )
      continue;
    try {
      results.push(await publishJob(deps, job));
    } catch (error) {
      // One broken job must not stall the queue: park it and move on.
      const now = deps.clock.now();
      deps.logger.warn({ job: job.id, err: error }, 'posting job crashed; retrying later');
      // Cards may have gone out since `job` was read: the stored row knows.
      const live = (await deps.posting.getJob(job.id))?.posted_tweet_ids ?? job.posted_tweet_ids;
      results.push(
        await deps.posting.updateJob(
          job.id,
          {
            status: live.length > 0 ? 'partial' : 'queued',
            next_attempt_at: new Date(now.getTime() + retryDelayMs(job.attempts + 1)).toISOString(),
            last_error: (error as Error).message,
            started_at: null,
            claimed_by: null,
          },
          now,
        ),
      );
    }
  }
  return results;
}
