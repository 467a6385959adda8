// The discovery loop (spec, Loop activity by mode): one keyword per turn, every post scored and stored for
// the Discovery Feed; in autopilot the best unanswered post gets a reply sent as `loop:discovery` through
// the gateway (guards, caps, approval mode); in composer the turn is read-only.
import type { AppDeps } from '../../app/create-app.js';
import { loopActor } from '../../contracts/actor.js';
import { isAppError } from '../../core/errors.js';
import {
  describeTurn,
  discoveryKeywords,
  type ReplyOutcome,
  runDiscoveryTurn,
} from '../../core/services/discovery/run-discovery.js';
import type { OperationContext } from '../../operations/define-operation.js';
import { invokeOperation } from '../../operations/invoke-operation.js';
import { discoveryServices } from '../../operations/tools/discovery/discovery-services.js';
import { PLATFORM_MUTATION_TOOLS } from '../../operations/tools/writes/platform-mutation-tools.js';
import type { LoopDefinition } from '../loop-definition.js';

const NAME = 'discovery';
const REPLY = PLATFORM_MUTATION_TOOLS.find((op) => op.name === 'social_reply_to_tweet');

/** Sends a reply as `actor` through the gateway and says what became of it. */
export async function replyAs(
  deps: AppDeps,
  actor: ReturnType<typeof loopActor>,
  tweetId: string,
  text: string,
): Promise<ReplyOutcome> {
  if (!REPLY) throw new Error('social_reply_to_tweet is not declared');
  try {
    const context: OperationContext = { actor, trace: {} };
    await invokeOperation(deps.forOperations, REPLY, { text, in_reply_to_id: tweetId }, context);
    const decision = context.trace?.policy_decision;
    if (decision === 'routed_to_approval') return { outcome: 'queued' };
    if (decision === 'duplicate') return { outcome: 'refused', reason: 'sent already' };
    if (decision === 'dry_run') return { outcome: 'refused', reason: 'dry run' };
    return { outcome: 'posted' };
  } catch (error) {
    // A safety rule saying no is an answer, not a failure of the loop.
    if (isAppError(error) && error.code.startsWith('policy_denied')) {
      return { outcome: 'refused', reason: error.message };
    }
    // The post went away between reading and replying (deleted, author suspended or protected): that
    // post's answer; the turn goes on with the others.
    if (isAppError(error) && error.code === 'not_found') {
      return { outcome: 'refused', reason: 'the post is gone: deleted, or its author suspended' };
    }
    throw error;
  }
}

export const discoveryLoop: LoopDefinition<AppDeps> = {
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
      ...discoveryServices(deps.forOperations),
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
      reply: (tweetId, text) => replyAs(deps, loopActor(NAME), tweetId, text),
    });
    return describeTurn(turn);
  },
};
