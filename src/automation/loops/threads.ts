// The thread loop (autopilot): a 5-8 post thread at the weekly slot (or every thread interval) within the
// weekly thread cap, queued as loop:threads and posted as a reply chain by the posting queue
// (core/services/autopilot/run-threads.ts).

import { describeThreadTurn, runThreadTurn } from '../../core/services/autopilot/run-threads.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';
import { autopilotDeps, autopilotUnset } from './autopilot-deps.js';

const NAME = 'threads';
/** The loop looks this often (at most), so the weekly slot or the end of the interval is met within minutes. */
const THREAD_CHECK_MS = 15 * 60_000;

export const threadsLoop: LoopDefinition<LoopDeps> = {
  name: NAME,
  intervalMs: (deps) => Math.min(deps.config.intervals.thread_interval_seconds * 1000, THREAD_CHECK_MS),
  modes: ['autopilot'],
  jitter: true,
  activeHours: true,
  notConfigured: autopilotUnset,
  async run(deps) {
    const { schedule, intervals, limits } = deps.config;
    const turn = await runThreadTurn(autopilotDeps(deps, NAME), {
      timezone: schedule.timezone,
      ...(schedule.thread_preferred_day ? { preferredDay: schedule.thread_preferred_day } : {}),
      preferredTime: schedule.thread_preferred_time,
      intervalSeconds: intervals.thread_interval_seconds,
      maxThreadsPerWeek: limits.max_threads_per_week,
    });
    return describeThreadTurn(turn);
  },
};
