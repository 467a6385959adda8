// Turns the text of an env var or a flag into the typed value its config field expects.
import type { ConfigLeaf } from './schema-walk.js';

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string } | { ok: 'unset' };

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * A list written as JSON (`["a","b"]`), as people copy it from TOML or a JSON config. Without this branch it
 * would be split on commas into names such as `["a"` that match nothing, silently.
 */
function jsonList(raw: string, text: string): Coerced {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `'${raw}' is not a valid JSON array (${(error as Error).message}); write a,b or ["a","b"]`,
    };
  }
  if (!Array.isArray(parsed)) return { ok: false, message: `'${raw}' is not a JSON array` };
  // Elements are validated by the field's schema afterwards, with the env var or flag as their source.
  return { ok: true, value: parsed.map((item) => (typeof item === 'string' ? item.trim() : item)) };
}

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
      return text.startsWith('[') ? jsonList(raw, text) : { ok: true, value: splitList(text) };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch (error) {
        return { ok: false, message: `'${raw}' is not valid JSON (${(error as Error).message})` };
      }
  }
}
