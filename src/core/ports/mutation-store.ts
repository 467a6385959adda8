// What the mutation gateway keeps in the store: the audit log of every policy-gated mutation (also the
// 5-minute idempotency memory) and the counters behind the hourly cap and the per-key limits.
import type { Actor } from '../../contracts/actor.js';
import type { LimitUsage } from '../domain/mutation-policy.js';

export type AuditStatus = 'pending' | 'success' | 'failure' | 'duplicate' | 'denied' | 'routed' | 'dry_run';
export type AuditFace = 'mcp' | 'http' | 'cli' | 'loop';

export interface AuditEntry {
  correlation_id: string;
  tool_name: string;
  face: AuditFace;
  actor: Actor;
  params_hash: string;
  params: unknown;
  status: AuditStatus;
  policy_decision?: string | null;
  result?: unknown;
  rollback?: unknown;
  error_code?: string | null;
  error_message?: string | null;
  elapsed_ms?: number | null;
  created_at: string;
  completed_at?: string | null;
}

export interface AuditCompletion {
  status: 'success' | 'failure';
  result?: unknown;
  rollback?: unknown;
  error_code?: string;
  error_message?: string;
  elapsed_ms: number;
}

export interface MutationStore {
  /** Events counted under `key` in the last `periodSeconds`, with the oldest one still inside. */
  usage(key: string, periodSeconds: number, now: Date): Promise<LimitUsage>;
  /** Counts one executed mutation under each key. */
  count(keys: readonly string[], now: Date): Promise<void>;
  /**
   * The latest mutation of `tool` with these parameters since `since` that took effect: a success, or a
   * thread that went out in part (the posting queue finishes it, so a repeat must not start another).
   */
  recentSuccess(tool: string, paramsHash: string, since: Date): Promise<AuditEntry | undefined>;
  /** Writes an audit row (a pending mutation, or a decision that executed nothing). */
  audit(entry: AuditEntry): Promise<void>;
  /** Closes the audit row and counts the mutation under `countKeys`, in one transaction. */
  complete(
    correlationId: string,
    completion: AuditCompletion,
    at: Date,
    countKeys?: readonly string[],
  ): Promise<void>;
}
