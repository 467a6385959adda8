// Operations discovery.compose_reply and discovery.queue_reply: replying from the Discovery Feed
// (core/services/discovery/feed-replies.ts). Composing changes nothing; queueing is a mutation that
// enters the gateway with the caller's actor and lands in the approval queue.
import {
  ComposedFeedReplySchema,
  ComposeFeedReplyInput,
  QueuedFeedReplySchema,
  QueueFeedReplyInput,
} from '../../contracts/discovery.js';
import { composeFeedReply, queueFeedReply } from '../../core/services/discovery/feed-replies.js';
import { defineOperation } from '../define-operation.js';
import { discoveryServices } from './discovery-services.js';

export const composeFeedReplyOperation = defineOperation({
  name: 'discovery.compose_reply',
  summary:
    'Write a reply to a post in the Discovery Feed with the LLM (the account voice and notes); says whether the guards would let it be queued. Nothing is queued.',
  input: ComposeFeedReplyInput,
  output: ComposedFeedReplySchema,
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
  input: QueueFeedReplyInput,
  output: QueuedFeedReplySchema,
  mutation: true,
  http: { method: 'POST', path: '/api/discovery/{tweet_id}/queue-reply' },
  run: (deps, input, context) =>
    queueFeedReply(discoveryServices(deps), {
      tweetId: input.tweet_id,
      text: input.text,
      actor: context.actor,
    }),
});
