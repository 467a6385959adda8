// The loops the service runs, as one list the scheduler takes.

import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';
import { analyticsLoop } from './analytics.js';
import { approvalPosterLoop } from './approval-poster.js';
import { contentLoop } from './content.js';
import { discoveryLoop } from './discovery.js';
import { mentionsLoop } from './mentions.js';
import { noteMetricsLoop } from './note-metrics.js';
import { postingQueueLoop } from './posting-queue.js';
import { seedWorkerLoop } from './seed-worker.js';
import { targetsLoop } from './targets.js';
import { threadsLoop } from './threads.js';
import { tokenRefreshLoop } from './token-refresh.js';

/** Loops that run in both modes (spec: posting queue, approval poster, analytics, token refresh). */
export const ALWAYS_ON_LOOPS: ReadonlyArray<LoopDefinition<LoopDeps>> = [
  postingQueueLoop,
  approvalPosterLoop,
  tokenRefreshLoop,
  seedWorkerLoop,
  noteMetricsLoop,
];

/**
 * The loops of the service itself (spec, Loop activity by mode: the autonomous ones and analytics), run by
 * `app serve` only, so a tool server started beside it never searches, replies or measures twice.
 */
export const SERVICE_LOOPS: ReadonlyArray<LoopDefinition<LoopDeps>> = [
  discoveryLoop,
  mentionsLoop,
  targetsLoop,
  contentLoop,
  threadsLoop,
  analyticsLoop,
];
