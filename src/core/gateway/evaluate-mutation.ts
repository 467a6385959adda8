// Deciding about one mutation: the hard safety rules for the post it would make, then the policy engine
// with its counters from the store. `checkPolicy` is the policy alone, for tools that act through other paths.
import type { PolicyCategory } from '../../contracts/tools/tool-binding.js';
import {
  blockedDenial,
  evaluatePolicy,
  type LimitUsage,
  type PolicyDecision,
  type PolicyLimit,
} from '../domain/mutation-policy.js';
import type { GuardSubject } from '../domain/posting-guards.js';
import { AppError, isAppError } from '../errors.js';
import type { GatewayDeps } from './gateway-deps.js';
import { denialError, guardDenial } from './guards.js';

/**
 * The hard safety rules for `subject`, then (for agents: `governed`) the policy with the counters from
 * the store. Ungated actions (uploads) meet only `blocked_tools`.
 */
export async function evaluateMutation(
  deps: GatewayDeps,
  tool: string,
  category: PolicyCategory,
  subject: GuardSubject | undefined,
  now: Date,
  options: { ungated?: boolean; governed?: boolean } = {},
): Promise<PolicyDecision> {
  const policy = deps.policy();
  const { ungated = false, governed = true } = options;
  try {
    // An upload meets only blocked_tools (for agents).
    if (ungated) return (governed && blockedDenial(policy, tool)) || { decision: 'allow', limits: [] };
    const denial = subject ? await guardDenial(deps, subject, 'queue') : undefined;
    if (!governed) {
      return denial
        ? { decision: 'deny', code: 'policy_denied_hard_rule', reason: denialError(denial).message }
        : { decision: 'allow', limits: [] };
    }
    const request = {
      tool,
      category,
      mode: deps.mode(),
      now,
      ...(denial ? { hardRule: { rule: denial.rule, message: denialError(denial).message } } : {}),
    };
    // The policy asks for a limit's counter only when it reaches the limit; the counters are read from the
    // store (a promise), so the policy runs again after each one it asked for that was not read yet.
    const usage = new Map<string, LimitUsage>();
    for (;;) {
      let unread: PolicyLimit | undefined;
      const decision = evaluatePolicy(policy, request, (limit) => {
        const used = usage.get(limit.key);
        if (used) return used;
        unread ??= limit;
        return { count: 0 };
      });
      const next = unread as PolicyLimit | undefined;
      if (!next) return decision;
      usage.set(next.key, await deps.store.usage(next.key, next.periodSeconds, now));
    }
  } catch (error) {
    if (isAppError(error) && error.code !== 'db_error') throw error;
    throw new AppError('policy_error', `policy evaluation failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * The policy alone, for mutations that do not act on the platform themselves (composing a draft, queueing
 * proposals) and for previews: throws on a denial, else says whether to proceed, simulate or queue.
 * Nothing is audited or counted here (the local entry counts what ran).
 */
export async function checkPolicy(
  deps: GatewayDeps,
  request: { tool: string; category: PolicyCategory; subject?: GuardSubject },
): Promise<Exclude<PolicyDecision, { decision: 'deny' }>> {
  const decision = await evaluateMutation(
    deps,
    request.tool,
    request.category,
    request.subject,
    deps.clock.now(),
  );
  if (decision.decision === 'deny') throw denied(decision);
  return decision;
}

/** A denial as the error every face reports (envelopes carry `policy_decision: denied`). */
export function denied(decision: Extract<PolicyDecision, { decision: 'deny' }>): AppError {
  return new AppError(decision.code, `policy denied: ${decision.reason}`, {
    policyDecision: 'denied',
    resetAt: decision.resetAt,
    details: decision.ruleId ? { matched_rule_id: decision.ruleId } : undefined,
  });
}
