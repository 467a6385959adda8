// Finds the line of every key in a TOML text (smol-toml gives values, not positions), so that
// a config problem can name the file line it came from. Array-of-tables entries get their index.
import { textLines } from '../../core/domain/text-lines.js';

export interface TomlPosition {
  line: number;
  column: number;
}

const KEY_PART = /^\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*/;

/** Parses a dotted key at the start of `text`; returns the segments and the rest after '=' (or null). */
function parseKey(text: string): { parts: string[]; rest: string } | null {
  const parts: string[] = [];
  let rest = text;
  for (;;) {
    const match = KEY_PART.exec(rest);
    if (!match) return null;
    parts.push(match[1] ?? match[2] ?? match[3] ?? '');
    rest = rest.slice(match[0].length);
    if (rest.startsWith('.')) {
      rest = rest.slice(1);
      continue;
    }
    return { parts, rest };
  }
}

/** Index of a `#` comment start outside quoted strings, or -1. */
export function commentStart(text: string): number {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\' && quote === '"') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return i;
  }
  return -1;
}

/** Net count of '[' minus ']' outside strings and comments. */
export function bracketDelta(text: string): number {
  const cut = commentStart(text);
  let depth = 0;
  let quote: string | null = null;
  const code = cut >= 0 ? text.slice(0, cut) : text;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (quote) {
      if (ch === '\\' && quote === '"') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[') depth++;
    else if (ch === ']') depth--;
  }
  return depth;
}

/**
 * Maps dotted key paths (array indexes as numbers: `content_sources.sources.0.path`) to their
 * 1-based line and column. Table headers are recorded under their own path.
 */
export function locateTomlKeys(text: string): Map<string, TomlPosition> {
  const positions = new Map<string, TomlPosition>();
  const arrayIndex = new Map<string, number>();
  let prefix: string[] = [];
  let multiline: string | null = null;
  let arrayDepth = 0;

  const withIndexes = (parts: string[]): string[] => {
    const out: string[] = [];
    for (const part of parts) {
      out.push(part);
      const index = arrayIndex.get(out.join('.'));
      if (index !== undefined) out.push(String(index));
    }
    return out;
  };

  const lines = textLines(text.replace(/^\uFEFF/, ''));
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    if (multiline) {
      if (raw.includes(multiline)) multiline = null;
      return;
    }
    if (arrayDepth > 0) {
      arrayDepth += bracketDelta(raw);
      return;
    }
    const trimmed = raw.trimStart();
    const column = raw.length - trimmed.length + 1;
    if (trimmed === '' || trimmed.startsWith('#')) return;

    const arrayHeader = /^\[\[\s*(.+?)\s*\]\]/.exec(trimmed);
    const tableHeader = arrayHeader ? null : /^\[\s*(.+?)\s*\]/.exec(trimmed);
    const header = arrayHeader ?? tableHeader;
    if (header) {
      const parsed = parseKey(header[1] ?? '');
      if (!parsed) return;
      if (arrayHeader) {
        const base = withIndexes(parsed.parts.slice(0, -1));
        const path = [...base, parsed.parts[parsed.parts.length - 1] ?? ''].join('.');
        const next = (arrayIndex.get(path) ?? -1) + 1;
        arrayIndex.set(path, next);
        prefix = [...path.split('.'), String(next)];
      } else {
        prefix = withIndexes(parsed.parts);
      }
      positions.set(prefix.join('.'), { line: lineNo, column });
      return;
    }

    const parsed = parseKey(trimmed);
    if (!parsed?.rest.startsWith('=')) return;
    const path = [...prefix, ...parsed.parts].join('.');
    if (!positions.has(path)) positions.set(path, { line: lineNo, column });
    const value = parsed.rest.slice(1).trimStart();
    for (const delimiter of ['"""', "'''"]) {
      if (value.startsWith(delimiter) && !value.slice(3).includes(delimiter)) multiline = delimiter;
    }
    if (!multiline && value.startsWith('[')) arrayDepth = Math.max(0, bracketDelta(value));
  });
  return positions;
}
