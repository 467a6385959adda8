// Tool propose_and_queue_replies: reply drafts into the approval queue, past the policy and the guards.
import { z } from 'zod';
import { DB_ERRORS, PLATFORM_READ_ERRORS, POLICY_ERRORS } from '../../contracts/tools/tool-binding.js';
import { platformId } from '../../contracts/tools/tool-params.js';
import {
  checkProposedLengths,
  PROPOSE_TOOL,
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

export const proposeAndQueueRepliesOperation = defineOperation({
  name: PROPOSE_TOOL,
  summary:
    'Queues reply drafts for human review (policy-gated: blocked tools are refused, dry run queues nothing). Each draft passes the posting guards (banned phrases, self or duplicate reply, daily and per-author caps, replies already waiting counted) and becomes a reply item in the approval queue, or is skipped with the reason.',
  input: z.object({
    drafts: z
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
      .describe('Replies to queue (1-20), e.g. from draft_replies_for_candidates.'),
  }),
  output: z.union([
    z.object({
      queued: z.array(z.object({ tweet_id: z.string(), approval_queue_id: z.number().int() })),
      skipped: z.array(Skipped),
    }),
    z.object({ dry_run: z.literal(true), would_execute: z.string(), params: z.string() }),
  ]),
  mutation: true,
  tool: {
    ...discoveryBinding(PROPOSE_TOOL, 'composite', {
      social: true,
      policy: 'check',
      errors: [...POLICY_ERRORS, 'tweet_too_long', ...PLATFORM_READ_ERRORS, ...DB_ERRORS],
    }),
    // Decided as a thread of replies; one call counts once, and only when it queued something.
    policyCategory: 'thread',
    counts: (result) => ((result as { queued?: unknown[] }).queued?.length ?? 0) > 0,
  },
  validate: checkProposedLengths,
  run: (deps, input) => mapStorageErrors(() => proposeReplies(discoveryServices(deps), input)),
});
