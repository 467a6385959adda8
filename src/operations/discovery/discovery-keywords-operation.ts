// Operation discovery.keywords (GET /api/discovery/keywords): what the discovery loop searches, in turn.
import { z } from 'zod';
import { listKeywords } from '../../core/services/discovery/list-keywords.js';
import { defineOperation } from '../define-operation.js';
import { mapStorageErrors } from '../tools/discovery/discovery-binding.js';

export const discoveryKeywordsOperation = defineOperation({
  name: 'discovery.keywords',
  summary:
    'The keywords the discovery loop searches one per turn (product keywords, competitor keywords, industry topics), each with the posts it found and which comes next.',
  input: z.object({}),
  output: z.object({
    keywords: z.array(
      z.object({
        keyword: z.string(),
        source: z.enum(['product', 'competitor', 'industry']),
        posts_found: z.number().int().describe('Stored posts this keyword found.'),
        next: z.boolean().describe('The next discovery turn searches it.'),
      }),
    ),
  }),
  mutation: false,
  http: { method: 'GET', path: '/api/discovery/keywords' },
  run: (deps) =>
    mapStorageErrors(() =>
      listKeywords(deps.discovery, {
        product: deps.config.business.product_keywords,
        competitor: deps.config.business.competitor_keywords,
        industry: deps.config.business.industry_topics,
      }),
    ),
});
