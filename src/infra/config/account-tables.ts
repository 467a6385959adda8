// Adds, renames and removes an `[accounts.<name>]` table in a config text, keeping every other byte: the
// user's comments, order and formatting. Each edit is checked by parsing the result, which must be the
// same config with only that account changed; a layout it cannot edit safely (an inline `accounts = {…}`)
// is refused with a request to edit the file by hand.
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'smol-toml';
import { AppError } from '../../core/errors.js';
import { removeTomlKey, setTomlValue, tomlValue } from './toml-edit.js';
import { locateTomlKeys } from './toml-locate.js';

type Table = Record<string, unknown>;

/** One segment of a written key, with the whitespace around it, so a rewrite keeps the rest as written. */
interface KeyPart {
  lead: string;
  raw: string;
  value: string;
  trail: string;
}

const KEY_PART = /^(\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)(\s*)/;

/** The segments of the dotted key at the start of `text`, and what follows them. */
function splitKey(text: string): { parts: KeyPart[]; rest: string } | undefined {
  const parts: KeyPart[] = [];
  let rest = text;
  for (;;) {
    const match = KEY_PART.exec(rest);
    if (!match) return undefined;
    const [whole, lead = '', raw = '', trail = ''] = match;
    const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.replace(/^'|'$/g, '');
    parts.push({ lead, raw, value, trail });
    rest = rest.slice(whole.length);
    if (!rest.startsWith('.')) return { parts, rest };
    rest = rest.slice(1);
  }
}

const joinKey = (parts: readonly KeyPart[]) => parts.map((p) => `${p.lead}${p.raw}${p.trail}`).join('.');
const bare = (name: string) => (/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name));

/** A line that names a key: a `[table]` or `[[array]]` header, or `key = value` inside `table`. */
interface KeyLine {
  index: number;
  header: boolean;
  /** Where the written key starts on the line (after the indent and any brackets). */
  start: number;
  /** The written key and what follows it (`]` and a comment, or `= value`). */
  key: { parts: KeyPart[]; rest: string };
  /** The table a key line belongs to (empty for a header or a top-level key). */
  table: string[];
  /** The full dotted path the locator gives the line. */
  path: string;
}

function keyLines(text: string): KeyLine[] {
  const lines = text.split('\n');
  const found: KeyLine[] = [];
  for (const [path, position] of locateTomlKeys(text)) {
    const index = position.line - 1;
    const line = lines[index] ?? '';
    const indent = line.length - line.trimStart().length;
    const brackets = /^\[\[?/.exec(line.slice(indent))?.[0] ?? '';
    const start = indent + brackets.length;
    const key = splitKey(line.slice(start));
    if (!key) continue;
    const header = brackets !== '';
    // A key line's table is its path without the segments written on the line.
    const table = header ? [] : path.split('.').slice(0, -key.parts.length);
    found.push({ index, header, start, key, table, path });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The position in a line's written key of the account's name, when the key names `accounts.<name>`. */
function nameAt(line: KeyLine, name: string): number | undefined {
  const written = line.key.parts.map((p) => p.value);
  const full = [...line.table, ...written];
  if (full[0] !== 'accounts' || full[1] !== name) return undefined;
  const at = 1 - line.table.length;
  return at >= 0 && at < written.length ? at : undefined;
}

const unsafe = (what: string) =>
  new AppError(
    'invalid_input',
    `cannot ${what} automatically in this file's layout; please edit config.toml by hand`,
  );

function parsed(text: string, what: string): Table {
  try {
    return parse(text) as Table;
  } catch {
    throw unsafe(what);
  }
}

/** Plain JSON shapes (smol-toml builds tables without a prototype), accounts as a table even when absent. */
function plain(config: Table): Table {
  const copy = JSON.parse(JSON.stringify(config)) as Table;
  copy.accounts ??= {};
  return copy;
}

function verify(after: string, expected: Table, what: string): string {
  if (!isDeepStrictEqual(plain(parsed(after, what)), plain(expected))) throw unsafe(what);
  return after;
}

function accountsOf(config: Table): Table {
  return (config.accounts as Table | undefined) ?? {};
}

/** Appends `[accounts.<name>]` (with its display name) at the end of the file. */
export function addAccountTable(text: string, name: string, displayName?: string): string {
  const what = `add [accounts.${name}]`;
  const before = parsed(text, what);
  if (Object.hasOwn(accountsOf(before), name)) throw unsafe(what);
  const body = text.length === 0 || text.endsWith('\n') ? text : `${text}\n`;
  const spacer = body.trim() === '' ? '' : '\n';
  const lines = [`[accounts.${bare(name)}]`];
  if (displayName !== undefined) lines.push(`display_name = ${tomlValue(displayName)}`);
  const table: Table = displayName === undefined ? {} : { display_name: displayName };
  const expected = { ...before, accounts: { ...accountsOf(before), [name]: table } };
  return verify(`${body}${spacer}${lines.join('\n')}\n`, expected, what);
}

/** Renames `[accounts.<from>]` and its sub-tables (and dotted keys under `[accounts]`) to `<to>`. */
export function renameAccountTable(text: string, from: string, to: string): string {
  const what = `rename [accounts.${from}]`;
  const before = parsed(text, what);
  const accounts = accountsOf(before);
  if (!Object.hasOwn(accounts, from) || Object.hasOwn(accounts, to)) throw unsafe(what);
  const lines = text.split('\n');
  for (const line of keyLines(text)) {
    const at = nameAt(line, from);
    const part = at === undefined ? undefined : line.key.parts[at];
    if (at === undefined || !part) continue;
    const parts = line.key.parts.map((p, i) => (i === at ? { ...part, raw: bare(to), value: to } : p));
    const current = lines[line.index] ?? '';
    lines[line.index] = `${current.slice(0, line.start)}${joinKey(parts)}${line.key.rest}`;
  }
  const { [from]: moved, ...others } = accounts;
  return verify(lines.join('\n'), { ...before, accounts: { ...others, [to]: moved } }, what);
}

const isBlank = (line: string | undefined) => line !== undefined && line.trim() === '';
const isComment = (line: string | undefined) => line?.trimStart().startsWith('#') === true;

/**
 * Removes `[accounts.<name>]`, its sub-tables and any key under `[accounts]` naming it. A comment right above
 * a removed header goes with it; the blank line that separated it from what came before is not left twice.
 */
export function removeAccountTable(text: string, name: string): string {
  const what = `remove [accounts.${name}]`;
  const before = parsed(text, what);
  if (!Object.hasOwn(accountsOf(before), name)) throw unsafe(what);
  // Keys written as `name.x = …` or `name = {…}` under [accounts], one at a time (each removal moves lines).
  let next = text;
  for (;;) {
    const keyLine = keyLines(next).find((line) => !line.header && nameAt(line, name) !== undefined);
    if (!keyLine) break;
    next = removeTomlKey(next, keyLine.path.split('.'));
  }
  const all = keyLines(next);
  const headers = all.filter((line) => line.header);
  const lines = next.split('\n');
  const doomed = new Set<number>();
  headers.forEach((header, i) => {
    if (nameAt(header, name) === undefined) return;
    let start = header.index;
    while (start > 0 && isComment(lines[start - 1])) start--;
    let end = headers[i + 1]?.index ?? lines.length;
    while (end - 1 > header.index && (isBlank(lines[end - 1]) || isComment(lines[end - 1]))) end--;
    for (let l = start; l < end; l++) doomed.add(l);
  });
  // Blank lines and comments between two removed tables go too.
  const sorted = [...doomed].sort((a, b) => a - b);
  for (let k = 1; k < sorted.length; k++) {
    const [a, b] = [sorted[k - 1] as number, sorted[k] as number];
    const gap = lines.slice(a + 1, b);
    if (gap.length > 0 && gap.every((line) => isBlank(line) || isComment(line)))
      for (let l = a + 1; l < b; l++) doomed.add(l);
  }
  // One blank line stays where the removed tables were separated from their neighbours by blank lines.
  for (const l of [...doomed]) {
    if (doomed.has(l - 1)) continue;
    let end = l;
    while (doomed.has(end)) end++;
    const after = lines[end];
    const atEnd = end === lines.length || (end === lines.length - 1 && after === '');
    if (isBlank(lines[l - 1]) && (isBlank(after) || atEnd)) doomed.add(l - 1);
  }
  const kept = lines.filter((_, l) => !doomed.has(l)).join('\n');
  const { [name]: _removed, ...others } = accountsOf(before);
  return verify(kept, { ...before, accounts: others }, what);
}

/** Sets (or, with null, removes) `display_name` of `[accounts.<name>]`. */
export function setAccountDisplayName(text: string, name: string, displayName: string | null): string {
  const path = ['accounts', name, 'display_name'];
  return displayName === null ? removeTomlKey(text, path) : setTomlValue(text, path, displayName);
}

/** Names the default account: `default_account = "<name>"`, or no key for the name `default`. */
export function setDefaultAccountName(text: string, name: string, reservedDefault: string): string {
  return name === reservedDefault
    ? removeTomlKey(text, ['default_account'])
    : setTomlValue(text, ['default_account'], name);
}
