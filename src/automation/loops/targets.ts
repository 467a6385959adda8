// The target monitoring loop (autopilot): new posts of the accounts in `[targets] accounts`, the best fresh
// one per target answered as loop:targets through the gateway within the per-day target cap
// (core/services/discovery/run-targets.ts). Composer mode does not run it.

import { loopActor } from '../../contracts/actor.js';
import { describeTargets, runTargetsTurn } from '../../core/services/discovery/run-targets.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';

const NAME = 'targets';

export const targetsLoop: LoopDefinition<LoopDeps> = {
  name: NAME,
  // Upstream runs target monitoring on the mentions interval.
  intervalMs: (deps) => deps.config.intervals.mentions_check_seconds * 1000,
  modes: ['autopilot'],
  jitter: true,
  activeHours: true,
  needs: ['getUserTweets'],
  async run(deps) {
    const turn = await runTargetsTurn({
      ...deps.discoveryServices(),
      cursors: deps.discovery.cursors,
      monitoring: deps.discovery.targetMonitoring,
      dailyCap: () => deps.config.targets.max_target_replies_per_day,
      timeZone: () => deps.config.schedule.timezone,
      actor: loopActor(NAME),
      mentionRatio: () => deps.config.limits.product_mention_ratio,
      random: deps.random,
      reply: (tweetId, text) => deps.actions.reply(loopActor(NAME), tweetId, text),
    });
    return describeTargets(turn);
  },
};
