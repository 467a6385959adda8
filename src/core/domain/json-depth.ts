// How deep a JSON value nests, measured without recursion: a request body or tool arguments nested
// thousands of levels deep must be refused at the trust boundary, not overflow a recursive walk later.

/** Deeper than any real input; SQLite's JSON functions refuse beyond 1000 levels. */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests at most `limit` arrays or objects deep (iterative: no stack to overflow). */
export function nestsWithin(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return false;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return true;
}

/**
 * The first field of a request's fields (a JSON body, a tool's arguments) whose value nests deeper than
 * MAX_JSON_DEPTH levels: its name, or '' when the fields are not an object and nest too deep themselves;
 * undefined when everything is within the limit.
 */
export function tooDeepField(fields: unknown): string | undefined {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return nestsWithin(fields, MAX_JSON_DEPTH) ? undefined : '';
  }
  for (const [name, value] of Object.entries(fields)) {
    if (!nestsWithin(value, MAX_JSON_DEPTH)) return name;
  }
  return undefined;
}
