// The one door for tool mutations: validate → platform ready → hard safety rules → policy (blocked, user
// rules, dry run, counters, approval) → 5-minute idempotency → audit → execute → count. Routed calls wait
// in the approval queue and run through `executeApproved` once a person approves them.
import { createHash } from 'node:crypto';
import { isAbsolute } from 'node:path';
import type { ApprovalItem } from '../../contracts/approvals.js';
import type { McpPolicy } from '../../contracts/config/mcp-policy.js';
import type { PolicyCategory } from '../../contracts/tools/tool-binding.js';
import {
  applicableLimits,
  evaluatePolicy,
  type LimitUsage,
  namesTool,
  type PolicyDecision,
  type PolicyLimit,
} from '../domain/mutation-policy.js';
import type { GuardSubject } from '../domain/posting-guards.js';
import { AppError, isAppError } from '../errors.js';
import type { ApprovalStore } from '../ports/approval-store.js';
import type { Clock } from '../ports/clock.js';
import type { AuditEntry, AuditFace, MutationStore } from '../ports/mutation-store.js';
import type { SocialRead, SocialWrite } from '../ports/social.js';
import type { SocialEndpoints } from '../ports/social-endpoints.js';
import { denialError, type GuardDeps, guardDenial } from '../services/publishing/enforce-guards.js';
import { publishNow } from './publish-now.js';
import type { PublisherDeps } from './publisher-deps.js';
import type { ActionEnv, AnyToolAction, Rollback } from './tool-action.js';

/** Identical successful mutations within this window return the first result instead of acting again. */
export const IDEMPOTENCY_WINDOW_MS = 5 * 60_000;

export interface GatewayDeps extends GuardDeps {
  store: MutationStore;
  approvals: ApprovalStore;
  publisher: PublisherDeps;
  social: { read: SocialRead; write: SocialWrite };
  endpoints?: SocialEndpoints;
  clock: Clock;
  newId: () => string;
  policy: () => McpPolicy;
  mode: () => 'autopilot' | 'composer';
  /** Why the platform cannot be written to (read-only backend, no login), if anything stops it. */
  postingBlocker: () => AppError | undefined;
  actions: ReadonlyMap<string, AnyToolAction>;
  inspectMedia: ActionEnv['inspectMedia'];
}

export interface MutationRequest {
  tool: string;
  params: Record<string, unknown>;
  face: AuditFace;
}

export type MutationOutcome =
  | { outcome: 'executed'; correlationId: string; result: unknown; rollback?: Rollback }
  | { outcome: 'duplicate'; originalCorrelationId: string; result: unknown }
  | { outcome: 'routed'; approvalQueueId: number; reason: string; ruleId?: string }
  | { outcome: 'dry_run'; wouldExecute: string; params: string; reason: string };

/** Key order does not change what a call means, so it does not change its hash either. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function paramsHash(tool: string, params: unknown): string {
  return createHash('sha256')
    .update(`${tool}|${canonical(params)}`)
    .digest('hex');
}

const needsPlatform = (action: AnyToolAction, params: Record<string, unknown>) =>
  typeof action.platform === 'function' ? action.platform(params) : action.platform;

export class MutationGateway {
  /** Identical calls already running: a second one waits for the first instead of acting twice. */
  private readonly inFlight = new Map<string, Promise<MutationOutcome>>();

  constructor(private readonly deps: GatewayDeps) {}

  action(tool: string): AnyToolAction {
    const action = this.deps.actions.get(tool);
    if (!action) throw new AppError('policy_error', `no mutation action is declared for '${tool}'`);
    return action;
  }

  private env(): ActionEnv {
    return {
      read: this.deps.social.read,
      write: this.deps.social.write,
      endpoints: this.deps.endpoints,
      publish: (intent) => publishNow(this.deps.publisher, intent, 'mcp'),
      inspectMedia: this.deps.inspectMedia,
      mediaFile: async (path) => (isAbsolute(path) ? path : this.deps.publisher.mediaFile(path)),
    };
  }

  /** Runs one tool mutation through the whole gateway. Denials throw an AppError with `policyDecision`. */
  async mutate(request: MutationRequest): Promise<MutationOutcome> {
    const action = this.action(request.tool);
    const params = action.params.parse(request.params) as Record<string, unknown>;
    action.validate?.(params);
    if (needsPlatform(action, params)) {
      const blocker = this.deps.postingBlocker();
      if (blocker) throw blocker;
    }
    const hash = paramsHash(action.tool, params);
    const running = this.inFlight.get(hash);
    if (running !== undefined) {
      const first = await running.catch(() => undefined);
      if (first?.outcome === 'executed')
        return { outcome: 'duplicate', originalCorrelationId: first.correlationId, result: first.result };
    }
    const work = this.decideAndRun(action, params, hash, request.face);
    this.inFlight.set(hash, work);
    try {
      return await work;
    } finally {
      if (this.inFlight.get(hash) === work) this.inFlight.delete(hash);
    }
  }

  private async decideAndRun(
    action: AnyToolAction,
    params: Record<string, unknown>,
    hash: string,
    face: AuditFace,
  ): Promise<MutationOutcome> {
    const { deps } = this;
    const now = deps.clock.now();
    const subject =
      action.subject && !action.ungated ? await action.subject(params, deps.social.read) : undefined;
    const decision = await this.evaluate(action.tool, action.category, subject, now, action.ungated);

    const base = {
      tool_name: action.tool,
      face,
      params_hash: hash,
      params,
      created_at: now.toISOString(),
    };
    const record = (entry: Partial<AuditEntry> & Pick<AuditEntry, 'status'>) =>
      deps.store.audit({ correlation_id: deps.newId(), ...base, completed_at: now.toISOString(), ...entry });

    if (
      decision.decision === 'allow' ||
      (decision.decision === 'deny' && decision.code === 'policy_denied_rate_limited')
    ) {
      // A repeat of a mutation that already ran never acts (or counts) twice.
      const earlier = deps.store.recentSuccess(
        action.tool,
        hash,
        new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS),
      );
      if (earlier) {
        record({ status: 'duplicate', result: { original_correlation_id: earlier.correlation_id } });
        return {
          outcome: 'duplicate',
          originalCorrelationId: earlier.correlation_id,
          result: earlier.result,
        };
      }
    }

    switch (decision.decision) {
      case 'deny': {
        record({
          status: 'denied',
          policy_decision: 'denied',
          error_code: decision.code,
          error_message: decision.reason,
        });
        throw new AppError(decision.code, `policy denied: ${decision.reason}`, {
          policyDecision: 'denied',
          resetAt: decision.resetAt,
          details: decision.ruleId ? { matched_rule_id: decision.ruleId } : undefined,
        });
      }
      case 'dry_run': {
        const encoded = JSON.stringify(params);
        record({ status: 'dry_run', policy_decision: 'dry_run' });
        return { outcome: 'dry_run', wouldExecute: action.tool, params: encoded, reason: decision.reason };
      }
      case 'route': {
        const item = await this.queue(action, params, decision.reason, decision.ruleId, now);
        record({
          status: 'routed',
          policy_decision: 'routed_to_approval',
          result: { approval_queue_id: item.id },
        });
        return {
          outcome: 'routed',
          approvalQueueId: item.id,
          reason: decision.reason,
          ruleId: decision.ruleId,
        };
      }
      case 'allow':
        return this.execute(action, params, base, decision.limits);
    }
  }

  private async queue(
    action: AnyToolAction,
    params: Record<string, unknown>,
    reason: string,
    ruleId: string | undefined,
    now: Date,
  ): Promise<ApprovalItem> {
    const risks = [`policy_rule:${ruleId ?? 'mcp_policy'}`];
    const intent = action.posting?.(params);
    if (intent) {
      return this.deps.approvals.create(
        {
          action_type: intent.kind,
          tool_name: action.tool,
          payload: intent.payload,
          origin: 'mcp',
          scheduled_for: intent.scheduled_for ?? null,
          reason,
          detected_risks: risks,
          target_tweet_id: intent.payload.in_reply_to_tweet_id ?? intent.payload.quote_tweet_id,
        },
        now,
      );
    }
    const target = params.tweet_id ?? params.in_reply_to_id;
    return this.deps.approvals.create(
      {
        action_type: action.tool,
        tool_name: action.tool,
        payload: params,
        origin: 'mcp',
        reason,
        detected_risks: risks,
        ...(typeof target === 'string' ? { target_tweet_id: target } : {}),
      },
      now,
    );
  }

  private async execute(
    action: AnyToolAction,
    params: Record<string, unknown>,
    base: Omit<AuditEntry, 'correlation_id' | 'status'>,
    limits: readonly PolicyLimit[],
  ): Promise<MutationOutcome> {
    const { deps } = this;
    const correlationId = deps.newId();
    deps.store.audit({
      ...base,
      correlation_id: correlationId,
      status: 'pending',
      policy_decision: 'allowed',
    });
    const started = performance.now();
    try {
      const result = await action.execute(this.env(), params);
      const rollback = action.rollback?.(params, result);
      const done = deps.clock.now();
      deps.store.complete(
        correlationId,
        { status: 'success', result, rollback, elapsed_ms: Math.round(performance.now() - started) },
        done,
      );
      deps.store.count(
        limits.map((l) => l.key),
        done,
      );
      return { outcome: 'executed', correlationId, result, ...(rollback ? { rollback } : {}) };
    } catch (error) {
      const appError = isAppError(error)
        ? error
        : new AppError('social_api_error', (error as Error)?.message ?? String(error), { cause: error });
      deps.store.complete(
        correlationId,
        {
          status: 'failure',
          error_code: appError.code,
          error_message: appError.message,
          result: appError.details,
          elapsed_ms: Math.round(performance.now() - started),
        },
        deps.clock.now(),
      );
      throw appError;
    }
  }

  /** The hard safety rules for `subject`, then the policy with the counters from SQLite. */
  private async evaluate(
    tool: string,
    category: PolicyCategory,
    subject: GuardSubject | undefined,
    now: Date,
    ungated = false,
  ): Promise<PolicyDecision> {
    const { deps } = this;
    const policy = deps.policy();
    try {
      if (ungated) {
        const blocked = policy.enforce_for_mutations && policy.blocked_tools.some((t) => namesTool(t, tool));
        return blocked
          ? {
              decision: 'deny',
              code: 'policy_denied_blocked',
              reason: `tool '${tool}' is blocked (mcp_policy.blocked_tools)`,
            }
          : { decision: 'allow', limits: [] };
      }
      const denial = subject ? await guardDenial(deps, subject) : undefined;
      const usage = new Map<string, LimitUsage>();
      return evaluatePolicy(
        policy,
        {
          tool,
          category,
          mode: deps.mode(),
          now,
          ...(denial ? { hardRule: { rule: denial.rule, message: denialError(denial).message } } : {}),
        },
        (limit) => {
          const used = usage.get(limit.key) ?? deps.store.usage(limit.key, limit.periodSeconds, now);
          usage.set(limit.key, used);
          return used;
        },
      );
    } catch (error) {
      if (isAppError(error) && error.code !== 'db_error') throw error;
      throw new AppError('policy_error', `policy evaluation failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  /**
   * The policy alone, for tools that do not act on the platform themselves (composing a draft, queueing
   * proposals, previewing a post): throws on a denial, else says whether to proceed, simulate or queue.
   * Nothing is audited or counted here; `count` records an executed call against its limits.
   */
  async check(request: {
    tool: string;
    category: PolicyCategory;
    subject?: GuardSubject;
  }): Promise<Exclude<PolicyDecision, { decision: 'deny' }>> {
    const decision = await this.evaluate(
      request.tool,
      request.category,
      request.subject,
      this.deps.clock.now(),
    );
    if (decision.decision === 'deny') {
      throw new AppError(decision.code, `policy denied: ${decision.reason}`, {
        policyDecision: 'denied',
        resetAt: decision.resetAt,
        details: decision.ruleId ? { matched_rule_id: decision.ruleId } : undefined,
      });
    }
    return decision;
  }

  /** Counts an executed call (after `check`) against the limits it was checked with. */
  count(limits: readonly PolicyLimit[]): void {
    this.deps.store.count(
      limits.map((l) => l.key),
      this.deps.clock.now(),
    );
  }

  /**
   * Runs a mutation outside the policy (the universal request tools, by the spec) but still writes it to
   * the audit log: pending before, success or failure after.
   */
  async audited<T>(
    request: MutationRequest,
    execute: () => Promise<T>,
  ): Promise<{ correlationId: string; result: T }> {
    const { deps } = this;
    const now = deps.clock.now();
    const correlationId = deps.newId();
    deps.store.audit({
      correlation_id: correlationId,
      tool_name: request.tool,
      face: request.face,
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

  /** A routed tool call a person approved: runs it now (audited and counted), outside the policy. */
  async executeApproved(item: ApprovalItem, payload: unknown): Promise<unknown> {
    const action = this.action(item.tool_name ?? item.action_type);
    const params = action.params.parse(payload) as Record<string, unknown>;
    if (needsPlatform(action, params)) {
      const blocker = this.deps.postingBlocker();
      if (blocker) throw blocker;
    }
    const now = this.deps.clock.now();
    const outcome = await this.execute(
      action,
      params,
      {
        tool_name: action.tool,
        face: 'mcp',
        params_hash: paramsHash(action.tool, params),
        params,
        created_at: now.toISOString(),
      },
      applicableLimits(this.deps.policy(), action.tool, action.category),
    );
    return outcome.outcome === 'executed' ? outcome.result : undefined;
  }
}
