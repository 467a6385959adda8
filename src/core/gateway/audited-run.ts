// Mutations outside the policy engine (the universal request tools, by the spec) are still written to the
// audit log: pending before, success or failure after.
import { faceOf } from '../../contracts/actor.js';
import { isAppError } from '../errors.js';
import type { GatewayDeps, MutationRequest } from './gateway-deps.js';
import { paramsHash } from './params-hash.js';

/**
 * Runs a mutation outside the policy (the universal request tools, by the spec) but still writes it to
 * the audit log: pending before, success or failure after.
 */
export async function runAudited<T>(
  deps: GatewayDeps,
  request: MutationRequest,
  execute: () => Promise<T>,
): Promise<{ correlationId: string; result: T }> {
  const now = deps.clock.now();
  const correlationId = deps.newId();
  deps.store.audit({
    correlation_id: correlationId,
    tool_name: request.tool,
    face: faceOf(request.actor),
    actor: request.actor,
    params_hash: paramsHash(request.tool, request.params),
    params: request.params,
    status: 'pending',
    policy_decision: 'not_gated',
    created_at: now.toISOString(),
  });
  const started = performance.now();
  try {
    const result = await execute();
    deps.store.complete(
      correlationId,
      { status: 'success', result, elapsed_ms: Math.round(performance.now() - started) },
      deps.clock.now(),
    );
    return { correlationId, result };
  } catch (error) {
    deps.store.complete(
      correlationId,
      {
        status: 'failure',
        error_code: isAppError(error) ? error.code : 'social_api_error',
        error_message: (error as Error)?.message ?? String(error),
        elapsed_ms: Math.round(performance.now() - started),
      },
      deps.clock.now(),
    );
    throw error;
  }
}
