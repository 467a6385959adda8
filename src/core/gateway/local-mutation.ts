// A mutation that is not a declared platform action (drafts, compose, reviews, proposed replies, and the
// universal request tools, outside the policy by the spec), run through the gateway's local entry:
// `blocked_tools` for agents, then — when the operation's binding asks for a policy check — the policy for
// agents (a denial throws, a dry run is answered here, a routing is handed to the run), then the run with
// raw endpoint writes lent to it, audited, and counted against the limits it was checked with.
import { faceOf } from '../../contracts/actor.js';
import type { PolicyCategory } from '../../contracts/tools/tool-binding.js';
import { blockedDenial, type PolicyDecision } from '../domain/mutation-policy.js';
import { AppError } from '../errors.js';
import type { EndpointRequest, EndpointResponse } from '../ports/social-endpoints.js';
import { runAudited } from './audited-run.js';
import { checkPolicy, denied } from './evaluate-mutation.js';
import type { GatewayDeps, MutationOutcome, MutationRequest } from './gateway-deps.js';
import { paramsHash } from './params-hash.js';

/** Platform writes the gateway lends a local mutation for the length of its audited run. */
export interface LentWrites {
  /** A raw write to a declared endpoint (the universal request tools). */
  endpoint(request: EndpointRequest): Promise<EndpointResponse>;
}

/** What the policy decided for a checked call, as the run is told: it acts, or queues for a person. */
export type CheckedPolicy =
  | { decision: 'allow' }
  | { decision: 'route'; reason: string }
  | { decision: 'dry_run'; reason: string };

/** What `submit` runs when the request names no declared action. */
export interface LocalMutation {
  /** Checks of the input that come before the policy (they answer with their own codes). */
  validate?(): void;
  /** The binding asks for the policy (`check`): an agent's call is decided under this category. */
  policy?: { category: PolicyCategory };
  /** The work; `policy` is set when the policy decided the call (allow or route, never a dry run). */
  execute(writes: LentWrites, policy?: CheckedPolicy): Promise<unknown>;
  /** Whether a successful run counts against the limits (default: every one does). */
  counts?(result: unknown): boolean;
}

type Allowed = Exclude<PolicyDecision, { decision: 'deny' }>;

/** The decision as the run and the trace see it. */
export function checked(decision: Allowed): CheckedPolicy {
  return decision.decision === 'allow'
    ? { decision: 'allow' }
    : { decision: decision.decision, reason: decision.reason };
}

const TRACE = { allow: 'allowed', route: 'routed_to_approval', dry_run: 'dry_run' } as const;

export async function runLocalMutation(
  deps: GatewayDeps,
  request: MutationRequest,
  local: LocalMutation,
): Promise<Extract<MutationOutcome, { outcome: 'executed' }>> {
  if (request.actor === 'agent') await refuseBlocked(deps, request);
  const writes: LentWrites = {
    endpoint: (endpointRequest) => {
      if (!deps.endpoints) {
        throw new AppError(
          'social_not_configured',
          `${request.tool} needs the official platform API (social_api.provider_backend = "social_api")`,
        );
      }
      return deps.endpoints.call(endpointRequest);
    },
  };
  const governed = local.policy !== undefined && request.actor === 'agent';
  let decision: Allowed | undefined;
  const { correlationId, result } = await runAudited(
    deps,
    request,
    async () => {
      local.validate?.();
      if (governed && local.policy) {
        decision = await checkPolicy(deps, { tool: request.tool, category: local.policy.category });
      }
      if (decision?.decision === 'dry_run') {
        return { dry_run: true, would_execute: request.tool, params: JSON.stringify(request.params) };
      }
      const done = await local.execute(writes, decision && checked(decision));
      // One call is one mutation for the limits, counted once it has run (and changed something).
      if (decision?.decision === 'allow' && (local.counts?.(done) ?? true)) {
        await deps.store.count(
          decision.limits.map((l) => l.key),
          deps.clock.now(),
        );
      }
      return done;
    },
    () =>
      decision?.decision === 'dry_run' ? 'dry_run' : decision?.decision === 'route' ? 'routed' : undefined,
  );
  const settled = decision as Allowed | undefined;
  return {
    outcome: 'executed',
    correlationId,
    result,
    ...(settled ? { policyDecision: TRACE[settled.decision] } : {}),
  };
}

/** `blocked_tools` for an agent's local mutation: refused, and the refusal audited. */
async function refuseBlocked(deps: GatewayDeps, request: MutationRequest): Promise<void> {
  const denial = blockedDenial(deps.policy(), request.tool);
  if (!denial) return;
  const now = deps.clock.now().toISOString();
  await deps.store.audit({
    correlation_id: deps.newId(),
    tool_name: request.tool,
    face: faceOf(request.actor),
    actor: request.actor,
    params_hash: paramsHash(request.tool, request.params),
    params: request.params,
    status: 'denied',
    policy_decision: 'denied',
    error_code: denial.code,
    error_message: denial.reason,
    created_at: now,
    completed_at: now,
  });
  throw denied(denial);
}
