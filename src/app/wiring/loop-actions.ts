// What the loops do through an operation (automation/loop-deps.ts LoopActions): compose, reply and expire
// approvals, each invoked the way every face invokes an operation, with the loop as the actor. The guards'
// refusals come back as answers, never as a failed turn.

import type { LoopActions } from '../../automation/loop-deps.js';
import type { Actor } from '../../contracts/actor.js';
import type { ComposeResult } from '../../contracts/compose.js';
import { isAppError } from '../../core/errors.js';
import type { AutopilotContent, SubmitOutcome } from '../../core/services/autopilot/autopilot-deps.js';
import type { ReplyOutcome } from '../../core/services/discovery/run-discovery.js';
import { expireApprovalsOperation } from '../../operations/approvals/expire-approvals-operation.js';
import { ComposeOperationInput, composeOperation } from '../../operations/compose/compose-operation.js';
import type { OperationContext } from '../../operations/define-operation.js';
import { invokeOperation } from '../../operations/invoke-operation.js';
import type { OperationDeps } from '../../operations/operation-deps.js';
import { PLATFORM_WRITE_OPERATIONS } from '../../operations/platform/write-operations.js';

const REPLY = PLATFORM_WRITE_OPERATIONS.find((op) => op.name === 'social_reply_to_tweet');

async function compose(deps: OperationDeps, actor: Actor, content: AutopilotContent): Promise<SubmitOutcome> {
  const input = ComposeOperationInput.parse({
    content_type: content.kind,
    content: content.kind === 'tweet' ? content.texts[0] : JSON.stringify(content.texts),
    topic: content.topic,
    format: content.format,
    ...(content.provenance.length ? { provenance: content.provenance } : {}),
  });
  try {
    const result = (await invokeOperation(deps, composeOperation, input, {
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

async function reply(
  deps: OperationDeps,
  actor: Actor,
  tweetId: string,
  text: string,
): Promise<ReplyOutcome> {
  if (!REPLY) throw new Error('social_reply_to_tweet is not declared');
  try {
    const context: OperationContext = { actor, trace: {} };
    await invokeOperation(deps, REPLY, { text, in_reply_to_id: tweetId }, context);
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

export function loopActions(deps: OperationDeps): LoopActions {
  return {
    compose: (actor, content) => compose(deps, actor, content),
    reply: (actor, tweetId, text) => reply(deps, actor, tweetId, text),
    async expireApprovals(actor) {
      const { expired } = (await invokeOperation(deps, expireApprovalsOperation, {}, { actor })) as {
        expired: number;
      };
      return expired;
    },
  };
}
