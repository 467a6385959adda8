// Mutations that are not declared platform actions (local writes such as drafts, compose and reviews, and
// the universal requests, outside the policy by the spec) are still written to the audit log with their
// actor: pending before, success or failure after.
import { faceOf } from '../../contracts/actor.js';
import { isAppError } from '../errors.js';
import type { AuditStatus } from '../ports/mutation-store.js';
import type { GatewayDeps, MutationRequest } from './gateway-deps.js';
import { paramsHash } from './params-hash.js';

/**
 * Runs `execute` between a pending audit row and its completion. `outcome` may say after the fact that a
 * successful run only simulated (`dry_run`) or queued the work for a person (`routed`).
 */
export async function runAudited<T>(
  deps: GatewayDeps,
  request: MutationRequest,
  execute: () => Promise<T>,
  outcome?: () => 'dry_run' | 'routed' | undefined,
): Promise<{ correlationId: string; result: T }> {
  const now = deps.clock.now();
  const correlationId = deps.newId();
  await deps.store.audit({
    correlation_id: correlationId,
    tool_name: request.tool,
    face: faceOf(request.actor),
    actor: request.actor,
    params_hash: paramsHash(request.tool, request.params),
    params: request.params,
    status: 'pending',
    policy_decision: request.policyDecision ?? 'not_gated',
    created_at: now.toISOString(),
  });
  const started = performance.now();
  try {
    const result = await execute();
    const status: AuditStatus = outcome?.() ?? 'success';
    await deps.store.complete(
      correlationId,
      // A dry run or a routed call is recorded as such: nothing acted on the platform.
      { status: status as 'success', result, elapsed_ms: Math.round(performance.now() - started) },
      deps.clock.now(),
    );
    return { correlationId, result };
  } catch (error) {
    await deps.store.complete(
      correlationId,
      {
        status: 'failure',
        error_code: isAppError(error) ? error.code : 'internal',
        error_message: (error as Error)?.message ?? String(error),
        elapsed_ms: Math.round(performance.now() - started),
      },
      deps.clock.now(),
    );
    throw error;
  }
}
