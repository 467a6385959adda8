// Tool draft_replies_for_candidates: LLM reply drafts for chosen posts; nothing is posted or queued.
import { z } from 'zod';
import { DB_ERRORS, LLM_ERRORS, PLATFORM_READ_ERRORS } from '../../contracts/tools/tool-binding.js';
import { platformId } from '../../contracts/tools/tool-params.js';
import { draftReplies } from '../../core/services/discovery/draft-replies.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding, mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

export const draftRepliesForCandidatesOperation = defineOperation({
  name: 'draft_replies_for_candidates',
  summary:
    "Writes a reply draft in the account's voice for each post (from the Discovery Feed, or fetched from the platform): at most 280 weighted characters, banned phrases regenerated or flagged, and whether a safety guard would refuse queueing it. Nothing is posted or queued; pass the drafts to propose_and_queue_replies.",
  input: z.object({
    tweet_ids: z
      .array(platformId('A post id.'))
      .min(1)
      .max(20)
      .describe('Posts to draft replies for (1-20).'),
    mention_product: z
      .boolean()
      .default(false)
      .describe('Allow the drafts to mention the product (the product-mention share still applies).'),
  }),
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
  tool: discoveryBinding('draft_replies_for_candidates', 'composite', {
    social: true,
    llm: true,
    errors: [...LLM_ERRORS, ...PLATFORM_READ_ERRORS, ...DB_ERRORS],
  }),
  run: (deps, input) =>
    mapStorageErrors(() =>
      draftReplies(discoveryServices(deps), {
        tweetIds: input.tweet_ids,
        mentionProduct: input.mention_product,
      }),
    ),
});
