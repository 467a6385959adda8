// Proposed replies into the approval queue. Validation comes first (nothing too long is ever queued or
// counted), then the policy (the tool's binding asks for a check: blocked → error, dry run → nothing
// queued, applied by the invoker), then each draft meets the posting guards, counting replies already
// waiting for review and earlier drafts of the batch, so a duplicate or a reply over a cap is skipped with
// a reason instead of queued.
import { weightedLength } from '../../domain/weighted-length.js';
import { AppError } from '../../errors.js';
import type { LiveReplyItem } from '../../ports/engagement-history.js';
import { replyGuardDenial } from './check-reply-guards.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';
import { loadPosts, type Unavailable } from './load-posts.js';
import { replyApproval } from './reply-approval.js';

export const PROPOSE_TOOL = 'propose_and_queue_replies';
const MAX = 280;
const LIVE_ITEMS = 500;

export interface ProposedReply {
  tweet_id: string;
  text: string;
}

export interface ProposeOutcome {
  queued: Array<{ tweet_id: string; approval_queue_id: number }>;
  skipped: Unavailable[];
}

/** Every draft within the post length, checked before the policy decides anything. */
export function checkProposedLengths(input: { drafts: readonly ProposedReply[] }): void {
  for (const draft of input.drafts) {
    const length = weightedLength(draft.text);
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
  input: { drafts: readonly ProposedReply[] },
): Promise<ProposeOutcome> {
  checkProposedLengths(input);
  const { posts, unavailable } = await loadPosts(
    deps,
    input.drafts.map((d) => d.tweet_id),
  );
  const byId = new Map(posts.map((post) => [post.tweet_id, post]));
  const self = await deps.selfId();
  // Newest first, like the queue: each queued draft joins it, so the next one sees it.
  const committed: LiveReplyItem[] = await deps.history.liveReplyItems(LIVE_ITEMS);
  const queued: Array<{ tweet_id: string; approval_queue_id: number }> = [];
  const skipped: Unavailable[] = [];
  for (const draft of input.drafts) {
    const post = byId.get(draft.tweet_id);
    if (!post) {
      const why = unavailable.find((u) => u.tweet_id === draft.tweet_id);
      skipped.push(why ?? { tweet_id: draft.tweet_id, code: 'not_found', reason: 'post not found' });
      continue;
    }
    const text = draft.text.trim();
    const denial = await replyGuardDenial(
      deps,
      {
        kind: 'reply',
        // Proposed by an agent or a loop: the automation caps apply.
        autonomous: true,
        texts: [text],
        targetTweetId: post.tweet_id,
        targetAuthorId: post.author_id ?? undefined,
        selfUserId: self,
      },
      committed,
    );
    if (denial) {
      skipped.push({ tweet_id: draft.tweet_id, code: denial.rule, reason: denial.message });
      continue;
    }
    const now = deps.clock.now();
    const item = await deps.approvals.create(
      replyApproval(post, text, 'agent', `reply proposed by an agent (${PROPOSE_TOOL})`),
      now,
    );
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
