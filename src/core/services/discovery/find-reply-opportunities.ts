// Reply opportunities on demand: search recent posts (the agent's query, or one built from the product and
// competitor keywords), score each with the 6-signal engine, store them all in the Discovery Feed (even
// below the bar, as the discovery loop does), and return the best ones not yet answered.
import type { Tweet, User } from '../../../contracts/social.js';
import { AppError } from '../../errors.js';
import { buildDiscoveryQuery } from './build-discovery-query.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';
import { type ScoreBreakdown, scorePost } from './score-post.js';

/** Enough live approval items to see every reply committed today. */
const LIVE_ITEMS = 500;

export interface OpportunityInput {
  query?: string;
  /** Default: `[scoring].threshold`. */
  minScore?: number;
  limit: number;
  sinceId?: string;
}

export interface Opportunity {
  tweet_id: string;
  author_id: string | null;
  author_username: string | null;
  author_followers: number | null;
  text: string;
  created_at: string | null;
  like_count: number;
  retweet_count: number;
  reply_count: number;
  score: ScoreBreakdown;
}

export interface Opportunities {
  query: string;
  min_score: number;
  /** Posts the search returned. */
  searched: number;
  /** Posts scored and stored in the Discovery Feed (reposts and the account's own posts excluded). */
  stored: number;
  /** Posts left out because the account replied already or a reply to them waits for review. */
  already_handled: number;
  candidates: Opportunity[];
  next_since_id?: string;
}

const isRepost = (tweet: Tweet) => tweet.referenced_tweets?.some((ref) => ref.type === 'retweeted') ?? false;

export async function findReplyOpportunities(
  deps: Pick<DiscoveryServiceDeps, 'discovered' | 'history' | 'read' | 'clock' | 'settings' | 'selfId'>,
  input: OpportunityInput,
): Promise<Opportunities> {
  const settings = deps.settings();
  const query = input.query?.trim() || buildDiscoveryQuery(settings.keywords);
  if (!query) {
    throw new AppError(
      'validation_error',
      'no query given and no [business] product_keywords or competitor_keywords to build one from',
    );
  }
  const minScore = input.minScore ?? settings.scoring.threshold;
  // Search wider than the answer: most posts fall below the bar.
  const page = await deps.read.searchRecent(query, {
    maxResults: Math.min(100, Math.max(10, input.limit * 5)),
    sinceId: input.sinceId,
  });
  const users = new Map<string, User>((page.includes?.users ?? []).map((user) => [user.id, user]));
  const self = await deps.selfId();
  const now = deps.clock.now();
  const scored = page.data
    .filter((tweet) => !isRepost(tweet) && (self === undefined || tweet.author_id !== self))
    .map((tweet) =>
      scorePost(tweet, tweet.author_id ? users.get(tweet.author_id) : undefined, settings, now),
    );
  await deps.discovered.save(
    scored.map((s) => s.post),
    now,
  );

  const replied = new Set(
    (await deps.discovered.byIds(scored.map((s) => s.post.tweet_id)))
      .filter((post) => post.replied_to)
      .map((post) => post.tweet_id),
  );
  for (const item of await deps.history.liveReplyItems(LIVE_ITEMS)) {
    if (item.target_tweet_id) replied.add(item.target_tweet_id);
  }
  const open = scored.filter((s) => !replied.has(s.post.tweet_id));
  const candidates = open
    .filter((s) => s.post.score >= minScore)
    .sort((a, b) => b.post.score - a.post.score || (a.post.tweet_id < b.post.tweet_id ? 1 : -1))
    .slice(0, input.limit)
    .map(
      ({ post, breakdown }): Opportunity => ({
        tweet_id: post.tweet_id,
        author_id: post.author_id,
        author_username: post.author_username,
        author_followers: post.author_followers,
        text: post.text,
        created_at: post.tweet_created_at,
        like_count: post.like_count,
        retweet_count: post.retweet_count,
        reply_count: post.reply_count,
        score: breakdown,
      }),
    );
  return {
    query,
    min_score: minScore,
    searched: page.data.length,
    stored: scored.length,
    already_handled: scored.length - open.length,
    candidates,
    ...(page.meta.newest_id ? { next_since_id: page.meta.newest_id } : {}),
  };
}
