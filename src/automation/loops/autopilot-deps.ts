// What the content and thread loops hand their turn: the service's stores and assist stack, the loop's
// randomness, and `submit`, which composes the content as `loop:<name>` through the gateway — a draft
// (shown with the others), then the approval queue in approval mode or a posting job the posting queue
// sends at once (as a reply chain, for a thread); the guards' refusals come back as answers.
import { autopilotStore } from '../../app/autopilot-store.js';
import type { AppDeps } from '../../app/create-app.js';
import { type Actor, loopActor } from '../../contracts/actor.js';
import type { ComposeResult } from '../../contracts/compose.js';
import { isAppError } from '../../core/errors.js';
import type {
  AutopilotContent,
  AutopilotDeps,
  SubmitOutcome,
} from '../../core/services/autopilot/autopilot-deps.js';
import { ComposeOperationInput, composeOperation } from '../../operations/compose/compose-operation.js';
import { invokeOperation } from '../../operations/invoke-operation.js';

async function composeAs(deps: AppDeps, actor: Actor, content: AutopilotContent): Promise<SubmitOutcome> {
  const input = ComposeOperationInput.parse({
    content_type: content.kind,
    content: content.kind === 'tweet' ? content.texts[0] : JSON.stringify(content.texts),
    topic: content.topic,
    format: content.format,
    ...(content.provenance.length ? { provenance: content.provenance } : {}),
  });
  try {
    const result = (await invokeOperation(deps.forOperations, composeOperation, input, {
      actor,
      trace: {},
    })) as ComposeResult;
    return result.status === 'queued_for_approval'
      ? { outcome: 'queued_for_approval', approval_id: result.approval_id }
      : { outcome: 'queued', job_id: result.job_id };
  } catch (error) {
    // A safety rule saying no (a cap, active hours, a banned phrase) is an answer, not a failure of the loop.
    if (isAppError(error) && error.code.startsWith('policy_denied')) {
      return { outcome: 'refused', reason: error.message };
    }
    throw error;
  }
}

/** Why the loop cannot write with the live config: no usable LLM, or nothing to write about. */
export function autopilotUnset(deps: AppDeps): string | undefined {
  const llm = deps.status.llmProblem();
  if (llm) return `no LLM: ${llm}`;
  if (deps.assist.settings().profileTopics.length === 0)
    return 'no topics: set [business] industry_topics, content_pillars or product_keywords';
  return undefined;
}

export function autopilotDeps(deps: AppDeps, loopName: string): AutopilotDeps {
  const actor = loopActor(loopName);
  return {
    store: autopilotStore(deps),
    posting: deps.content.posting,
    cursors: deps.discovery.cursors,
    assist: deps.assist,
    clock: deps.clock,
    random: deps.random,
    actor,
    submit: (content) => composeAs(deps, actor, content),
    wakePosting: () => deps.wakePosting.current?.(),
  };
}
