// Tool topic_performance_snapshot: how each topic and format performed over a period.
import { z } from 'zod';
import { topicPerformanceSnapshot } from '../../core/services/context/topic-performance-snapshot.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

export const topicPerformanceSnapshotOperation = defineOperation({
  name: 'topic_performance_snapshot',
  summary:
    "Per topic and per format performance of the account's posts over the last `days` (posts, impressions, likes, replies, reposts, average performance per 1000 impressions), best topic first, with the all-time averages analytics keeps.",
  input: z.object({
    days: z.number().int().min(1).max(365).default(30).describe('Look-back window in days (1-365).'),
  }),
  output: z.object({
    days: z.number(),
    since: z.string(),
    totals: z.object({
      posts: z.number().int(),
      measured: z.number().int(),
      avg_performance: z.number().nullable(),
    }),
    topics: z.array(z.object({ topic: z.string() })),
    formats: z.array(z.object({ format: z.string() })),
    best_topic: z.string().nullable(),
  }),
  mutation: false,
  tool: discoveryBinding('topic_performance_snapshot', 'context', { errors: ['topic_error'] }),
  run: (deps, input) => topicPerformanceSnapshot(discoveryServices(deps), { days: input.days }),
});
