// A platform post through the scorer, as stored in the Discovery Feed and shown to agents.
import { describe, expect, it } from 'vitest';
import { ScoringSchema } from '../../../contracts/config/automation.js';
import type { Tweet, User } from '../../../contracts/social.js';
import { scorePost } from './score-post.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const settings = { scoring: ScoringSchema.parse({}), keywords: ['rust', 'cli'], targetAccounts: [] };

const tweet: Tweet = {
  id: '100',
  text: 'Building amazing Rust CLI tools for developers',
  author_id: '2001',
  created_at: '2026-11-22T11:50:00.000Z',
  public_metrics: { like_count: 20, retweet_count: 5, reply_count: 3, quote_count: 1, impression_count: 800 },
};
const author: User = {
  id: '2001',
  username: 'rob',
  name: 'Rob',
  public_metrics: { followers_count: 5000, following_count: 10, tweet_count: 100 },
};

describe('scorePost', () => {
  it('scores the reference example (74.03) and shapes the feed row and the breakdown', () => {
    const { post, breakdown } = scorePost(tweet, author, settings, NOW);
    expect(breakdown).toMatchObject({
      total: 74.03,
      threshold: 60,
      meets_threshold: true,
      summary: 'Score: 74/100 [kw:25 fol:15 rec:10 eng:2 rep:13 ct:10] REPLY',
      matched_keywords: ['rust', 'cli'],
    });
    expect(post).toEqual({
      tweet_id: '100',
      author_id: '2001',
      author_username: 'rob',
      author_followers: 5000,
      text: tweet.text,
      tweet_created_at: '2026-11-22T11:50:00.000Z',
      like_count: 20,
      retweet_count: 5,
      reply_count: 3,
      quote_count: 1,
      impression_count: 800,
      has_media: false,
      is_quote: false,
      score: 74.03,
      score_breakdown: breakdown,
      matched_keyword: 'rust',
      source: 'search',
    });
  });

  it('media and quotes lose the content-type points; an unknown author counts no reach', () => {
    const withMedia = scorePost({ ...tweet, attachments: { media_keys: ['3_1'] } }, author, settings, NOW);
    expect(withMedia.post.has_media).toBe(true);
    expect(withMedia.breakdown.signals.content_type.score).toBe(0);
    const quote = scorePost(
      { ...tweet, referenced_tweets: [{ type: 'quoted', id: '9' }] },
      undefined,
      settings,
      NOW,
      'mention',
    );
    expect(quote.post).toMatchObject({
      is_quote: true,
      author_username: null,
      author_followers: null,
      source: 'mention',
    });
    expect(quote.breakdown.signals.follower.score).toBe(0);
  });

  it('a post without metrics or timestamp still scores, on what it has', () => {
    const bare = scorePost({ id: '1', text: 'nothing relevant' }, undefined, settings, NOW);
    expect(bare.post).toMatchObject({
      like_count: 0,
      tweet_created_at: null,
      matched_keyword: null,
      author_id: null,
    });
    expect(bare.breakdown.signals.recency.detail).toBe('unparseable timestamp');
    expect(bare.breakdown.total).toBe(25);
  });
});
