// Operation discovery.queue_replies: replies into the approval queue for a person to review, past the
// guards. An agent proposes a batch (tool propose_and_queue_replies: posts from the feed or the platform,
// policy-checked, a refused reply skipped with its reason); the dashboard queues one reply to a post in
// its Discovery Feed (POST /api/discovery/{tweet_id}/queue-reply: a refusal is the answer).
import { z } from 'zod';
import { QueuedFeedReplySchema, QueueFeedReplyInput } from '../../contracts/discovery.js';
import { DB_ERRORS, PLATFORM_READ_ERRORS, POLICY_ERRORS } from '../../contracts/tools/tool-binding.js';
import { platformId } from '../../contracts/tools/tool-params.js';
import {
  checkProposedLengths,
  PROPOSE_TOOL,
  type ProposeOutcome,
  proposeReplies,
} from '../../core/services/discovery/propose-replies.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding, mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

const Skipped = z.object({
  tweet_id: z.string(),
  code: z
    .string()
    .describe('The guard that refused it (duplicate_reply, author_cap, reply_cap...) or not_found.'),
  reason: z.string(),
});

const Drafts = z
  .array(
    z.object({
      tweet_id: platformId('The post to reply to.'),
      text: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(2000)
        .describe('The reply text (max 280 weighted).'),
    }),
  )
  .min(1)
  .max(20)
  .describe('Replies to queue (1-20), e.g. from draft_replies_for_candidates.');

export const queueRepliesOperation = defineOperation({
  name: 'discovery.queue_replies',
  summary:
    'Queues replies for human review. Each passes the posting guards (banned phrases, self or duplicate reply, daily and per-author caps, replies already waiting counted) and becomes a reply item in the approval queue; an agent proposes a batch (policy-gated: blocked tools are refused, dry run queues nothing) and a refused reply is skipped with the reason, the dashboard queues one reply to a post in its feed and a refusal is the answer.',
  input: z.object({
    drafts: z.array(z.object({ tweet_id: z.string(), text: z.string() })).min(1),
    from: z.enum(['feed', 'feed_or_platform']),
    refusal: z.enum(['skip', 'fail']),
  }),
  output: z.union([
    z.object({
      queued: z.array(z.object({ tweet_id: z.string(), approval_queue_id: z.number().int() })),
      skipped: z.array(Skipped),
    }),
    z.object({ dry_run: z.literal(true), would_execute: z.string(), params: z.string() }),
  ]),
  mutation: true,
  // One reply to a post in the feed; a refusal (guard, not in the feed) is the answer.
  http: {
    method: 'POST',
    path: '/api/discovery/{tweet_id}/queue-reply',
    params: {
      schema: QueueFeedReplyInput,
      toInput: ({ tweet_id, text }: z.infer<typeof QueueFeedReplyInput>) => ({
        drafts: [{ tweet_id, text }],
        from: 'feed',
        refusal: 'fail',
      }),
    },
    answer: {
      schema: QueuedFeedReplySchema,
      fromResult: ({ queued: [first] }: ProposeOutcome) => ({
        approval_queue_id: first?.approval_queue_id,
        tweet_id: first?.tweet_id,
      }),
    },
  },
  tool: {
    ...discoveryBinding(PROPOSE_TOOL, 'composite', {
      social: true,
      policy: 'check',
      errors: [...POLICY_ERRORS, 'tweet_too_long', ...PLATFORM_READ_ERRORS, ...DB_ERRORS],
    }),
    // Decided as a thread of replies; one call counts once, and only when it queued something.
    policyCategory: 'thread',
    counts: (result) => ((result as { queued?: unknown[] }).queued?.length ?? 0) > 0,
    params: {
      schema: z.object({ drafts: Drafts }),
      toInput: ({ drafts }: { drafts: z.infer<typeof Drafts> }) => ({
        drafts,
        from: 'feed_or_platform',
        refusal: 'skip',
      }),
    },
  },
  validate: checkProposedLengths,
  run: (deps, input, context) =>
    mapStorageErrors(() => proposeReplies(discoveryServices(deps), input, context.actor)),
});
