// The mentions loop (autopilot): replies to new mentions through the gateway as loop:mentions, keeping
// its since-id across restarts (core/services/discovery/run-mentions.ts).

import { loopActor } from '../../contracts/actor.js';
import { describeMentions, runMentionsTurn } from '../../core/services/discovery/run-mentions.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';

const NAME = 'mentions';

export const mentionsLoop: LoopDefinition<LoopDeps> = {
  name: NAME,
  intervalMs: (deps) => deps.config.intervals.mentions_check_seconds * 1000,
  modes: ['autopilot'],
  jitter: true,
  activeHours: true,
  needs: ['getMentions'],
  async run(deps) {
    const turn = await runMentionsTurn({
      ...deps.discoveryServices(),
      cursors: deps.discovery.cursors,
      mentionRatio: () => deps.config.limits.product_mention_ratio,
      random: deps.random,
      reply: (tweetId, text) => deps.actions.reply(loopActor(NAME), tweetId, text),
    });
    return describeMentions(turn);
  },
};
