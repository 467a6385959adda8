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

function visit(schema: z.ZodType, value: unknown, path: Array<string | number>, out: UnknownKey[]): void {
  const def = defOf(unwrapped(schema));
  if (def.type === 'object' && def.shape && isPlainObject(value)) {
    const shape = def.shape;
    for (const [key, child] of Object.entries(value)) {
      const childSchema = shape[key];
      if (childSchema) {
        visit(childSchema, child, [...path, key], out);
        continue;
      }
      const sibling = nearest(key, Object.keys(shape));
      const elsewhere = sibling
        ? undefined
        : configLeaves().find((leaf) => leaf.path[leaf.path.length - 1] === key && leaf.path.length > 1);
      const suggestion = sibling ? displayKey([...path, sibling]) : elsewhere?.key;
      out.push({ path: [...path, key], key: displayKey([...path, key]), suggestion });
    }
  } else if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    value.forEach((item, index) => {
      visit(element, item, [...path, index], out);
    });
  }
}

/** Unknown keys in a raw (parsed but not validated) config object. */
export function findUnknownKeys(raw: unknown): UnknownKey[] {
  const out: UnknownKey[] = [];
  visit(ConfigSchema, raw, [], out);
  return out;
}
