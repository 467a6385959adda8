// Operation discovery.feed (GET /api/discovery/feed): the Discovery Feed for the dashboard — filters by
// score, keyword and not yet answered, paged, each post with the score breakdown behind its score. The
// tool get_discovery_feed reads the same store through the same service.
import { DiscoveryFeedInput, DiscoveryFeedPageSchema } from '../../contracts/discovery.js';
import { readDiscoveryPage } from '../../core/services/discovery/read-discovery-feed.js';
import { defineOperation } from '../define-operation.js';
import { mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

export const discoveryFeedOperation = defineOperation({
  name: 'discovery.feed',
  summary:
    'Scored posts found by discovery, best first: filter by lowest score, keyword and not yet answered; paged; each with its score breakdown.',
  input: DiscoveryFeedInput,
  output: DiscoveryFeedPageSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/discovery/feed' },
  run: (deps, input) =>
    mapStorageErrors(() =>
      readDiscoveryPage(discoveryServices(deps), {
        limit: input.limit,
        offset: input.offset,
        ...(input.min_score === undefined ? {} : { minScore: input.min_score }),
        ...(input.keyword === undefined ? {} : { keyword: input.keyword }),
        unrepliedOnly: input.unreplied,
      }),
    ),
});
