// Tool find_reply_opportunities: search, score, store in the Discovery Feed, return the best candidates.
import { z } from 'zod';
import { DB_ERRORS, PLATFORM_READ_ERRORS } from '../../contracts/tools/tool-binding.js';
import { sinceId } from '../../contracts/tools/tool-params.js';
import { findReplyOpportunities } from '../../core/services/discovery/find-reply-opportunities.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding, mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

export const findReplyOpportunitiesOperation = defineOperation({
  name: 'find_reply_opportunities',
  summary:
    'Searches recent posts (your query, or one built from [business] product and competitor keywords), scores each with the 6-signal engine, stores them in the Discovery Feed and returns the best candidates not yet replied to or queued, with their score breakdown.',
  input: z.object({
    query: z
      .string()
      .trim()
      .min(1)
      .max(512)
      .optional()
      .describe('Platform search query; default: the product and competitor keywords, reposts excluded.'),
    min_score: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe('Lowest score a candidate needs (0-100); default: [scoring].threshold.'),
    limit: z.number().int().min(1).max(50).default(10).describe('Most candidates to return (1-50).'),
    since_id: sinceId,
  }),
  output: z.object({
    query: z.string(),
    min_score: z.number(),
    searched: z.number().int(),
    stored: z.number().int(),
    already_handled: z.number().int(),
    candidates: z.array(
      z.object({ tweet_id: z.string(), text: z.string(), score: z.object({ total: z.number() }) }),
    ),
  }),
  mutation: false,
  tool: discoveryBinding('find_reply_opportunities', 'composite', {
    social: true,
    errors: [...PLATFORM_READ_ERRORS, 'validation_error', ...DB_ERRORS],
  }),
  run: (deps, input) =>
    mapStorageErrors(() =>
      findReplyOpportunities(discoveryServices(deps), {
        query: input.query,
        minScore: input.min_score,
        limit: input.limit,
        sinceId: input.since_id,
      }),
    ),
});
