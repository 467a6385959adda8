// score_tweet: the 6-signal engine on one post, with the per-signal breakdown and the threshold verdict.
import { z } from 'zod';
import { describeScore } from '../../core/domain/score-breakdown.js';
import { scoreTweet } from '../../core/domain/scoring.js';
import { defineOperation } from '../define-operation.js';
import { ALL_PROFILES } from '../tool-kit.js';

const Count = z.number().int().min(0);

export const ScoreTweetInput = z.object({
  tweet: z
    .object({
      text: z.string().describe('Post text.'),
      author_username: z.string().optional().describe('Handle of the author.'),
      author_followers: Count.default(0).describe('Follower count of the author.'),
      likes: Count.default(0),
      retweets: Count.default(0),
      replies: Count.default(0),
      created_at: z.string().describe('Creation time, ISO 8601.'),
      has_media: z.boolean().optional(),
      is_quote: z.boolean().optional(),
    })
    .describe('The post to score.'),
});

export const scoreTweetOperation = defineOperation({
  name: 'score_tweet',
  summary:
    'Score a post for reply-worthiness with the 6 signals of [scoring] (keywords, author reach, recency, engagement, reply count, content type): total, per-signal breakdown, meets_threshold.',
  input: ScoreTweetInput,
  output: z.record(z.string(), z.unknown()),
  mutation: false,
  tool: {
    name: 'score_tweet',
    category: 'scoring',
    lane: 'shared',
    profiles: ALL_PROFILES,
    requires: {},
    errors: [],
  },
  run: async (deps, input) => {
    const business = deps.config.business;
    const keywords = [...business.product_keywords, ...business.competitor_keywords];
    const result = scoreTweet(input.tweet, deps.config.scoring, keywords, deps.clock.now());
    return {
      ...result,
      threshold: deps.config.scoring.threshold,
      breakdown: describeScore(result, input.tweet, deps.config.scoring.threshold),
    };
  },
});
