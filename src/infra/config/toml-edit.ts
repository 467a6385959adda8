// Edits one value in a TOML text without touching anything else: the user's comments, order and
// formatting survive (smol-toml's parse/stringify would drop them). Every edit is verified by re-parsing.
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'smol-toml';
import { getPath } from '../../core/domain/object-path.js';
import { AppError } from '../../core/errors.js';
import { bracketDelta, commentStart, locateTomlKeys } from './toml-locate.js';

const bareKey = (key: string) => (/^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key));

/** Formats one value as inline TOML (`"text"`, `[ "a", "b" ]`, `{ path = "x" }`), whatever its nesting. */
export function tomlValue(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[ ${value.map(tomlValue).join(', ')} ]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${bareKey(k)} = ${tomlValue(v)}`).join(', ')} }`;
  }
  const line = stringify({ v: value }).trim();
  return line.slice(line.indexOf('=') + 1).trim();
}

/** Last line index (inclusive) of the value that starts on `start` (multi-line arrays and strings). */
function valueEnd(lines: string[], start: number): number {
  const afterEq = (lines[start] ?? '').slice((lines[start] ?? '').indexOf('=') + 1).trim();
  for (const delimiter of ['"""', "'''"]) {
    if (afterEq.startsWith(delimiter) && !afterEq.slice(3).includes(delimiter)) {
      for (let i = start + 1; i < lines.length; i++) if ((lines[i] ?? '').includes(delimiter)) return i;
    }
  }
  // Multi-line arrays: the locator skips their continuation lines, so the next located line bounds them.
  if (afterEq.startsWith('[')) {
    let depth = 0;
    for (let i = start; i < lines.length; i++) {
      depth += bracketDelta(i === start ? afterEq : (lines[i] ?? ''));
      if (depth <= 0) return i;
    }
  }
  return start;
}

const isHeader = (line: string) => /^\s*\[/.test(line);

function verify(text: string, path: readonly string[], expected: unknown): string {
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch (error) {
    throw new AppError(
      'invalid_input',
      `editing ${path.join('.')} would break the file: ${(error as Error).message}`,
    );
  }
  // smol-toml builds tables without a prototype: compare plain JSON shapes.
  const plain = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  if (!isDeepStrictEqual(plain(getPath(parsed, path)), plain(expected))) {
    throw new AppError(
      'invalid_input',
      `cannot edit ${path.join('.')} automatically; please edit the file by hand`,
    );
  }
  return text;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The line range [start, end) of the `[[path]]` block at `index`: its header to its last key's value. */
function blockRange(text: string, path: readonly string[], index: number): [number, number] | undefined {
  const positions = locateTomlKeys(text);
  const header = positions.get([...path, String(index)].join('.'));
  if (!header) return undefined;
  const lines = text.split('\n');
  const from = header.line - 1;
  let to = lines.length;
  for (let i = from + 1; i < lines.length; i++) {
    if (isHeader(lines[i] ?? '')) {
      to = i;
      break;
    }
  }
  // Comments and blank lines before the next header introduce what follows: they stay.
  while (to - 1 > from && /^\s*(#.*)?$/.test(lines[to - 1] ?? '')) to--;
  return [from, to];
}

/**
 * Sets an array of tables written as `[[path]]` blocks (`[[content_sources.sources]]`) entry by entry:
 * changed keys are edited in place, so each block keeps its comments; extra blocks are removed and new
 * entries appended as blocks.
 */
function setTableArray(text: string, path: readonly string[], value: Record<string, unknown>[]): string {
  const parsed = getPath(parse(text), path);
  const before = Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [];
  let next = text;
  for (let i = before.length - 1; i >= value.length; i--) {
    const range = blockRange(next, path, i);
    if (!range) throw new AppError('invalid_input', `cannot edit ${path.join('.')} automatically`);
    const lines = next.split('\n');
    lines.splice(range[0], range[1] - range[0]);
    next = lines.join('\n');
  }
  const plain = (v: unknown) => JSON.stringify(v);
  for (let i = 0; i < Math.min(before.length, value.length); i++) {
    const old = before[i] ?? {};
    const entry = value[i] ?? {};
    for (const key of Object.keys(old)) {
      if (!(key in entry) || entry[key] === undefined) next = removeTomlKey(next, [...path, String(i), key]);
    }
    for (const [key, v] of Object.entries(entry)) {
      if (v !== undefined && plain(old[key]) !== plain(v))
        next = setTomlValue(next, [...path, String(i), key], v);
    }
  }
  const added = value.slice(before.length);
  if (added.length > 0) {
    const body = next.endsWith('\n') ? next : `${next}\n`;
    const blocks = added.map((entry) =>
      [
        `[[${path.map(bareKey).join('.')}]]`,
        ...Object.entries(entry)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${bareKey(k)} = ${tomlValue(v)}`),
      ].join('\n'),
    );
    next = `${body}\n${blocks.join('\n\n')}\n`;
  }
  if (value.length === 0) {
    // No block left: the key itself says the list is empty.
    return setTomlValue(next, path, value);
  }
  return verify(next, path, value);
}

/** Sets `path` (a leaf in a plain table, e.g. ['limits','max_replies_per_day']) to `value`. */
export function setTomlValue(text: string, path: readonly string[], value: unknown): string {
  const tableArray = locateTomlKeys(text).get([...path, '0'].join('.'));
  if (
    tableArray &&
    /^\s*\[\[/.test(text.split('\n')[tableArray.line - 1] ?? '') &&
    Array.isArray(value) &&
    value.every(isPlainObject)
  ) {
    return setTableArray(text, path, value);
  }
  const key = path[path.length - 1] as string;
  const section = path.slice(0, -1);
  const lines = text.split('\n');
  const positions = locateTomlKeys(text);
  const rendered = `${bareKey(key)} = ${tomlValue(value)}`;

  const existing = positions.get(path.join('.'));
  if (existing) {
    const start = existing.line - 1;
    const end = valueEnd(lines, start);
    const original = lines[start] ?? '';
    const indent = original.slice(0, original.length - original.trimStart().length);
    const single = end === start ? original : '';
    const cut = commentStart(single.slice(single.indexOf('=') + 1));
    const comment = cut >= 0 ? `  ${single.slice(single.indexOf('=') + 1 + cut).trim()}` : '';
    lines.splice(start, end - start + 1, `${indent}${rendered}${comment}`);
    return verify(lines.join('\n'), path, value);
  }

  const header = section.length === 0 ? undefined : positions.get(section.join('.'));
  if (section.length === 0 || (header && isHeader(lines[header.line - 1] ?? ''))) {
    // The table's range: from its header (or the file start) to the next header.
    const from = header ? header.line : 0;
    let to = lines.length;
    for (let i = from; i < lines.length; i++) {
      if (isHeader(lines[i] ?? '')) {
        to = i;
        break;
      }
    }
    // Insert after the table's last key, so comments that introduce the next table stay with it.
    const keyLines = [...positions.values()]
      .map((p) => p.line - 1)
      .filter((l) => l >= from && l < to && !isHeader(lines[l] ?? ''));
    let at: number;
    if (keyLines.length > 0) at = valueEnd(lines, Math.max(...keyLines)) + 1;
    else if (header) at = from;
    else {
      at = 0;
      while (at < to && (lines[at] ?? '').trimStart().startsWith('#')) at++;
    }
    lines.splice(at, 0, rendered);
    return verify(lines.join('\n'), path, value);
  }

  const body = text.length === 0 || text.endsWith('\n') ? text : `${text}\n`;
  const spacer = body.trim() === '' ? '' : '\n';
  return verify(`${body}${spacer}[${section.join('.')}]\n${rendered}\n`, path, value);
}

/** Removes a leaf (its whole line, or lines for multi-line values); a no-op when absent. */
export function removeTomlKey(text: string, path: readonly string[]): string {
  const existing = locateTomlKeys(text).get(path.join('.'));
  if (!existing) return text;
  const lines = text.split('\n');
  const start = existing.line - 1;
  lines.splice(start, valueEnd(lines, start) - start + 1);
  return verify(lines.join('\n'), path, undefined);
}
