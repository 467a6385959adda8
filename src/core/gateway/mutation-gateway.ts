// The one door for tool mutations: validate → platform ready → hard safety rules → policy (blocked, user
// rules, dry run, counters, approval) → 5-minute idempotency → audit → execute → count. Routed calls wait
// in the approval queue and run through `executeApproved` once a person approves them.
import { type Actor, faceOf, isAutonomous } from '../../contracts/actor.js';
import type { ApprovalItem } from '../../contracts/approvals.js';
import { applicableLimits, blockedDenial, type PolicyLimit } from '../domain/mutation-policy.js';
import { pacingReason } from '../domain/pacing.js';
import type { GuardSubject } from '../domain/posting-guards.js';
import { AppError, isAppError } from '../errors.js';
import type { AuditEntry } from '../ports/mutation-store.js';
import type { RunControl } from '../ports/run-control.js';
import { checkPolicy, denied, evaluateMutation } from './evaluate-mutation.js';
import {
  type GatewayDeps,
  IDEMPOTENCY_WINDOW_MS,
  type MutationOutcome,
  type MutationRequest,
} from './gateway-deps.js';
import { heldUntil } from './guards.js';
import { type CheckedPolicy, checked, type LocalMutation, runLocalMutation } from './local-mutation.js';
import { paramsHash } from './params-hash.js';
import { publishNow } from './publish-now.js';
import { takePacingTurn } from './publisher-deps.js';
import type { ActionEnv, AnyToolAction, PostingIntent } from './tool-action.js';

export type { GatewayDeps, MutationOutcome, MutationRequest } from './gateway-deps.js';

export type { CheckedPolicy, LentWrites, LocalMutation } from './local-mutation.js';

export { paramsHash } from './params-hash.js';

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

  private env(actor: Actor, subject?: GuardSubject, control: RunControl = {}): ActionEnv {
    return {
      ...control,
      read: this.deps.social.read,
      write: this.deps.social.write,
      endpoints: this.deps.endpoints,
      publish: (intent) => publishNow(this.deps.publisher, withAuthor(intent, subject), actor, control),
      inspectMedia: this.deps.inspectMedia,
      mediaFile: this.deps.uploadFile,
    };
  }

  /**
   * The one door for every mutation, whoever asks (its actor is audited with it):
   * - a declared platform action (`request.tool` names one): the safety rules, the policy for agents,
   *   the 5-minute idempotency, approval routing, audit, execute, count;
   * - a local mutation (drafts, compose, reviews, proposed replies, and the universal request tools):
   *   `blocked_tools` for agents, the policy when its binding asks for a check, then `execute` — with raw
   *   endpoint writes lent for the run — audited and counted (see local-mutation.ts).
   * Denials throw an AppError with `policyDecision`.
   */
  async submit(request: MutationRequest, local?: LocalMutation): Promise<MutationOutcome> {
    return local ? runLocalMutation(this.deps, request, local) : this.mutate(request);
  }

  /** `blocked_tools` for an agent's read (not audited: the audit log holds mutations). */
  admitRead(request: { tool: string; actor: Actor }): void {
    if (request.actor !== 'agent') return;
    const denial = blockedDenial(this.deps.policy(), request.tool);
    if (denial) throw denied(denial);
  }

  /**
   * What the gateway would decide for a declared action's call (its schema, the safety rules, the policy),
   * with nothing run, audited, queued or counted; a denial throws as it would for the call itself.
   */
  async preview(tool: string, params: unknown): Promise<CheckedPolicy> {
    const action = this.action(tool);
    const parsed = action.params.parse(params) as Record<string, unknown>;
    action.validate?.(parsed);
    const subject = await action.subject?.(parsed, this.deps.social.read);
    return checked(await checkPolicy(this.deps, { tool, category: action.category, subject }));
  }

  /** A declared platform action through the whole gateway. */
  private async mutate(request: MutationRequest): Promise<MutationOutcome> {
    const action = this.action(request.tool);
    const params = action.params.parse(request.params) as Record<string, unknown>;
    action.validate?.(params);
    if (needsPlatform(action, params)) {
      const blocker = this.deps.postingBlocker();
      if (blocker) throw blocker;
    }
    // A scraper allowed to write still has no raw endpoint access: refused before any policy step.
    if (action.needsEndpoints && !this.deps.endpoints) {
      throw new AppError(
        'social_not_configured',
        `${action.tool} needs the official platform API (social_api.provider_backend = "social_api"); ` +
          'the scraper backend cannot call platform endpoints directly',
      );
    }
    const hash = paramsHash(action.tool, params);
    const running = this.inFlight.get(hash);
    if (running !== undefined) {
      const first = await running.catch(() => undefined);
      if (first?.outcome === 'executed')
        return { outcome: 'duplicate', originalCorrelationId: first.correlationId, result: first.result };
    }
    const work = this.decideAndRun(action, params, hash, request.actor, request.control);
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
    actor: Actor,
    control?: RunControl,
  ): Promise<MutationOutcome> {
    const { deps } = this;
    const now = deps.clock.now();
    const proposed =
      action.subject && !action.ungated ? await action.subject(params, deps.social.read) : undefined;
    const subject = proposed ? { ...proposed, autonomous: isAutonomous(actor) } : undefined;
    // The policy engine governs agents; everyone else meets only the safety rules.
    const evaluated = await evaluateMutation(deps, action.tool, action.category, subject, now, {
      ungated: action.ungated === true,
      governed: actor === 'agent',
    });
    // In approval mode what a loop would post waits for a person like an agent's routed call (spec).
    const decision: typeof evaluated =
      evaluated.decision === 'allow' && actor.startsWith('loop:') && !action.ungated && deps.approvalMode()
        ? {
            decision: 'route',
            reason: 'approval mode: loop output waits for a review',
            ruleId: 'approval_mode',
          }
        : evaluated;

    const base = {
      tool_name: action.tool,
      face: faceOf(actor),
      actor,
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
      const earlier = await deps.store.recentSuccess(
        action.tool,
        hash,
        new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS),
      );
      if (earlier) {
        await record({ status: 'duplicate', result: { original_correlation_id: earlier.correlation_id } });
        return {
          outcome: 'duplicate',
          originalCorrelationId: earlier.correlation_id,
          result: earlier.result,
        };
      }
    }

    switch (decision.decision) {
      case 'deny': {
        await record({
          status: 'denied',
          policy_decision: 'denied',
          error_code: decision.code,
          error_message: decision.reason,
        });
        throw denied(decision);
      }
      case 'dry_run': {
        const encoded = JSON.stringify(params);
        await record({ status: 'dry_run', policy_decision: 'dry_run' });
        return { outcome: 'dry_run', wouldExecute: action.tool, params: encoded, reason: decision.reason };
      }
      case 'route': {
        const item = await this.queue(action, params, decision.reason, decision.ruleId, now, actor, subject);
        await record({
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
      case 'allow': {
        const early =
          action.paced && isAutonomous(actor) ? await this.takeTurn(action, actor, now) : undefined;
        if (early) {
          const held = { decision: 'deny', code: 'policy_denied_rate_limited', ...early } as const;
          await record({
            status: 'denied',
            policy_decision: 'denied',
            error_code: held.code,
            error_message: held.reason,
          });
          throw denied(held);
        }
        return this.execute(action, params, base, decision.limits, subject, control);
      }
    }
  }

  /** An autonomous engagement's turn in the account's pacing: undefined when it may go now. */
  private async takeTurn(
    action: AnyToolAction,
    actor: Actor,
    now: Date,
  ): Promise<{ reason: string; resetAt: Date; ruleId: string } | undefined> {
    const what = action.tool.replace(/^social_/, '');
    const turn = await takePacingTurn(this.deps.publisher.pacing, { actor, action: what, now });
    return turn ? { reason: pacingReason(turn), resetAt: turn, ruleId: 'pacing' } : undefined;
  }

  private async queue(
    action: AnyToolAction,
    params: Record<string, unknown>,
    reason: string,
    ruleId: string | undefined,
    now: Date,
    actor: Actor,
    subject?: GuardSubject,
  ): Promise<ApprovalItem> {
    const risks = [`policy_rule:${ruleId ?? 'mcp_policy'}`];
    const posting = action.posting?.(params);
    const intent = posting ? withAuthor(posting, subject) : undefined;
    if (intent) {
      const opens = heldUntil(this.deps, subject);
      const note = opens
        ? `${reason}; outside active hours: once approved it goes out when they open at ${opens.toISOString()}`
        : reason;
      return this.deps.approvals.create(
        {
          action_type: intent.kind,
          tool_name: action.tool,
          payload: intent.payload,
          actor,
          scheduled_for: intent.scheduled_for ?? null,
          reason: note,
          detected_risks: risks,
          target_tweet_id: intent.payload.in_reply_to_tweet_id ?? intent.payload.quote_tweet_id,
          ...(intent.payload.target_author_id ? { target_author_id: intent.payload.target_author_id } : {}),
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
        actor,
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
    subject?: GuardSubject,
    control?: RunControl,
  ): Promise<MutationOutcome> {
    const { deps } = this;
    const correlationId = deps.newId();
    await deps.store.audit({
      ...base,
      correlation_id: correlationId,
      status: 'pending',
      policy_decision: 'allowed',
    });
    const started = performance.now();
    try {
      const result = await action.execute(this.env(base.actor, subject, control), params);
      const rollback = action.rollback?.(params, result);
      const done = deps.clock.now();
      await deps.store.complete(
        correlationId,
        { status: 'success', result, rollback, elapsed_ms: Math.round(performance.now() - started) },
        done,
        limits.map((l) => l.key),
      );
      return { outcome: 'executed', correlationId, result, ...(rollback ? { rollback } : {}) };
    } catch (error) {
      // A failure that is not a typed one is a bug of ours: audited as internal and rethrown as it is, so
      // the face reports it as internal (never as a retryable platform error) and logs its stack.
      const appError = isAppError(error) ? error : undefined;
      await deps.store.complete(
        correlationId,
        {
          status: 'failure',
          error_code: appError?.code ?? 'internal',
          error_message: appError?.message ?? (error as Error)?.message ?? String(error),
          result: appError?.details,
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
        face: faceOf(item.actor),
        actor: item.actor,
        params_hash: paramsHash(action.tool, params),
        params,
        created_at: now.toISOString(),
      },
      applicableLimits(this.deps.policy(), action.tool, action.category),
    );
    return outcome.outcome === 'executed' ? outcome.result : undefined;
  }
}

/**
 * The answered post's author, as the guards found it, kept with the posting: the post record and the
 * approval item carry it, so the per-author cap counts this reply tomorrow morning too.
 */
function withAuthor(intent: PostingIntent, subject: GuardSubject | undefined): PostingIntent {
  const author = subject?.targetAuthorId;
  if (!author || intent.payload.target_author_id) return intent;
  return { ...intent, payload: { ...intent.payload, target_author_id: author } };
}
