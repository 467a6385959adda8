// Tool list_unreplied_tweets: discovered posts the account has not replied to yet, best first.
import { z } from 'zod';
import { DB_ERRORS } from '../../contracts/tools/tool-binding.js';
import { readDiscoveryFeed } from '../../core/services/discovery/read-discovery-feed.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding, mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';
import { FeedItemSchema } from './feed-item-schema.js';

export const listUnrepliedTweetsOperation = defineOperation({
  name: 'list_unreplied_tweets',
  summary:
    'Discovered posts the account has not replied to (no reply posted or marked), best relevance score first.',
  input: z.object({
    limit: z.number().int().min(1).max(100).default(20).describe('Most posts to return (1-100).'),
    min_score: z.number().min(0).max(100).default(0).describe('Lowest relevance score to include (0-100).'),
  }),
  output: z.array(FeedItemSchema),
  mutation: false,
  tool: discoveryBinding('list_unreplied_tweets', 'discovery', { errors: DB_ERRORS }),
  run: (deps, input) =>
    mapStorageErrors(() =>
      readDiscoveryFeed(discoveryServices(deps), {
        limit: input.limit,
        minScore: input.min_score,
        unrepliedOnly: true,
      }),
    ),
});
