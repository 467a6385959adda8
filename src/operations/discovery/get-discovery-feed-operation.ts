// Tool get_discovery_feed: the best scored posts from discovery runs (the dashboard's Discovery Feed).
import { z } from 'zod';
import { DB_ERRORS } from '../../contracts/tools/tool-binding.js';
import { readDiscoveryFeed } from '../../core/services/discovery/read-discovery-feed.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding, mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';
import { FeedItemSchema } from './feed-item-schema.js';

export const getDiscoveryFeedOperation = defineOperation({
  name: 'get_discovery_feed',
  summary:
    'Scored posts from recent discovery runs (and find_reply_opportunities), best score first, with whether the account already replied.',
  input: z.object({
    limit: z.number().int().min(1).max(100).default(10).describe('Most posts to return (1-100).'),
    min_score: z.number().min(0).max(100).default(50).describe('Lowest relevance score to include (0-100).'),
  }),
  output: z.array(FeedItemSchema),
  mutation: false,
  tool: discoveryBinding('get_discovery_feed', 'discovery', { errors: DB_ERRORS }),
  run: (deps, input) =>
    mapStorageErrors(() =>
      readDiscoveryFeed(discoveryServices(deps), { limit: input.limit, minScore: input.min_score }),
    ),
});
