// Moving a posting job that has not started to another time (the calendar's drag, an agent's or a script's
// reschedule): one conditional write, so the posting worker never has a job moved under it. A job made from a
// draft keeps its draft's time in step, so Draft Studio and the calendar show where it went.
import type { PostingJob } from '../../../contracts/posting.js';
import { AppError, conflictError } from '../../errors.js';
import type { ContentDeps } from '../content-deps.js';
import { scheduledTime } from '../drafts/publish-draft.js';

/**
 * Moves job `id` to `scheduled_for` (ISO 8601; local time in the account's timezone without an offset, parsed
 * as a draft's schedule is). Refuses a past time (validation_error) and a job that started, posted, failed or
 * was cancelled (conflict, with the job as it is).
 */
export async function rescheduleJob(
  deps: Pick<ContentDeps, 'posting' | 'drafts' | 'clock' | 'settings'>,
  input: { id: number; scheduled_for: string },
): Promise<PostingJob> {
  const job = await deps.posting.getJob(input.id);
  if (!job) throw new AppError('not_found', `posting job ${input.id} not found`);
  const at = scheduledTime(deps, input.scheduled_for);
  const now = deps.clock.now();
  if (!(await deps.posting.rescheduleJob(job.id, at, now))) {
    const latest = (await deps.posting.getJob(job.id)) ?? job;
    const why =
      latest.status === 'queued'
        ? 'is being posted or its first card may already have reached the platform'
        : `is ${latest.status}`;
    throw conflictError(`posting job ${job.id} ${why}: it can no longer be moved`, latest);
  }
  if (job.draft_id !== null) {
    await deps.drafts.markState(job.draft_id, { status: 'scheduled', scheduled_for: at.toISOString() }, now);
  }
  return (await deps.posting.getJob(job.id)) as PostingJob;
}
