// What the content and thread loops hand their turn: the service's stores and assist stack, the loop's
// randomness, and `submit`, which composes the content as `loop:<name>` through the gateway — a draft
// (shown with the others), then the approval queue in approval mode or a posting job the posting queue
// sends at once (as a reply chain, for a thread); the guards' refusals come back as answers.

import { loopActor } from '../../contracts/actor.js';
import type { AutopilotDeps } from '../../core/services/autopilot/autopilot-deps.js';
import type { LoopDeps } from '../loop-deps.js';

/** Why the loop cannot write with the live config: no usable LLM, or nothing to write about. */
export function autopilotUnset(deps: LoopDeps): string | undefined {
  const llm = deps.status.llmProblem();
  if (llm) return `no LLM: ${llm}`;
  if (deps.assist.settings().profileTopics.length === 0)
    return 'no topics: set [business] industry_topics, content_pillars or product_keywords';
  return undefined;
}

export function autopilotDeps(deps: LoopDeps, loopName: string): AutopilotDeps {
  const actor = loopActor(loopName);
  return {
    store: deps.autopilot,
    posting: deps.content.posting,
    cursors: deps.discovery.cursors,
    assist: deps.assist,
    clock: deps.clock,
    random: deps.random,
    actor,
    submit: (content) => deps.actions.compose(actor, content),
    wakePosting: () => deps.wakePosting(),
  };
}
