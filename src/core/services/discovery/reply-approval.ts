// The approval item for a reply to a discovered post: the one shape agents' proposals and replies queued
// from the Discovery Feed both wait in.
import type { Actor } from '../../../contracts/actor.js';
import type { NewApproval } from '../../ports/approval-store.js';
import type { DiscoveredPost } from '../../ports/discovery-store.js';

export function replyApproval(
  post: Pick<DiscoveredPost, 'tweet_id' | 'author_id' | 'author_username' | 'score'>,
  text: string,
  actor: Actor,
  reason: string,
): NewApproval {
  const author = {
    ...(post.author_id ? { target_author_id: post.author_id } : {}),
    ...(post.author_username ? { target_author_username: post.author_username } : {}),
  };
  return {
    action_type: 'reply',
    payload: { cards: [{ text, media_paths: [] }], in_reply_to_tweet_id: post.tweet_id, ...author },
    actor,
    reason,
    score: post.score,
    target_tweet_id: post.tweet_id,
    ...author,
  };
}
