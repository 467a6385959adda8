// The hand-written platform mutations agents can call: posts, replies, quotes, threads and deletes (posts
// go out through the posting queue's exactly-once path) and the eight engagement toggles.
import { z } from 'zod';
import type { PostingPayload } from '../../contracts/posting.js';
import { platformId } from '../../contracts/tools/tool-params.js';
import type { GuardSubject } from '../domain/posting-guards.js';
import { checkPostText } from '../domain/weighted-length.js';
import { AppError } from '../errors.js';
import type { SocialRead } from '../ports/social.js';
import { type AnyToolAction, defineAction, type PostingIntent, type PublishResult } from './tool-action.js';

const Id = platformId;
const MediaIds = z.array(z.string().trim().min(1)).max(4).describe('Media ids from social_upload_media.');

/** tweet_too_long (or validation_error for an empty text) before anything else runs. */
function checkText(text: string, where = 'text'): void {
  const [problem] = checkPostText(text);
  if (!problem) return;
  const code = problem.rule === 'too_long' ? 'tweet_too_long' : 'validation_error';
  throw new AppError(code, `${where}: ${problem.message}`);
}

const card = (text: string, mediaIds?: readonly string[]) => ({
  text,
  media_paths: [],
  ...(mediaIds?.length ? { media_ids: [...mediaIds] } : {}),
});

/** The author of the post being answered, for the per-author cap and the self-reply rule (best effort). */
async function authorOf(read: SocialRead, tweetId: string): Promise<string | undefined> {
  try {
    return (await read.getTweet(tweetId)).author_id;
  } catch {
    return undefined;
  }
}

/** What a post, reply, quote or thread answers (postResult). */
const PostResult = z.object({
  posted: z.boolean().describe('Live on the platform now.'),
  queued: z
    .boolean()
    .optional()
    .describe('Not live yet: the posting queue retries it or resumes the thread.'),
  tweet_id: z.string().optional().describe('The (first) post, once live.'),
  tweet_ids: z.array(z.string()).describe('Every post live so far, in order.'),
  job_id: z.number().int().describe('The posting job (for the posting queue and the audit).'),
  reason: z.string().optional().describe('Why it is not live yet.'),
});

function postResult(result: PublishResult): z.output<typeof PostResult> {
  if (result.status === 'pending' && result.tweet_ids.length > 0) {
    throw new AppError(
      'thread_partial_failure',
      `${result.tweet_ids.length} post(s) of the thread are live; ${result.reason}`,
      { details: { job_id: result.job_id, posted_tweet_ids: result.tweet_ids, resumes: true } },
    );
  }
  if (result.status === 'posted') {
    return {
      posted: true,
      tweet_id: result.tweet_ids[0],
      tweet_ids: result.tweet_ids,
      job_id: result.job_id,
    };
  }
  return {
    posted: false,
    queued: true,
    job_id: result.job_id,
    tweet_ids: result.tweet_ids,
    reason: result.reason,
  };
}

const deleteOf = (result: unknown) => {
  const ids = (result as { tweet_ids?: string[] }).tweet_ids ?? [];
  return ids.length
    ? {
        tool: 'social_delete_tweet',
        params: { tweet_id: ids[0] },
        note:
          ids.length > 1 ? `delete each of ${ids.join(', ')} to remove the whole thread` : 'deletes the post',
      }
    : undefined;
};

function contentAction<P extends Record<string, unknown>>(spec: {
  tool: string;
  category: 'write' | 'thread';
  params: z.ZodType<P>;
  validate(params: P): void;
  intent(params: P): PostingIntent;
  subject(params: P, read: SocialRead): Promise<GuardSubject>;
}) {
  return defineAction<P>({
    tool: spec.tool,
    category: spec.category,
    params: spec.params,
    platform: true,
    validate: spec.validate,
    subject: spec.subject,
    posting: spec.intent,
    execute: async (env, params) => postResult(await env.publish(spec.intent(params))),
    result: PostResult,
    rollback: (_params, result) => deleteOf(result),
  });
}

const texts = (payload: PostingPayload) => payload.cards.map((c) => c.text);

const PostTweet = z.object({
  text: z.string().describe('Post text (at most 280 weighted characters).'),
  media_ids: MediaIds.optional(),
});
const ReplyToTweet = z.object({
  text: z.string().describe('Reply text (at most 280 weighted characters).'),
  in_reply_to_id: Id('Id of the post to reply to.'),
  media_ids: MediaIds.optional(),
});
const QuoteTweet = z.object({
  text: z.string().describe('Quote text (at most 280 weighted characters).'),
  quoted_tweet_id: Id('Id of the post to quote.'),
  media_ids: MediaIds.optional(),
});
const PostThread = z.object({
  tweets: z.array(z.string()).min(2).max(25).describe('Ordered texts of the thread posts (at least 2).'),
  media_ids: z
    .array(z.array(z.string().trim().min(1)).max(4))
    .optional()
    .describe('Per-post media id lists; the outer index matches the post index.'),
});

const postTweet = contentAction({
  tool: 'social_post_tweet',
  category: 'write',
  params: PostTweet,
  validate: (p) => checkText(p.text),
  intent: (p) => ({ kind: 'tweet', payload: { cards: [card(p.text, p.media_ids)] } }),
  subject: async (p) => ({ kind: 'tweet', texts: [p.text] }),
});

const replyToTweet = contentAction({
  tool: 'social_reply_to_tweet',
  category: 'write',
  params: ReplyToTweet,
  validate: (p) => checkText(p.text),
  intent: (p) => ({
    kind: 'reply',
    payload: { cards: [card(p.text, p.media_ids)], in_reply_to_tweet_id: p.in_reply_to_id },
  }),
  subject: async (p, read) => ({
    kind: 'reply',
    texts: [p.text],
    targetTweetId: p.in_reply_to_id,
    targetAuthorId: await authorOf(read, p.in_reply_to_id),
  }),
});

const quoteTweet = contentAction({
  tool: 'social_quote_tweet',
  category: 'write',
  params: QuoteTweet,
  validate: (p) => checkText(p.text),
  intent: (p) => ({
    kind: 'quote',
    payload: { cards: [card(p.text, p.media_ids)], quote_tweet_id: p.quoted_tweet_id },
  }),
  subject: async (p) => ({ kind: 'quote', texts: [p.text] }),
});

const postThread = contentAction({
  tool: 'social_post_thread',
  category: 'thread',
  params: PostThread,
  validate: (p) => {
    for (const [i, text] of p.tweets.entries()) checkText(text, `tweets[${i}]`);
    if ((p.media_ids?.length ?? 0) > p.tweets.length)
      throw new AppError('validation_error', 'media_ids has more entries than tweets');
  },
  intent: (p) => ({
    kind: 'thread',
    payload: { cards: p.tweets.map((text, i) => card(text, p.media_ids?.[i])) },
  }),
  subject: async (p) => ({ kind: 'thread', texts: texts({ cards: p.tweets.map((t) => card(t)) }) }),
});

const deleteTweet = defineAction({
  tool: 'social_delete_tweet',
  category: 'delete',
  params: z.object({ tweet_id: Id('Id of the post to delete.') }),
  platform: true,
  execute: async (env, p) => ({ ...(await env.write.deleteTweet(p.tweet_id)), tweet_id: p.tweet_id }),
  result: z.object({ deleted: z.boolean(), tweet_id: z.string() }),
});

/** An on/off engagement pair: each one's rollback is the other; both answer the state and the id. */
function toggle(
  on: string,
  off: string,
  key: 'tweet_id' | 'target_user_id',
  state: 'liked' | 'retweeted' | 'bookmarked' | 'following',
  run: {
    on: (env: Parameters<AnyToolAction['execute']>[0], id: string) => Promise<object>;
    off: (env: Parameters<AnyToolAction['execute']>[0], id: string) => Promise<object>;
    paced: boolean;
  },
): AnyToolAction[] {
  const params = z.object({
    [key]: Id(key === 'tweet_id' ? 'Id of the post.' : 'Id of the user.'),
  }) as z.ZodType<Record<string, string>>;
  const result = z.object({
    [state]: z.boolean(),
    [key]: z.string(),
    // A follow of a protected account waits for its owner's approval.
    ...(state === 'following' ? { pending_follow: z.boolean().optional() } : {}),
  });
  const make = (tool: string, other: string, act: typeof run.on, paced: boolean) =>
    defineAction({
      tool,
      category: 'engage',
      params,
      platform: true,
      paced,
      execute: async (env, p) => ({ ...(await act(env, p[key] ?? '')), [key]: p[key] }),
      result,
      rollback: (p) => ({ tool: other, params: { [key]: p[key] } }),
    });
  // Undoing (unlike, unfollow) and private bookmarks are not seen as activity: only `paced` ons wait.
  return [make(on, off, run.on, run.paced), make(off, on, run.off, false)];
}

export const PLATFORM_ACTIONS: readonly AnyToolAction[] = [
  postTweet,
  replyToTweet,
  quoteTweet,
  postThread,
  deleteTweet,
  ...toggle('social_like_tweet', 'social_unlike_tweet', 'tweet_id', 'liked', {
    on: (env, id) => env.write.like(id),
    off: (env, id) => env.write.unlike(id),
    paced: true,
  }),
  ...toggle('social_retweet', 'social_unretweet', 'tweet_id', 'retweeted', {
    on: (env, id) => env.write.retweet(id),
    off: (env, id) => env.write.unretweet(id),
    paced: true,
  }),
  ...toggle('social_bookmark_tweet', 'social_unbookmark_tweet', 'tweet_id', 'bookmarked', {
    on: (env, id) => env.write.bookmark(id),
    off: (env, id) => env.write.unbookmark(id),
    paced: false,
  }),
  ...toggle('social_follow_user', 'social_unfollow_user', 'target_user_id', 'following', {
    on: (env, id) => env.write.follow(id),
    off: (env, id) => env.write.unfollow(id),
    paced: true,
  }),
];

export const ACTION_SCHEMAS = { PostTweet, ReplyToTweet, QuoteTweet, PostThread };
