// The policy-gated platform mutations (spec: Write tools, Engage tools): each is the gateway action of the
// same name, exposed with its description and scopes. Every call passes the mutation policy engine.
import { z } from 'zod';
import { ENDPOINTS } from '../../contracts/platform-endpoints.js';
import { PLATFORM_ACTIONS } from '../../core/gateway/platform-actions.js';
import type { AnyToolAction } from '../../core/gateway/tool-action.js';
import { type AnyOperation, defineOperation } from '../define-operation.js';
import { platformMutation } from '../tool-kit.js';

const POST_SCOPES = ENDPOINTS.postTweet.scopes;

const TOOLS: Record<string, { summary: string; category: 'write' | 'engage'; scopes: readonly string[] }> = {
  social_post_tweet: {
    summary:
      'Publish a post (policy-gated: may be refused, simulated or routed to the approval queue). Attach media_ids from social_upload_media.',
    category: 'write',
    scopes: POST_SCOPES,
  },
  social_reply_to_tweet: {
    summary:
      'Reply to a post (policy-gated; the reply guards apply: caps, one reply per post, no self-reply).',
    category: 'write',
    scopes: POST_SCOPES,
  },
  social_quote_tweet: {
    summary: 'Quote a post with your own text (policy-gated).',
    category: 'write',
    scopes: POST_SCOPES,
  },
  social_delete_tweet: {
    summary: 'Delete one of your posts (policy-gated).',
    category: 'write',
    scopes: ENDPOINTS.deleteTweet.scopes,
  },
  social_post_thread: {
    summary:
      'Publish a thread as a reply chain (policy-gated). A thread that breaks part-way answers thread_partial_failure and resumes from the first missing post.',
    category: 'write',
    scopes: POST_SCOPES,
  },
  social_like_tweet: {
    summary: 'Like a post (policy-gated).',
    category: 'engage',
    scopes: ENDPOINTS.like.scopes,
  },
  social_unlike_tweet: {
    summary: 'Remove a like (policy-gated).',
    category: 'engage',
    scopes: ENDPOINTS.unlike.scopes,
  },
  social_retweet: {
    summary: 'Repost a post (policy-gated).',
    category: 'engage',
    scopes: ENDPOINTS.retweet.scopes,
  },
  social_unretweet: {
    summary: 'Undo a repost (policy-gated).',
    category: 'engage',
    scopes: ENDPOINTS.unretweet.scopes,
  },
  social_bookmark_tweet: {
    summary: 'Bookmark a post (policy-gated).',
    category: 'engage',
    scopes: ENDPOINTS.bookmark.scopes,
  },
  social_unbookmark_tweet: {
    summary: 'Remove a bookmark (policy-gated).',
    category: 'engage',
    scopes: ENDPOINTS.unbookmark.scopes,
  },
  social_follow_user: {
    summary: 'Follow a user (policy-gated).',
    category: 'engage',
    scopes: ENDPOINTS.follow.scopes,
  },
  social_unfollow_user: {
    summary: 'Unfollow a user (policy-gated).',
    category: 'engage',
    scopes: ENDPOINTS.unfollow.scopes,
  },
};

function toolFor(action: AnyToolAction): AnyOperation {
  const meta = TOOLS[action.tool];
  if (!meta) throw new Error(`no tool description for the action ${action.tool}`);
  return defineOperation({
    name: action.tool,
    summary: meta.summary,
    input: action.params as z.ZodType<Record<string, unknown>>,
    output: action.result ?? z.unknown(),
    mutation: true,
    tool: platformMutation(action.tool, meta.category, meta.scopes, { posts: action.posting !== undefined }),
    action: action.tool,
  });
}

export const PLATFORM_WRITE_OPERATIONS: readonly AnyOperation[] = PLATFORM_ACTIONS.map(toolFor);
