// Replies into the approval queue, for a person to review: an agent's batch (propose_and_queue_replies) or
// one reply queued from the dashboard's Discovery Feed. Validation comes first (nothing empty or too long is
// ever queued or counted), then the policy for an agent (its binding asks for a check, applied by the
// invoker), then each reply meets the posting guards, counting replies already waiting for review and
// earlier ones of the batch: a duplicate or a reply over a cap is skipped with a reason, or is the call's
// error when the caller queues one reply and wants the refusal as the answer.
import type { Actor } from '../../../contracts/actor.js';
import { isAutonomous } from '../../../contracts/actor.js';
import { weightedLength } from '../../domain/weighted-length.js';
import { AppError } from '../../errors.js';
import type { LiveReplyItem } from '../../ports/engagement-history.js';
import { replyGuardDenial } from './check-reply-guards.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';
import { type ReplySource, requireInFeed } from './feed-replies.js';
import { loadPosts, type Unavailable } from './load-posts.js';
import { replyApproval } from './reply-approval.js';

export const PROPOSE_TOOL = 'propose_and_queue_replies';
const MAX = 280;
const LIVE_ITEMS = 500;

export interface ProposedReply {
  tweet_id: string;
  text: string;
}

export interface QueueRepliesInput {
  drafts: readonly ProposedReply[];
  from: ReplySource;
  /** A refused reply: skipped with its reason (a batch), or the call's error (one reply). */
  refusal: 'skip' | 'fail';
}

export interface ProposeOutcome {
  queued: Array<{ tweet_id: string; approval_queue_id: number }>;
  skipped: Unavailable[];
}

/** Every reply has text within the post length: checked before the policy decides anything. */
export function checkProposedLengths(input: { drafts: readonly ProposedReply[] }): void {
  for (const draft of input.drafts) {
    if (draft.text.trim() === '') throw new AppError('validation_error', 'text: the reply is empty');
    const length = weightedLength(draft.text.trim());
    if (length > MAX) {
      throw new AppError(
        'tweet_too_long',
        `the reply to post ${draft.tweet_id} is ${length} weighted characters (max ${MAX})`,
      );
    }
  }
}

export async function proposeReplies(
  deps: Pick<
    DiscoveryServiceDeps,
    'discovered' | 'read' | 'clock' | 'settings' | 'guards' | 'history' | 'selfId' | 'approvals'
  >,
  input: QueueRepliesInput,
  actor: Actor,
): Promise<ProposeOutcome> {
  checkProposedLengths(input);
  const ids = input.drafts.map((d) => d.tweet_id);
  if (input.from === 'feed') await requireInFeed(deps, ids);
  const { posts, unavailable } = await loadPosts(deps, ids);
  const byId = new Map(posts.map((post) => [post.tweet_id, post]));
  const self = await deps.selfId();
  const reason =
    input.from === 'feed'
      ? 'reply queued from the Discovery Feed'
      : `reply proposed by an agent (${PROPOSE_TOOL})`;
  // Newest first, like the queue: each queued draft joins it, so the next one sees it.
  const committed: LiveReplyItem[] = await deps.history.liveReplyItems(LIVE_ITEMS);
  const queued: Array<{ tweet_id: string; approval_queue_id: number }> = [];
  const skipped: Unavailable[] = [];
  const refuse = (why: Unavailable) => {
    if (input.refusal === 'skip') return skipped.push(why);
    throw new AppError(why.code === 'not_found' ? 'not_found' : 'policy_denied_hard_rule', why.reason);
  };
  for (const draft of input.drafts) {
    const post = byId.get(draft.tweet_id);
    if (!post) {
      const why = unavailable.find((u) => u.tweet_id === draft.tweet_id);
      refuse(why ?? { tweet_id: draft.tweet_id, code: 'not_found', reason: 'post not found' });
      continue;
    }
    const text = draft.text.trim();
    const denial = await replyGuardDenial(
      deps,
      {
        kind: 'reply',
        // An agent or a loop proposes under the automation caps; a person's reply is not held to them
        // (one reply per post, per author and the rest still hold).
        autonomous: isAutonomous(actor),
        texts: [text],
        targetTweetId: post.tweet_id,
        targetAuthorId: post.author_id ?? undefined,
        selfUserId: self,
      },
      committed,
    );
    if (denial) {
      refuse({ tweet_id: draft.tweet_id, code: denial.rule, reason: denial.message });
      continue;
    }
    const now = deps.clock.now();
    const item = await deps.approvals.create(replyApproval(post, text, actor, reason), now);
    committed.unshift({
      id: item.id,
      target_tweet_id: post.tweet_id,
      target_author_id: post.author_id,
      text,
      created_at: now.toISOString(),
    });
    queued.push({ tweet_id: draft.tweet_id, approval_queue_id: item.id });
  }
  return { queued, skipped };
}
