// The discovery loop (spec, Loop activity by mode): one keyword per turn, every post scored and stored for
// the Discovery Feed; in autopilot the best unanswered post gets a reply sent as `loop:discovery` through
// the gateway (guards, caps, approval mode); in composer the turn is read-only.

import { loopActor } from '../../contracts/actor.js';
import {
  describeTurn,
  discoveryKeywords,
  runDiscoveryTurn,
} from '../../core/services/discovery/run-discovery.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';

const NAME = 'discovery';
export const discoveryLoop: LoopDefinition<LoopDeps> = {
  name: NAME,
  intervalMs: (deps) => deps.config.intervals.discovery_search_seconds * 1000,
  modes: ['autopilot', 'composer'],
  jitter: true,
  activeHours: true,
  needs: ['searchRecent'],
  notConfigured: (deps) => {
    const { business } = deps.config;
    const keywords = [business.product_keywords, business.competitor_keywords, business.industry_topics];
    return discoveryKeywords(keywords).length === 0
      ? 'no keywords: set [business] product_keywords, competitor_keywords or industry_topics'
      : undefined;
  },
  async run(deps) {
    const { business, limits } = deps.config;
    const turn = await runDiscoveryTurn({
      ...deps.discoveryServices(),
      cursors: deps.discovery.cursors,
      keywords: () =>
        discoveryKeywords([
          business.product_keywords,
          business.competitor_keywords,
          business.industry_topics,
        ]),
      mode: () => deps.config.mode,
      mentionRatio: () => limits.product_mention_ratio,
      random: deps.random,
      reply: (tweetId, text) => deps.actions.reply(loopActor(NAME), tweetId, text),
    });
    return describeTurn(turn);
  },
};
