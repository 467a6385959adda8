// The identity of a mutation for idempotency and the audit log: SHA-256 of the tool name and its
// parameters in a canonical form.
import { createHash } from 'node:crypto';

/** Key order does not change what a call means, so it does not change its hash either. */
export function canonical(value: unknown): string {
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
