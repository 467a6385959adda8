// What the mutation gateway needs and what it answers.
import type { Actor } from '../../contracts/actor.js';
import type { McpPolicy } from '../../contracts/config/mcp-policy.js';
import type { AppError } from '../errors.js';
import type { ApprovalStore } from '../ports/approval-store.js';
import type { Clock } from '../ports/clock.js';
import type { MutationStore } from '../ports/mutation-store.js';
import type { RunControl } from '../ports/run-control.js';
import type { SocialRead, SocialWrite } from '../ports/social.js';
import type { SocialEndpoints } from '../ports/social-endpoints.js';
import type { GuardDeps } from './guards.js';
import type { PublisherDeps } from './publisher-deps.js';
import type { ActionEnv, AnyToolAction, Rollback } from './tool-action.js';

/** Identical successful mutations within this window return the first result instead of acting again. */
export { IDEMPOTENCY_WINDOW_MS } from '../domain/post-content.js';

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
  /** Effective approval mode (composer forces it): a loop's platform writes then wait for a review. */
  approvalMode: () => boolean;
  /** Why the platform cannot be written to (read-only backend, no login), if anything stops it. */
  postingBlocker: () => AppError | undefined;
  actions: ReadonlyMap<string, AnyToolAction>;
  inspectMedia: ActionEnv['inspectMedia'];
  /** Confines social_upload_media to the folders it may read (see ActionEnv.mediaFile). */
  uploadFile: ActionEnv['mediaFile'];
}

export interface MutationRequest {
  tool: string;
  params: Record<string, unknown>;
  /** Who asks: recorded in the audit log with the face it came through. */
  actor: Actor;
  /** How the policy met a call that is not a declared action (audit only; default `not_gated`). */
  policyDecision?: string;
  /** The caller's cancellation and progress (tool calls), handed to the action as it runs. */
  control?: RunControl;
}

export type MutationOutcome =
  | {
      outcome: 'executed';
      correlationId: string;
      result: unknown;
      rollback?: Rollback;
      /** How the policy met a local mutation whose binding asks for a check (an agent's call). */
      policyDecision?: 'allowed' | 'routed_to_approval' | 'dry_run';
    }
  | { outcome: 'duplicate'; originalCorrelationId: string; result: unknown }
  | { outcome: 'routed'; approvalQueueId: number; reason: string; ruleId?: string }
  | { outcome: 'dry_run'; wouldExecute: string; params: string; reason: string };
