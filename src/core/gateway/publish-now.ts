// Publishing a post a tool asked for, now: a posting job through the same exactly-once path as every other
// post, run at once. What cannot go out yet (rate limit, an unanswered write) stays with the posting queue.
import type { Actor } from '../../contracts/actor.js';
import { AppError } from '../errors.js';
import type { RunControl } from '../ports/run-control.js';
import { publishJob } from './publish-job.js';
import type { PublisherDeps } from './publisher-deps.js';
import type { PostingIntent, PublishResult } from './tool-action.js';

export async function publishNow(
  deps: PublisherDeps,
  intent: PostingIntent,
  actor: Actor,
  control?: RunControl,
): Promise<PublishResult> {
  const job = await deps.posting.createJob(
    {
      kind: intent.kind,
      payload: intent.payload,
      scheduled_for: null,
      origin_type:
        actor === 'agent' ? 'mcp' : actor === 'cli' ? 'cli' : actor.startsWith('loop:') ? 'loop' : 'compose',
      actor,
    },
    deps.clock.now(),
  );
  const done = await publishJob(deps, job, control);
  if (done.status === 'posted')
    return { status: 'posted', tweet_ids: done.posted_tweet_ids, job_id: done.id };
  if (done.status === 'failed' || done.status === 'cancelled') {
    const code = (done.last_error_code ?? 'social_api_error') as AppError['code'];
    throw new AppError(code, done.last_error ?? 'posting failed', {
      details: { job_id: done.id, posted_tweet_ids: done.posted_tweet_ids },
    });
  }
  return {
    status: 'pending',
    job_id: done.id,
    tweet_ids: done.posted_tweet_ids,
    reason: `${done.last_error ?? 'not posted yet'}; the posting queue retries it${done.next_attempt_at ? ` at ${done.next_attempt_at}` : ''}`,
  };
}
