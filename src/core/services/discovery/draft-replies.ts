// Reply drafts for chosen posts: each post comes from the Discovery Feed (or the platform, unless the caller
// keeps to the feed), the LLM writes a reply in the account's voice (length repair and banned-phrase
// regeneration included), and the safety guards say up front whether queueing it would be refused.
// Nothing is posted or queued here.
import { findBannedPhrase } from '../../domain/posting-guards.js';
import { weightedLength } from '../../domain/weighted-length.js';
import { AppError, isAppError } from '../../errors.js';
import { generateReply } from '../assist/generate-content.js';
import { replyGuardDenial } from './check-reply-guards.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';
import { type ReplySource, requireInFeed } from './feed-replies.js';
import { loadPosts, type Unavailable } from './load-posts.js';

const LIVE_ITEMS = 500;
const MAX = 280;

export interface ReplyDraft {
  tweet_id: string;
  author_id: string | null;
  author_username: string | null;
  tweet_text: string;
  relevance_score: number;
  text: string;
  weighted_length: number;
  /** From generation: `truncated`, `contains_banned_phrase: <p>`. */
  flags: string[];
  /** No banned phrase, within 280, and no guard would refuse it now. */
  ready_to_queue: boolean;
  /** The guard that would refuse queueing it (duplicate reply, per-author cap...), if any. */
  guard?: { rule: string; message: string };
}

export interface DraftedReplies {
  drafts: ReplyDraft[];
  failed: Unavailable[];
}

export async function draftReplies(
  deps: Pick<
    DiscoveryServiceDeps,
    'discovered' | 'read' | 'clock' | 'settings' | 'assist' | 'guards' | 'history' | 'selfId'
  >,
  input: { tweetIds: readonly string[]; mentionProduct?: boolean; from?: ReplySource },
): Promise<DraftedReplies> {
  if (input.from === 'feed') await requireInFeed(deps, input.tweetIds);
  // An unconfigured LLM fails the call before any platform read is spent.
  deps.assist.llm();
  const { posts, unavailable } = await loadPosts(deps, input.tweetIds);
  const self = await deps.selfId();
  const committed = await deps.history.liveReplyItems(LIVE_ITEMS);
  const banned = deps.assist.bannedPhrases();
  const drafts: ReplyDraft[] = [];
  const failed: Unavailable[] = [...unavailable];
  const llmErrors: AppError[] = [];
  for (const post of posts) {
    try {
      const generated = await generateReply(deps.assist, {
        tweet_text: post.text,
        tweet_author: post.author_username ?? post.author_id ?? 'someone',
        mention_product: input.mentionProduct ?? false,
      });
      const denial = await replyGuardDenial(
        deps,
        {
          kind: 'reply',
          // Proposed by an agent or a loop: the automation caps apply.
          autonomous: true,
          texts: [generated.content],
          targetTweetId: post.tweet_id,
          targetAuthorId: post.author_id ?? undefined,
          selfUserId: self,
        },
        committed,
      );
      const length = weightedLength(generated.content);
      drafts.push({
        tweet_id: post.tweet_id,
        author_id: post.author_id,
        author_username: post.author_username,
        tweet_text: post.text,
        relevance_score: post.score,
        text: generated.content,
        weighted_length: length,
        flags: generated.flags,
        ready_to_queue: !denial && length <= MAX && !findBannedPhrase(generated.content, banned),
        ...(denial ? { guard: { rule: denial.rule, message: denial.message } } : {}),
      });
    } catch (error) {
      if (isAppError(error) && error.code === 'llm_not_configured') throw error;
      const appError = isAppError(error)
        ? error
        : new AppError('llm_error', (error as Error)?.message ?? String(error), { cause: error });
      if (appError.code === 'llm_error') llmErrors.push(appError);
      failed.push({ tweet_id: post.tweet_id, code: appError.code, reason: appError.message });
    }
  }
  // Every generation failing is the LLM being down, not a per-post problem: say so as the error it is.
  const firstLlmError = llmErrors[0];
  if (drafts.length === 0 && firstLlmError && llmErrors.length === posts.length) throw firstLlmError;
  return { drafts, failed };
}
