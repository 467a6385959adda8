// The identity of a mutation for idempotency and the audit log: SHA-256 of the tool name and its
// parameters in a canonical form.
import { createHash } from 'node:crypto';

/** What is left to write: a value to canonicalise, text to emit, or the end of a container being written. */
type Work = { value: unknown } | { text: string } | { leave: object };

const sortedEntries = (value: object) =>
  Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Key order does not change what a call means, so it does not change its hash either. Written as a loop
 * over a work list, not a recursion: however deep a value nests, there is no stack to overflow.
 */
export function canonical(root: unknown): string {
  const out: string[] = [];
  // Containers being written right now: one met again inside itself is a cycle.
  const open = new Set<object>();
  const work: Work[] = [{ value: root }];
  for (let item = work.pop(); item; item = work.pop()) {
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    if ('leave' in item) {
      open.delete(item.leave);
      continue;
    }
    const { value } = item;
    if (!value || typeof value !== 'object') {
      out.push(JSON.stringify(value) ?? 'null');
      continue;
    }
    if (open.has(value)) throw new TypeError('canonical: the value contains itself');
    open.add(value);
    // Pushed in reverse: the work list is a stack.
    const parts: Work[] = [];
    if (Array.isArray(value)) {
      parts.push({ text: '[' });
      for (let i = 0; i < value.length; i++) {
        if (i > 0) parts.push({ text: ',' });
        // A hole writes nothing, as Array.prototype.join writes it.
        if (i in value) parts.push({ value: value[i] });
      }
      parts.push({ text: ']' });
    } else {
      parts.push({ text: '{' });
      sortedEntries(value).forEach(([key, child], i) => {
        parts.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` }, { value: child });
      });
      parts.push({ text: '}' });
    }
    work.push({ leave: value });
    for (let i = parts.length - 1; i >= 0; i--) work.push(parts[i] as Work);
  }
  return out.join('');
}

export function paramsHash(tool: string, params: unknown): string {
  return createHash('sha256')
    .update(`${tool}|${canonical(params)}`)
    .digest('hex');
}
