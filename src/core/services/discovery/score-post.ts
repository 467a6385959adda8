// A platform post through the 6-signal scorer, as a row for the Discovery Feed plus the breakdown agents
// and people read (per-signal points with context, matched keywords, the compact one-line summary).
import type { Tweet, User } from '../../../contracts/social.js';
import { formatScore } from '../../domain/score-breakdown.js';
import { type ScoreResult, scoreTweet } from '../../domain/scoring.js';
import type { DiscoverySource, NewDiscoveredPost } from '../../ports/discovery-store.js';
import type { DiscoverySettings } from './discovery-service-deps.js';

export interface ScoreBreakdown {
  total: number;
  threshold: number;
  meets_threshold: boolean;
  /** `Score: 74/100 [kw:25 fol:15 rec:10 eng:2 rep:13 ct:10] REPLY` */
  summary: string;
  signals: ScoreResult['signals'];
  matched_keywords: string[];
}

export interface ScoredPost {
  post: NewDiscoveredPost;
  breakdown: ScoreBreakdown;
}

/** Scores `tweet` (its author's follower count from `author`) and shapes it for storage and display. */
export function scorePost(
  tweet: Tweet,
  author: User | undefined,
  settings: DiscoverySettings,
  now: Date,
  source: DiscoverySource = 'search',
): ScoredPost {
  const metrics = tweet.public_metrics;
  const followers = author?.public_metrics?.followers_count ?? 0;
  const hasMedia = (tweet.attachments?.media_keys?.length ?? 0) > 0;
  const isQuote = tweet.referenced_tweets?.some((ref) => ref.type === 'quoted') ?? false;
  const result = scoreTweet(
    {
      text: tweet.text,
      author_followers: followers,
      likes: metrics?.like_count ?? 0,
      retweets: metrics?.retweet_count ?? 0,
      replies: metrics?.reply_count ?? 0,
      created_at: tweet.created_at ?? '',
      has_media: hasMedia,
      is_quote: isQuote,
    },
    settings.scoring,
    settings.keywords,
    now,
  );
  const breakdown: ScoreBreakdown = {
    total: result.total,
    threshold: settings.scoring.threshold,
    meets_threshold: result.meets_threshold,
    summary: formatScore(result),
    signals: result.signals,
    matched_keywords: result.matched_keywords,
  };
  return {
    breakdown,
    post: {
      tweet_id: tweet.id,
      author_id: tweet.author_id ?? author?.id ?? null,
      author_username: author?.username ?? null,
      author_followers: author?.public_metrics?.followers_count ?? null,
      text: tweet.text,
      tweet_created_at: tweet.created_at ?? null,
      like_count: metrics?.like_count ?? 0,
      retweet_count: metrics?.retweet_count ?? 0,
      reply_count: metrics?.reply_count ?? 0,
      quote_count: metrics?.quote_count ?? 0,
      impression_count: metrics?.impression_count ?? 0,
      has_media: hasMedia,
      is_quote: isQuote,
      score: result.total,
      score_breakdown: { ...breakdown },
      matched_keyword: result.matched_keywords[0] ?? null,
      source,
    },
  };
}
