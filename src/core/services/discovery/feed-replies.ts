// Replying from the Discovery Feed (the dashboard): compose a reply for a post in the feed (LLM, the
// account's voice and notes, the guards' verdict up front), and queue a reply — the person's own text or
// the composed one — for review in the approval queue, after the length, banned-phrase and reply guards.
// A post that is not in the feed is not_found: these act on what discovery found, not on any post id.
import type { Actor } from '../../../contracts/actor.js';
import { findBannedPhrase } from '../../domain/posting-guards.js';
import { weightedLength } from '../../domain/weighted-length.js';
import { AppError } from '../../errors.js';
import { replyGuardDenial } from './check-reply-guards.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';
import { draftReplies, type ReplyDraft } from './draft-replies.js';
import { replyApproval } from './reply-approval.js';

const LIVE_ITEMS = 500;
const MAX = 280;

async function feedPost(deps: Pick<DiscoveryServiceDeps, 'discovered'>, tweetId: string) {
  const [post] = await deps.discovered.byIds([tweetId]);
  if (!post) throw new AppError('not_found', `post ${tweetId} is not in the Discovery Feed`);
  return post;
}

export async function composeFeedReply(
  deps: Pick<
    DiscoveryServiceDeps,
    'discovered' | 'read' | 'clock' | 'settings' | 'assist' | 'guards' | 'history' | 'selfId'
  >,
  input: { tweetId: string; mentionProduct: boolean },
): Promise<ReplyDraft> {
  await feedPost(deps, input.tweetId);
  const { drafts, failed } = await draftReplies(deps, {
    tweetIds: [input.tweetId],
    mentionProduct: input.mentionProduct,
  });
  const draft = drafts[0];
  if (!draft) throw new AppError('llm_error', failed[0]?.reason ?? 'no reply could be written');
  return draft;
}

export async function queueFeedReply(
  deps: Pick<
    DiscoveryServiceDeps,
    'discovered' | 'clock' | 'assist' | 'guards' | 'history' | 'selfId' | 'approvals'
  >,
  input: { tweetId: string; text: string; actor: Actor },
): Promise<{ approval_queue_id: number; tweet_id: string }> {
  const post = await feedPost(deps, input.tweetId);
  const text = input.text.trim();
  const length = weightedLength(text);
  if (text === '') throw new AppError('validation_error', 'text: the reply is empty');
  if (length > MAX) {
    throw new AppError('tweet_too_long', `the reply is ${length} weighted characters (max ${MAX})`);
  }
  const banned = findBannedPhrase(text, deps.assist.bannedPhrases());
  if (banned)
    throw new AppError('policy_denied_hard_rule', `the reply contains the banned phrase "${banned}"`);
  const denial = await replyGuardDenial(
    deps,
    {
      kind: 'reply',
      // A person queues it: the automation caps are not theirs; one reply per post, per author and the
      // rest still hold.
      autonomous: false,
      texts: [text],
      targetTweetId: post.tweet_id,
      targetAuthorId: post.author_id ?? undefined,
      selfUserId: await deps.selfId(),
    },
    await deps.history.liveReplyItems(LIVE_ITEMS),
  );
  if (denial) throw new AppError('policy_denied_hard_rule', denial.message);
  const item = await deps.approvals.create(
    replyApproval(post, text, input.actor, 'reply queued from the Discovery Feed'),
    deps.clock.now(),
  );
  return { approval_queue_id: item.id, tweet_id: post.tweet_id };
}
