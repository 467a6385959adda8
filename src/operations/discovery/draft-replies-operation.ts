// Operation discovery.draft_replies: LLM reply drafts in the account's voice for chosen posts, with the
// guards' verdict up front; nothing is posted or queued. An agent drafts for several posts from the feed or
// the platform (tool draft_replies_for_candidates); the dashboard composes one reply to a post in its
// Discovery Feed (POST /api/discovery/{tweet_id}/compose-reply: a draft that could not be written is the
// answer's error).
import { z } from 'zod';
import { ComposedFeedReplySchema, ComposeFeedReplyInput } from '../../contracts/discovery.js';
import { DB_ERRORS, LLM_ERRORS, PLATFORM_READ_ERRORS } from '../../contracts/tools/tool-binding.js';
import { platformId } from '../../contracts/tools/tool-params.js';
import { AppError } from '../../core/errors.js';
import { type DraftedReplies, draftReplies } from '../../core/services/discovery/draft-replies.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding, mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

const ToolParams = z.object({
  tweet_ids: z.array(platformId('A post id.')).min(1).max(20).describe('Posts to draft replies for (1-20).'),
  mention_product: z
    .boolean()
    .default(false)
    .describe('Allow the drafts to mention the product (the product-mention share still applies).'),
});

export const draftRepliesOperation = defineOperation({
  name: 'discovery.draft_replies',
  summary:
    "Writes a reply draft in the account's voice for each post: at most 280 weighted characters, banned phrases regenerated or flagged, and whether a safety guard would refuse queueing it. Agents name posts from the Discovery Feed or the platform and pass the drafts to propose_and_queue_replies; the dashboard drafts one for a post in its feed. Nothing is posted or queued.",
  input: ToolParams.extend({ from: z.enum(['feed', 'feed_or_platform']) }),
  output: z.object({
    drafts: z.array(
      z.object({
        tweet_id: z.string(),
        text: z.string(),
        weighted_length: z.number().int(),
        flags: z.array(z.string()),
        ready_to_queue: z.boolean(),
      }),
    ),
    failed: z.array(z.object({ tweet_id: z.string(), code: z.string(), reason: z.string() })),
  }),
  mutation: false,
  // One reply to a post in the feed (not_found otherwise), answered as the draft itself.
  http: {
    method: 'POST',
    path: '/api/discovery/{tweet_id}/compose-reply',
    params: {
      schema: ComposeFeedReplyInput,
      toInput: ({ tweet_id, mention_product }: z.infer<typeof ComposeFeedReplyInput>) => ({
        tweet_ids: [tweet_id],
        mention_product,
        from: 'feed',
      }),
    },
    answer: {
      schema: ComposedFeedReplySchema,
      fromResult: ({ drafts: [draft], failed }: DraftedReplies) => {
        if (!draft) throw new AppError('llm_error', failed[0]?.reason ?? 'no reply could be written');
        return {
          tweet_id: draft.tweet_id,
          text: draft.text,
          weighted_length: draft.weighted_length,
          flags: draft.flags,
          ready_to_queue: draft.ready_to_queue,
          ...(draft.guard ? { guard: draft.guard } : {}),
        };
      },
    },
  },
  tool: {
    ...discoveryBinding('draft_replies_for_candidates', 'composite', {
      social: true,
      llm: true,
      errors: [...LLM_ERRORS, ...PLATFORM_READ_ERRORS, ...DB_ERRORS],
    }),
    params: {
      schema: ToolParams,
      toInput: (params: z.infer<typeof ToolParams>) => ({ ...params, from: 'feed_or_platform' }),
    },
  },
  run: (deps, input) =>
    mapStorageErrors(() =>
      draftReplies(discoveryServices(deps), {
        tweetIds: input.tweet_ids,
        mentionProduct: input.mention_product,
        from: input.from,
      }),
    ),
});
