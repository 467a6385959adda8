// One post, one recommendation: fetch the post and its author, score it with the 6-signal engine, check the
// reply guards that would apply (self reply, already replied or queued, daily and per-author caps), and
// say reply, like or skip with the reasons. Advice only: nothing is stored, queued or sent.
import type { User } from '../../../contracts/social.js';
import type { GuardDenial } from '../../domain/posting-guards.js';
import { replyGuardDenial } from '../discovery/check-reply-guards.js';
import type { DiscoveryServiceDeps } from '../discovery/discovery-service-deps.js';
import { listTargetAccounts } from '../discovery/list-target-accounts.js';
import { type ScoreBreakdown, scorePost } from '../discovery/score-post.js';
import { contextFailure } from './context-failure.js';

const LIVE_ITEMS = 500;
/** A target account's post this close to the reply threshold is still worth a reply. */
const TARGET_SHARE_OF_THRESHOLD = 0.75;

export type EngagementAction = 'reply' | 'like' | 'skip';

export interface EngagementRecommendation {
  tweet_id: string;
  action: EngagementAction;
  reasons: string[];
  score: ScoreBreakdown;
  guards: { reply_allowed: boolean; rule?: string; message?: string; waitable?: boolean };
  author: {
    id: string | null;
    username: string | null;
    followers: number | null;
    is_target_account: boolean;
    protected: boolean;
  };
  tweet: {
    text: string;
    created_at: string | null;
    like_count: number;
    retweet_count: number;
    reply_count: number;
  };
}

interface Facts {
  score: ScoreBreakdown;
  denial: GuardDenial | undefined;
  /** Some discovery keyword matches, or none are configured (then every post counts as on topic). */
  onTopic: boolean;
  isTarget: boolean;
  isProtected: boolean;
  isRepost: boolean;
}

/**
 * The decision, most blocking reason first. A high total alone is not enough for a reply: a fresh post
 * from a mid-size account scores well on reach and recency whatever it says, so it must also be on topic
 * (or come from a target account).
 */
function decide(facts: Facts): { action: EngagementAction; reasons: string[] } {
  const { score, denial } = facts;
  const verdict = `score ${score.total} vs threshold ${score.threshold}`;
  const topics = score.matched_keywords.length ? `matches ${score.matched_keywords.join(', ')}` : undefined;
  if (facts.isRepost) return { action: 'skip', reasons: ['a repost: engage with the original instead'] };
  if (denial && !denial.waitable)
    return { action: 'skip', reasons: [`no reply: ${denial.message}`, verdict] };
  if (facts.isProtected) {
    return { action: 'skip', reasons: ['the author is a protected account: replies reach only followers'] };
  }
  if (!facts.onTopic && !facts.isTarget) {
    return { action: 'skip', reasons: ['off topic: matches none of the discovery keywords', verdict] };
  }
  const why = [
    verdict,
    ...(topics ? [topics] : []),
    ...(facts.isTarget ? ['the author is a target account'] : []),
  ];
  const worthReply =
    score.meets_threshold || (facts.isTarget && score.total >= score.threshold * TARGET_SHARE_OF_THRESHOLD);
  if (worthReply && !denial) return { action: 'reply', reasons: why };
  if (worthReply && denial) {
    return {
      action: 'like',
      reasons: [`worth a reply but ${denial.message}; a like keeps the contact`, ...why],
    };
  }
  return { action: 'like', reasons: ['relevant but below the reply threshold', ...why] };
}

export async function recommendEngagementAction(
  deps: Pick<
    DiscoveryServiceDeps,
    'read' | 'clock' | 'settings' | 'guards' | 'history' | 'selfId' | 'targets'
  >,
  input: { tweetId: string },
): Promise<EngagementRecommendation> {
  try {
    const tweet = await deps.read.getTweet(input.tweetId);
    // Without the profile the post still scores (reach counts 0), so a failed lookup is not fatal.
    const author: User | undefined = tweet.author_id
      ? await deps.read.getUserById(tweet.author_id).catch(() => undefined)
      : undefined;
    const now = deps.clock.now();
    const settings = deps.settings();
    const { post, breakdown } = scorePost(tweet, author, settings, now);
    const self = await deps.selfId();
    const denial = await replyGuardDenial(
      deps,
      {
        kind: 'reply',
        // Proposed by an agent or a loop: the automation caps apply.
        autonomous: true,
        texts: [],
        targetTweetId: tweet.id,
        targetAuthorId: post.author_id ?? undefined,
        selfUserId: self,
      },
      await deps.history.liveReplyItems(LIVE_ITEMS),
    );
    const targets = await listTargetAccounts(deps);
    const handle = author?.username.toLowerCase();
    const isTarget = targets.some(
      (t) =>
        (handle && t.username.toLowerCase() === handle) || (post.author_id && t.user_id === post.author_id),
    );
    const decision = decide({
      score: breakdown,
      denial,
      onTopic: breakdown.matched_keywords.length > 0 || settings.keywords.length === 0,
      isTarget,
      isProtected: author?.protected === true,
      isRepost: tweet.referenced_tweets?.some((ref) => ref.type === 'retweeted') ?? false,
    });
    return {
      tweet_id: tweet.id,
      action: decision.action,
      reasons: decision.reasons,
      score: breakdown,
      guards: denial
        ? { reply_allowed: false, rule: denial.rule, message: denial.message, waitable: denial.waitable }
        : { reply_allowed: true },
      author: {
        id: post.author_id,
        username: author?.username ?? null,
        followers: post.author_followers,
        is_target_account: isTarget,
        protected: author?.protected === true,
      },
      tweet: {
        text: tweet.text,
        created_at: post.tweet_created_at,
        like_count: post.like_count,
        retweet_count: post.retweet_count,
        reply_count: post.reply_count,
      },
    };
  } catch (error) {
    throw contextFailure(
      'recommendation_error',
      `engagement recommendation for post ${input.tweetId} failed`,
      error,
    );
  }
}
