// Tool recommend_engagement_action: reply, like or skip for one post, with the reasons.
import { z } from 'zod';
import { platformId } from '../../contracts/tools/tool-params.js';
import { recommendEngagementAction } from '../../core/services/context/recommend-engagement-action.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

export const recommendEngagementActionOperation = defineOperation({
  name: 'recommend_engagement_action',
  summary:
    'Recommends reply, like or skip for one post: fetches it and its author, scores it with the 6-signal engine and checks the reply guards that would apply (self reply, already replied or queued, daily and per-author caps). Advice only: nothing is queued or sent.',
  input: z.object({ tweet_id: platformId('Id of the post.') }),
  output: z.object({
    tweet_id: z.string(),
    action: z.enum(['reply', 'like', 'skip']),
    reasons: z.array(z.string()),
    score: z.object({ total: z.number(), threshold: z.number(), meets_threshold: z.boolean() }),
    guards: z.object({ reply_allowed: z.boolean() }),
  }),
  mutation: false,
  tool: discoveryBinding('recommend_engagement_action', 'context', {
    social: true,
    errors: ['recommendation_error'],
  }),
  run: (deps, input) => recommendEngagementAction(discoveryServices(deps), { tweetId: input.tweet_id }),
});
