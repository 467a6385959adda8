// The content loop (autopilot): due scheduled posts first, else one original post per content window — or
// per preferred slot in slot mode — within the daily post cap, queued as loop:content
// (core/services/autopilot/run-content.ts).

import type { Config } from '../../contracts/config/config.js';
import { describeContentTurn, runContentTurn } from '../../core/services/autopilot/run-content.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';
import { autopilotDeps, autopilotUnset } from './autopilot-deps.js';

const NAME = 'content';
/** In slot mode the loop looks this often, so a slot is met within minutes rather than a whole window. */
const SLOT_CHECK_MS = 15 * 60_000;

export function contentIntervalMs(config: Readonly<Config>): number {
  const window = config.intervals.content_post_window_seconds * 1000;
  return config.schedule.preferred_times.length > 0 ? Math.min(window, SLOT_CHECK_MS) : window;
}

export const contentLoop: LoopDefinition<LoopDeps> = {
  name: NAME,
  intervalMs: (deps) => contentIntervalMs(deps.config),
  modes: ['autopilot'],
  jitter: true,
  activeHours: true,
  notConfigured: autopilotUnset,
  async run(deps) {
    const { schedule, intervals, limits } = deps.config;
    const turn = await runContentTurn(autopilotDeps(deps, NAME), {
      timezone: schedule.timezone,
      preferredTimes: schedule.preferred_times,
      preferredTimesOverride: schedule.preferred_times_override,
      windowSeconds: intervals.content_post_window_seconds,
      maxTweetsPerDay: limits.max_tweets_per_day,
    });
    return describeContentTurn(turn);
  },
};
