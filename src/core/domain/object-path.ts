// Reading and writing nested plain objects by key path (`['limits', 'max_replies_per_day']` or 'a.b.c').

type Path = string | readonly PropertyKey[];

const partsOf = (path: Path): readonly PropertyKey[] => (typeof path === 'string' ? path.split('.') : path);

/** The value at `path`, or undefined when any step is missing. */
export function getPath(target: unknown, path: Path): unknown {
  let node = target;
  for (const part of partsOf(path)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/** Sets the value at `path`, creating (or replacing non-object) intermediate objects. */
export function setPath(target: Record<string, unknown>, path: Path, value: unknown): void {
  const parts = partsOf(path);
  let node = target as Record<PropertyKey, unknown>;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<PropertyKey, unknown>;
  }
  node[parts[parts.length - 1] as PropertyKey] = value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep merge where later objects win; lists (and any non-table value) are replaced, never concatenated. */
export function mergeDeep(...layers: Array<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      const current = out[key];
      out[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
    }
  }
  return out;
}
