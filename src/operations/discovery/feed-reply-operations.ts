// Operations discovery.compose_reply and discovery.queue_reply: replying from the Discovery Feed
// (core/services/discovery/feed-replies.ts). Composing changes nothing; queueing is a mutation that
// enters the gateway with the caller's actor and lands in the approval queue.
import { z } from 'zod';
import { composeFeedReply, queueFeedReply } from '../../core/services/discovery/feed-replies.js';
import { defineOperation } from '../define-operation.js';
import { discoveryServices } from '../tools/discovery/discovery-services.js';

const TweetId = z
  .string()
  .regex(/^\d{1,19}$/, 'a post id is 1-19 digits')
  .describe('The post in the Discovery Feed.');

export const composeFeedReplyOperation = defineOperation({
  name: 'discovery.compose_reply',
  summary:
    'Write a reply to a post in the Discovery Feed with the LLM (the account voice and notes); says whether the guards would let it be queued. Nothing is queued.',
  input: z.object({
    tweet_id: TweetId,
    mention_product: z.boolean().default(false).describe('Let the reply name the product.'),
  }),
  output: z.object({
    tweet_id: z.string(),
    text: z.string(),
    weighted_length: z.number().int(),
    flags: z.array(z.string()),
    ready_to_queue: z.boolean(),
    guard: z.object({ rule: z.string(), message: z.string() }).optional(),
  }),
  mutation: false,
  http: { method: 'POST', path: '/api/discovery/{tweet_id}/compose-reply' },
  run: async (deps, input) => {
    const draft = await composeFeedReply(discoveryServices(deps), {
      tweetId: input.tweet_id,
      mentionProduct: input.mention_product,
    });
    return {
      tweet_id: draft.tweet_id,
      text: draft.text,
      weighted_length: draft.weighted_length,
      flags: draft.flags,
      ready_to_queue: draft.ready_to_queue,
      ...(draft.guard ? { guard: draft.guard } : {}),
    };
  },
});

export const queueFeedReplyOperation = defineOperation({
  name: 'discovery.queue_reply',
  summary:
    'Queue a reply to a post in the Discovery Feed for review (approval queue), after the length, banned-phrase and reply guards.',
  input: z.object({
    tweet_id: TweetId,
    text: z.string().min(1).max(10_000).describe('The reply (at most 280 weighted characters).'),
  }),
  output: z.object({ approval_queue_id: z.number().int(), tweet_id: z.string() }),
  mutation: true,
  http: { method: 'POST', path: '/api/discovery/{tweet_id}/queue-reply' },
  run: (deps, input, context) =>
    queueFeedReply(discoveryServices(deps), {
      tweetId: input.tweet_id,
      text: input.text,
      actor: context.actor,
    }),
});
