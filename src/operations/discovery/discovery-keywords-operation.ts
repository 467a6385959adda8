// Operation discovery.keywords (GET /api/discovery/keywords): what the discovery loop searches, in turn.
import { DiscoveryKeywordsSchema } from '../../contracts/discovery.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { listKeywords } from '../../core/services/discovery/list-keywords.js';
import { defineOperation } from '../define-operation.js';
import { mapStorageErrors } from './discovery-binding.js';

export const discoveryKeywordsOperation = defineOperation({
  name: 'discovery.keywords',
  summary:
    'The keywords the discovery loop searches one per turn (product keywords, competitor keywords, industry topics), each with the posts it found and which comes next.',
  input: EmptyInput,
  output: DiscoveryKeywordsSchema,
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
