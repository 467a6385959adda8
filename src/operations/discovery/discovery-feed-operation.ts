// Operation discovery.feed: the Discovery Feed — scored posts from discovery runs, best first. The dashboard
// (GET /api/discovery/feed) filters by score, keyword and not yet answered, pages, and shows each score's
// breakdown; the tool get_discovery_feed keeps the parameters and the item list the spec gives it.
import { z } from 'zod';
import { DiscoveryFeedInput, DiscoveryFeedPageSchema, FeedItemSchema } from '../../contracts/discovery.js';
import { DB_ERRORS } from '../../contracts/tools/tool-binding.js';
import { type FeedPage, readDiscoveryPage } from '../../core/services/discovery/read-discovery-feed.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding, mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

export const discoveryFeedOperation = defineOperation({
  name: 'discovery.feed',
  summary:
    'Scored posts from recent discovery runs (and find_reply_opportunities), best score first, with whether the account already replied; the dashboard filters them by keyword and not yet answered, pages them and shows the score breakdown of each.',
  input: DiscoveryFeedInput,
  output: DiscoveryFeedPageSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/discovery/feed' },
  tool: {
    ...discoveryBinding('get_discovery_feed', 'discovery', { errors: DB_ERRORS }),
    params: {
      schema: z.object({
        limit: z.number().int().min(1).max(100).default(10).describe('Most posts to return (1-100).'),
        min_score: z
          .number()
          .min(0)
          .max(100)
          .default(50)
          .describe('Lowest relevance score to include (0-100).'),
      }),
      toInput: (params: { limit: number; min_score: number }) => ({
        ...params,
        offset: 0,
        unreplied: false,
      }),
    },
    // The tool answers the first page's posts as a list, without the breakdowns.
    answer: {
      schema: z.array(FeedItemSchema),
      fromResult: (page: FeedPage) => page.items.map(({ posted_at, score_breakdown, ...item }) => item),
    },
  },
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
