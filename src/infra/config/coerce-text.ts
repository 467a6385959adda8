// Turns the text of an env var or a flag into the typed value its config field expects.
import type { ConfigLeaf } from './schema-walk.js';

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string } | { ok: 'unset' };

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/** Coerces text for a leaf. An empty text means "not set" except for lists, where it means []. */
export function coerceText(leaf: ConfigLeaf, raw: string): Coerced {
  const text = raw.trim();
  if (text === '' && leaf.kind !== 'string_list') return { ok: 'unset' };
  switch (leaf.kind) {
    case 'string':
      return { ok: true, value: text };
    case 'integer':
      return /^[-+]?\d+$/.test(text)
        ? { ok: true, value: Number(text) }
        : { ok: false, message: `'${raw}' is not a valid integer` };
    case 'number': {
      const value = Number(text);
      return Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, message: `'${raw}' is not a valid number` };
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) return { ok: true, value: true };
      if (FALSE.has(lower)) return { ok: true, value: false };
      return { ok: false, message: `'${raw}' is not a valid boolean (use true/false, 1/0, yes/no)` };
    }
    case 'enum': {
      const values = leaf.enumValues ?? [];
      const lower = text.toLowerCase();
      const alias = Object.entries(leaf.meta.aliases ?? {}).find(([from]) => from.toLowerCase() === lower);
      const match = alias?.[1] ?? values.find((v) => v.toLowerCase() === lower);
      return match !== undefined
        ? { ok: true, value: match }
        : { ok: false, message: `'${raw}' is not one of ${values.join(', ')}` };
    }
    case 'string_list':
      return {
        ok: true,
        value: text
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch (error) {
        return { ok: false, message: `'${raw}' is not valid JSON (${(error as Error).message})` };
      }
  }
}
