// The listed JSON Schemas without their redundancy: every rewrite here keeps what the schema accepts (the
// profile walk checks it on every call) and only drops repetition an agent pays for on every conversation.
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** `anyOf: [{type: 'array', items}, {type: 'string'}]` is one type list (items only bind arrays). */
function mergeTypeUnion(node: Json): Json {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const [a, b] = branches as unknown[];
  if (!isObject(a) || !isObject(b)) return node;
  const [arr, str] = a.type === 'array' ? [a, b] : [b, a];
  const plain = (branch: Json, allowed: string[]) => Object.keys(branch).every((k) => allowed.includes(k));
  if (
    arr.type !== 'array' ||
    str.type !== 'string' ||
    !plain(arr, ['type', 'items']) ||
    !plain(str, ['type'])
  )
    return node;
  const { anyOf: _, ...rest } = node;
  return { ...rest, type: ['array', 'string'], items: arr.items };
}

/** One node, children first. */
function compactNode(input: Json): Json {
  let node: Json = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === '$schema') continue;
    node[key] = compactValue(key, value);
  }
  // An ISO date-time is said by `format`; zod's generated pattern (500 characters) repeats it.
  if (node.format === 'date-time' && typeof node.pattern === 'string') delete node.pattern;
  if (node.type === 'integer') {
    // The safe-integer bounds zod adds to every int say nothing a JSON number does not.
    if (node.maximum === SAFE_MAX) delete node.maximum;
    if (node.minimum === -SAFE_MAX) delete node.minimum;
    // For integers `exclusiveMinimum: n` is `minimum: n + 1`, shorter and read by more clients.
    if (typeof node.exclusiveMinimum === 'number' && node.minimum === undefined) {
      node.minimum = Math.floor(node.exclusiveMinimum) + 1;
      delete node.exclusiveMinimum;
    }
  }
  node = mergeTypeUnion(node);
  return node;
}

function compactValue(key: string, value: unknown): unknown {
  if (key === 'properties' || key === '$defs') {
    return isObject(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isObject(v) ? compactNode(v) : v]))
      : value;
  }
  if (key === 'enum' || key === 'required' || key === 'default' || key === 'const' || key === 'examples')
    return value;
  if (Array.isArray(value)) return value.map((v) => (isObject(v) ? compactNode(v) : v));
  return isObject(value) ? compactNode(value) : value;
}

/** Enum lists repeated inside one schema move to `$defs` once and are referenced where they were. */
function shareEnums(schema: Json): Json {
  const seen = new Map<string, number>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) {
      if (Array.isArray(node.enum) && node.enum.length > 2) {
        const key = JSON.stringify({ type: node.type, enum: node.enum });
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      for (const [k, v] of Object.entries(node)) if (k !== 'enum') visit(v);
    }
  };
  visit(schema);
  const shared = [...seen].filter(([, count]) => count > 1).map(([key]) => key);
  if (shared.length === 0) return schema;
  const names = new Map(shared.map((key, i) => [key, `e${i}`]));
  const replace = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(replace);
    if (!isObject(node)) return node;
    const key = Array.isArray(node.enum) ? JSON.stringify({ type: node.type, enum: node.enum }) : '';
    const name = names.get(key);
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      if (name && (k === 'enum' || k === 'type')) continue;
      out[k] = k === 'enum' || k === 'default' ? v : replace(v);
    }
    if (name) out.$ref = `#/$defs/${name}`;
    return out;
  };
  const defs = Object.fromEntries(shared.map((key) => [names.get(key) as string, JSON.parse(key)]));
  const result = replace(schema) as Json;
  return { ...result, $defs: { ...(result.$defs as Json | undefined), ...defs } };
}

/** A JSON Schema as listed: the same accepted values, fewer characters. */
export function compactSchema<T extends object>(schema: T): T {
  return shareEnums(compactNode(schema as Json)) as T;
}
