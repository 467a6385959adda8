// The analytics loop (both modes, hourly, no jitter): follower snapshots, post metrics at a day old,
// topic scores, and the follower-drop alert (core/services/analytics/run-analytics.ts).

import { describeAnalytics, runAnalyticsTurn } from '../../core/services/analytics/run-analytics.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';

export const analyticsLoop: LoopDefinition<LoopDeps> = {
  name: 'analytics',
  intervalMs: () => 3_600_000,
  modes: ['autopilot', 'composer'],
  backoff: { afterErrors: 5, pauseMs: 600_000 },
  async run(deps) {
    const turn = await runAnalyticsTurn({
      read: deps.social.read,
      writer: deps.analyticsWriter,
      clock: deps.clock,
      timezone: () => deps.config.schedule.timezone,
    });
    return describeAnalytics(turn);
  },
};
