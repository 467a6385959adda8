// The parts of Drive v3's request language the fake understands: `q` search clauses joined with `and`
// ('<id>' in parents, trashed, mimeType and name comparisons) and the `fields` partial-response selector
// (`nextPageToken,files(id,name,parents)`, `*`). Anything else is refused as the real API does (400).
import type { FakeFile } from './drive-state.js';

export class DriveRequestError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly location?: string,
  ) {
    super(message);
  }
}

type Clause = (file: FakeFile) => boolean;

const STRING = String.raw`'((?:[^'\\]|\\.)*)'`;
const unquote = (text: string) => text.replace(/\\(.)/g, '$1');

/** Splits on ` and ` outside quoted strings. */
function splitAnd(q: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < q.length; i++) {
    const ch = q[i] as string;
    if (ch === '\\' && quoted) {
      current += ch + (q[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === "'") quoted = !quoted;
    if (!quoted && q.slice(i, i + 5).toLowerCase() === ' and ') {
      parts.push(current);
      current = '';
      i += 4;
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim());
}

function clauseOf(text: string): Clause {
  let m = new RegExp(`^${STRING}\\s+in\\s+parents$`).exec(text);
  if (m) {
    const id = unquote(m[1] as string);
    return (f) => f.parents.includes(id);
  }
  m = /^trashed\s*(=|!=)\s*(true|false)$/.exec(text);
  if (m) {
    const wanted = m[2] === 'true';
    return m[1] === '=' ? (f) => f.trashed === wanted : (f) => f.trashed !== wanted;
  }
  m = new RegExp(`^(mimeType|name)\\s*(=|!=|contains)\\s*${STRING}$`).exec(text);
  if (m) {
    const field = m[1] as 'mimeType' | 'name';
    const value = unquote(m[3] as string);
    if (m[2] === 'contains') return (f) => f[field].includes(value);
    return m[2] === '=' ? (f) => f[field] === value : (f) => f[field] !== value;
  }
  throw new DriveRequestError(400, 'invalid', 'Invalid Value', 'q');
}

/** A predicate for `q` (absent: every file, trashed ones included, as Drive does). */
export function parseQuery(q: string | undefined): Clause {
  if (q === undefined || q.trim() === '') return () => true;
  const clauses = splitAnd(q.trim()).map(clauseOf);
  return (file) => clauses.every((clause) => clause(file));
}

export interface FieldTree {
  [name: string]: FieldTree | true;
}

/** Parses `a,b(c,d(e)),*` into a tree; malformed selectors are a 400 like the real API's. */
export function parseFields(text: string): FieldTree {
  let pos = 0;
  const fail = (): never => {
    throw new DriveRequestError(400, 'invalidParameter', `Invalid field selection ${text}`, 'fields');
  };
  const list = (): FieldTree => {
    const tree: FieldTree = {};
    for (;;) {
      const m = /^\s*([A-Za-z*][\w*]*)\s*/.exec(text.slice(pos));
      if (!m) fail();
      pos += (m as RegExpExecArray)[0].length;
      const name = (m as RegExpExecArray)[1] as string;
      if (text[pos] === '(') {
        pos++;
        tree[name] = list();
        if (text[pos] !== ')') fail();
        pos++;
        while (text[pos] === ' ') pos++;
      } else tree[name] = true;
      if (text[pos] !== ',') return tree;
      pos++;
    }
  };
  const tree = list();
  if (pos !== text.length) fail();
  return tree;
}

export interface Shape {
  [name: string]: Shape | true;
}

/** Keeps the selected fields of `value` (validated against `shape`: unknown names are a 400). */
export function selectFields(value: unknown, tree: FieldTree, shape: Shape, selector: string): unknown {
  if (Array.isArray(value)) return value.map((item) => selectFields(item, tree, shape, selector));
  if (typeof value !== 'object' || value === null) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(tree)) {
    if (name === '*') {
      Object.assign(out, source);
      continue;
    }
    const subShape = shape[name];
    if (subShape === undefined)
      throw new DriveRequestError(400, 'invalidParameter', `Invalid field selection ${name}`, 'fields');
    if (source[name] === undefined) continue;
    out[name] =
      sub === true || subShape === true ? source[name] : selectFields(source[name], sub, subShape, selector);
  }
  return out;
}
