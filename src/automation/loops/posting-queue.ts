// Posts what is due, in both modes: scheduled drafts, approved items and immediate posts, exactly once.

import { runPostingQueue } from '../../core/gateway/publish-job.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';

export const postingQueueLoop: LoopDefinition<LoopDeps> = {
  name: 'posting-queue',
  intervalMs: (deps) => deps.config.intervals.posting_queue_seconds * 1000,
  modes: ['autopilot', 'composer'],
  writes: true,
  async run(deps) {
    await runPostingQueue(deps.publisher);
  },
  // A post held for its turn or its retry goes when that comes, not at the next poll.
  async nextDueMs(deps) {
    const now = deps.clock.now();
    const at = await deps.publisher.posting.nextDueAt(now);
    return at ? at.getTime() - now.getTime() : undefined;
  },
  // Nothing due and no job written since: its polls find nothing until the next one falls due.
  quiet: {
    version: (deps) => deps.publisher.posting.writeCount(),
    async quietUntil(deps, now) {
      const { posting } = deps.publisher;
      if ((await posting.dueJobs(now, 1)).length > 0) return undefined;
      return (await posting.nextDueAt(now)) ?? null;
    },
  },
};
