// Reports keys the schema does not know (zod would drop them silently), each with the nearest valid key.
import type { z } from 'zod';
import { ConfigSchema } from '../../contracts/config/config.js';
import { displayKey } from '../../core/domain/config-issue.js';
import { nearest } from '../../core/domain/did-you-mean.js';
import { configLeaves } from '../../core/domain/schema-walk.js';

export interface UnknownKey {
  path: Array<string | number>;
  key: string;
  suggestion?: string;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (['optional', 'nullable', 'default', 'prefault'].includes(def.type) && def.innerType)
      current = def.innerType;
    else if (def.type === 'pipe' && def.out) current = def.out;
    else return current;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The table a key is looked up from when it is not where it was written: the whole config, or inside a
 * named table (`[accounts.acme]`) the sections that table may hold.
 */
interface Root {
  path: Array<string | number>;
  shape: Record<string, z.ZodType>;
}

/** A leaf of the config with this last name that `root` may hold (`port` → `server.port`). */
function elsewhere(key: string, root: Root): string | undefined {
  const leaf = configLeaves().find((leaf) => {
    const first = leaf.path[0] as string;
    const section = root.shape[first];
    // A key the table refuses (a service setting inside an account) is not a place to point to.
    return (
      leaf.path[leaf.path.length - 1] === key &&
      leaf.path.length > 1 &&
      section !== undefined &&
      defOf(unwrapped(section)).type !== 'never'
    );
  });
  return leaf ? displayKey([...root.path, ...leaf.path]) : undefined;
}

function visit(
  schema: z.ZodType,
  value: unknown,
  path: Array<string | number>,
  root: Root,
  out: UnknownKey[],
): void {
  const def = defOf(unwrapped(schema));
  if (def.type === 'object' && def.shape && isPlainObject(value)) {
    const shape = def.shape;
    for (const [key, child] of Object.entries(value)) {
      const childSchema = shape[key];
      if (childSchema) {
        visit(childSchema, child, [...path, key], root, out);
        continue;
      }
      const sibling = nearest(key, Object.keys(shape));
      const suggestion = sibling ? displayKey([...path, sibling]) : elsewhere(key, root);
      out.push({ path: [...path, key], key: displayKey([...path, key]), suggestion });
    }
  } else if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    value.forEach((item, index) => {
      visit(element, item, [...path, index], root, out);
    });
  } else if (def.type === 'record' && def.valueType && isPlainObject(value)) {
    // Named tables: each is its own root, so suggestions stay inside it.
    const valueType = def.valueType;
    const tableShape = defOf(unwrapped(valueType)).shape ?? {};
    for (const [name, table] of Object.entries(value))
      visit(valueType, table, [...path, name], { path: [...path, name], shape: tableShape }, out);
  }
}

/** Unknown keys in a raw (parsed but not validated) config object. */
export function findUnknownKeys(raw: unknown): UnknownKey[] {
  const out: UnknownKey[] = [];
  visit(ConfigSchema, raw, [], { path: [], shape: ConfigSchema.shape }, out);
  return out;
}
