// Operation discovery.feed (GET /api/discovery/feed): the Discovery Feed for the dashboard — filters by
// score, keyword and not yet answered, paged, each post with the score breakdown behind its score. The
// tool get_discovery_feed reads the same store through the same service.
import { z } from 'zod';
import { readDiscoveryPage } from '../../core/services/discovery/read-discovery-feed.js';
import { defineOperation } from '../define-operation.js';
import { mapStorageErrors } from '../tools/discovery/discovery-binding.js';
import { discoveryServices } from '../tools/discovery/discovery-services.js';
import { FeedItemSchema } from '../tools/discovery/feed-item-schema.js';

export const discoveryFeedOperation = defineOperation({
  name: 'discovery.feed',
  summary:
    'Scored posts found by discovery, best first: filter by lowest score, keyword and not yet answered; paged; each with its score breakdown.',
  input: z.object({
    min_score: z.number().min(0).max(100).optional().describe('Lowest relevance score (0-100).'),
    keyword: z.string().trim().min(1).max(200).optional().describe('Only posts found through this keyword.'),
    unreplied: z.boolean().default(false).describe('Leave out posts already answered.'),
    limit: z.number().int().min(1).max(100).default(20),
    offset: z.number().int().min(0).default(0),
  }),
  output: z.object({
    items: z.array(
      FeedItemSchema.extend({
        posted_at: z
          .string()
          .nullable()
          .describe('When the author posted it (RFC 3339), when the platform said.'),
        score_breakdown: z.record(z.string(), z.unknown()).describe('The signals behind the score.'),
      }),
    ),
    next_offset: z.number().int().nullable().describe('Offset of the next page; null on the last.'),
  }),
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
