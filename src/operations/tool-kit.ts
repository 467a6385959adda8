// Shared pieces of tool declarations: profile sets, binding builders for the common kinds of tool, and the
// translation of a gateway outcome into the envelope's data (spec: Policy outcome payload shapes).

import type { DryRunPayload, RoutedPayload } from '../contracts/tools/envelope.js';
import {
  DB_ERRORS,
  LLM_ERRORS,
  PLATFORM_ENGAGE_ERRORS,
  PLATFORM_READ_ERRORS,
  PLATFORM_WRITE_ERRORS,
  type ToolBinding,
  type ToolCategory,
  type ToolProfile,
} from '../contracts/tools/tool-binding.js';
import type { ErrorCode } from '../core/errors.js';
import type { MutationGateway } from '../core/gateway/mutation-gateway.js';
import type { OperationContext } from './define-operation.js';

/** Approvals that may post: the database, and the platform when an approved call runs at once. */
export const PLATFORM_READ_ERRORS_WITH_DB: readonly ErrorCode[] = [
  ...DB_ERRORS,
  ...PLATFORM_READ_ERRORS,
  'scraper_mutation_blocked',
  'policy_denied_hard_rule',
  'validation_error',
  'not_found',
];

export const ALL_PROFILES: readonly ToolProfile[] = ['write', 'admin', 'readonly', 'api-readonly'];
export const WRITE_ADMIN: readonly ToolProfile[] = ['write', 'admin'];
export const WRITE_ADMIN_API_READONLY: readonly ToolProfile[] = ['write', 'admin', 'api-readonly'];
export const ADMIN_ONLY: readonly ToolProfile[] = ['admin'];

/** A platform read: needs the client and the signed-in user. */
export function platformRead(
  name: string,
  profiles: readonly ToolProfile[],
  scopes: readonly string[],
  category: ToolCategory = 'read',
): ToolBinding {
  return {
    name,
    category,
    lane: 'shared',
    profiles,
    requires: { social: true, scopes, userAuth: true },
    errors: PLATFORM_READ_ERRORS,
  };
}

/** A policy-gated platform mutation (posts also answer tweet_too_long). */
export function platformMutation(
  name: string,
  category: ToolCategory,
  scopes: readonly string[],
  options: { posts?: boolean; profiles?: readonly ToolProfile[] } = {},
): ToolBinding {
  return {
    name,
    category,
    lane: 'workflow',
    profiles: options.profiles ?? WRITE_ADMIN,
    requires: { social: true, db: true, scopes, userAuth: true },
    policy: 'gateway',
    errors: [
      ...(options.posts ? PLATFORM_WRITE_ERRORS : PLATFORM_ENGAGE_ERRORS),
      ...(options.posts ? (['validation_error', 'thread_partial_failure'] as const) : []),
      ...DB_ERRORS,
    ],
  };
}

/** A generation tool: the LLM and the database (and platform reads when it fetches a post). */
export function llmTool(name: string, options: { social?: boolean } = {}): ToolBinding {
  return {
    name,
    category: 'content',
    lane: 'workflow',
    profiles: WRITE_ADMIN,
    requires: {
      llm: true,
      db: true,
      ...(options.social ? { social: true, userAuth: true, scopes: ['tweet.read', 'users.read'] } : {}),
    },
    errors: [...LLM_ERRORS, ...DB_ERRORS, ...(options.social ? PLATFORM_READ_ERRORS : [])],
  };
}

/** A tool over the local database only. */
export function localTool(
  name: string,
  category: ToolCategory,
  options: { profiles?: readonly ToolProfile[]; errors?: readonly ErrorCode[]; llm?: boolean } = {},
): ToolBinding {
  return {
    name,
    category,
    lane: 'workflow',
    profiles: options.profiles ?? WRITE_ADMIN,
    requires: { db: true, ...(options.llm ? { llm: true } : {}) },
    errors: options.errors ?? DB_ERRORS,
  };
}

/**
 * Runs a mutation through the gateway and turns its outcome into the envelope's data: the result, the
 * routed-to-approval or dry-run payload, or the first result of an identical earlier call.
 */
export async function runMutation(
  gateway: MutationGateway,
  context: OperationContext,
  tool: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  const control = { signal: context.signal, progress: context.progress };
  const outcome = await gateway.submit({ tool, params, actor: context.actor, control });
  context.trace ??= {};
  const trace = context.trace;
  switch (outcome.outcome) {
    case 'executed':
      trace.policy_decision = 'allowed';
      trace.correlation_id = outcome.correlationId;
      if (outcome.rollback) trace.rollback = outcome.rollback;
      return outcome.result;
    case 'duplicate':
      trace.policy_decision = 'duplicate';
      return {
        duplicate: true,
        original_correlation_id: outcome.originalCorrelationId,
        cached_result: outcome.result,
        message: `identical call within the last 5 minutes; ${tool} was not run again`,
      };
    case 'routed':
      trace.policy_decision = 'routed_to_approval';
      return {
        routed_to_approval: true,
        approval_queue_id: outcome.approvalQueueId,
        reason: outcome.reason,
      } satisfies RoutedPayload;
    case 'dry_run':
      trace.policy_decision = 'dry_run';
      return {
        dry_run: true,
        would_execute: outcome.wouldExecute,
        params: outcome.params,
      } satisfies DryRunPayload;
  }
}
