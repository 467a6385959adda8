// How an audit row reads in the audit tools: a list line with parameters and result cut to 500
// characters (reference §e.6), or the whole record with parsed parameters, result and rollback.
import type { MutationDetail, MutationSummary } from '../../../contracts/tool-telemetry.js';
import type { AuditEntry } from '../../ports/mutation-store.js';

const SUMMARY_CHARS = 500;

function cut(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text;
}

export function toMutationSummary(entry: AuditEntry): MutationSummary {
  return {
    correlation_id: entry.correlation_id,
    tool_name: entry.tool_name,
    face: entry.face,
    actor: entry.actor,
    status: entry.status,
    policy_decision: entry.policy_decision ?? null,
    params_summary: cut(entry.params) ?? '{}',
    result_summary: cut(entry.result),
    error_code: entry.error_code ?? null,
    error_message: entry.error_message ?? null,
    elapsed_ms: entry.elapsed_ms ?? null,
    created_at: entry.created_at,
    completed_at: entry.completed_at ?? null,
  };
}

export function toMutationDetail(entry: AuditEntry): MutationDetail {
  return {
    ...toMutationSummary(entry),
    params: entry.params ?? {},
    result: entry.result ?? null,
    rollback: entry.rollback ?? null,
  };
}
