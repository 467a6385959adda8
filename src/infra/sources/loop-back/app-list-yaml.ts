// Reads the app's list out of a note's front-matter (refusing what it must not touch), checks an edited
// front-matter reads back as intended, and re-renders the list's own lines for the rare shapes (flow
// style, an explicit null) that cannot be edited in place.
import { isDeepStrictEqual } from 'node:util';
import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  type ParsedNode,
  parseDocument,
  type Range,
  type Scalar,
  YAMLMap,
  type YAMLSeq,
  Document as YamlDocument,
} from 'yaml';
import { AppError } from '../../../core/errors.js';
import { LOOP_BACK_KEY } from './loop-back-entry.js';
import { type Eol, loopBackSkipped } from './note-layout.js';
import { columnOf, isPlainSafe, type LoopBackValue, lineEndAfter, type Splice } from './yaml-text.js';

// Big ids written unquoted (19 digits) keep every digit as bigint; duplicate keys are an error.
const PARSE_OPTIONS = { intAsBigInt: true, prettyErrors: false, uniqueKeys: true } as const;

type AppPair = Pair<ParsedNode, ParsedNode | null>;

export interface AppListView {
  text: string;
  doc: Document.Parsed;
  /** The top-level mapping; null for an empty (or comment-only) front-matter. */
  root: YAMLMap<ParsedNode, ParsedNode | null> | null;
  /** The `app:` pair when present. */
  pair: AppPair | undefined;
  /** Its list when it is one (null for `app:` with no value). */
  seq: YAMLSeq<ParsedNode> | null;
  /** The whole front-matter as plain data, the base the edited one is checked against. */
  data: Record<string, unknown>;
}

/** A parsed node's [start, value end, node end] offsets (parsed nodes always carry them). */
export function rangeOf(node: { range?: Range | null }): Range {
  if (!node.range) throw new Error('parsed YAML node without a source range');
  return node.range;
}

/** True for `app:` with nothing after it (not `~` or `null`, which are written out and kept as such). */
export function isEmptyValue(node: ParsedNode | null): boolean {
  return node === null || (isScalar(node) && node.value === null && node.source === '');
}

/**
 * Parses the front-matter YAML. Refuses (AppError validation_error, file left alone) invalid YAML, a
 * front-matter that is not a block mapping, and an `app` key holding anything but a list or null.
 */
export function readAppList(text: string): AppListView {
  const doc = parseDocument(text, PARSE_OPTIONS);
  if (doc.errors.length > 0) {
    throw loopBackSkipped('invalid_yaml', 'front-matter is not valid YAML', {
      errors: doc.errors.map((error) => error.message),
    });
  }
  const root = doc.contents;
  if (root !== null && !isMap(root))
    throw loopBackSkipped('not_a_mapping', 'front-matter is not a mapping of keys');
  if (root?.flow) throw loopBackSkipped('flow_mapping', 'front-matter is a flow mapping ({...})');
  let data: Record<string, unknown>;
  try {
    data = (doc.toJS() as Record<string, unknown> | null) ?? {};
  } catch (error) {
    // e.g. too many alias expansions: the same refusal as any other unreadable front-matter.
    throw loopBackSkipped('invalid_yaml', 'front-matter is not valid YAML', { errors: [String(error)] });
  }
  const pair = root?.items.find((item) => isScalar(item.key) && item.key.value === LOOP_BACK_KEY);
  let seq: YAMLSeq<ParsedNode> | null = null;
  if (pair) {
    if (isSeq(pair.value)) seq = pair.value;
    // `app:`, `app: ~` or `app: null` hold no entry yet (nothing to lose); anything else is the user's.
    else if (!isEmptyValue(pair.value) && !(isScalar(pair.value) && pair.value.value === null)) {
      throw loopBackSkipped('app_not_a_list', `the front-matter's \`${LOOP_BACK_KEY}\` key is not a list`);
    }
  }
  return { text, doc, root, pair, seq, data };
}

/** The index in `seq` of the entry (a mapping) whose tweet_id is `tweetId`, or -1. */
export function entryIndex(seq: YAMLSeq<ParsedNode> | null, tweetId: string): number {
  if (!seq) return -1;
  return seq.items.findIndex((item) => isMap(item) && idText(item.get('tweet_id')) === tweetId);
}

function idText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'bigint' || typeof value === 'number'
    ? String(value)
    : undefined;
}

/** Numbers and bigints compare by their decimal text (5 written reads back as 5n). */
function normalize(value: unknown): unknown {
  if (typeof value === 'bigint' || typeof value === 'number') return `#num:${String(value)}`;
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalize(item)]));
  }
  return value;
}

/**
 * Returns `edited` when it parses cleanly to exactly `expected`; else throws AppError('internal'): an edit
 * we cannot prove right is never written.
 */
export function verifiedEdit(edited: string, expected: Record<string, unknown>): string {
  const after = parseDocument(edited, PARSE_OPTIONS);
  let data: unknown;
  try {
    data = after.errors.length === 0 ? (after.toJS() ?? {}) : undefined;
  } catch {
    data = undefined;
  }
  if (data === undefined || !isDeepStrictEqual(normalize(data), normalize(expected))) {
    throw new AppError('internal', 'loop-back edit did not read back as intended; note left untouched', {
      details: { reason: 'edit_not_verified' },
    });
  }
  return edited;
}

/** A scalar node for a value we write, quoted when a plain scalar could read back differently. */
export function valueNode(doc: Document, value: LoopBackValue): Node {
  const node = doc.createNode(value) as Scalar;
  if (typeof value === 'string' && !isPlainSafe(value)) node.type = 'QUOTE_DOUBLE';
  return node;
}

/** A block mapping node holding `fields` in order. */
export function mapNode(doc: Document, fields: readonly (readonly [string, LoopBackValue])[]): YAMLMap {
  const map = new YAMLMap();
  for (const [key, value] of fields) map.set(doc.createNode(key), valueNode(doc, value));
  return map;
}

/**
 * Re-renders the `app:` pair (key, list, comments) as block YAML after `mutate` changed a copy of its list,
 * replacing only the lines the pair occupied. Used for the shapes an in-place edit cannot extend.
 */
export function rewriteAppPair(
  view: AppListView,
  eol: Eol,
  mutate: (seq: YAMLSeq, doc: Document) => void,
): Splice {
  const { pair, root, text } = view;
  if (!pair || !root) throw new Error('rewriteAppPair needs an existing app pair');
  const doc = view.doc.clone();
  const copy = (doc.contents as YAMLMap).items[root.items.indexOf(pair)] as Pair<Node, Node | null>;
  let seq = copy.value;
  if (!isSeq(seq)) {
    const fresh = doc.createNode([]) as YAMLSeq;
    fresh.comment = (seq as Scalar | null)?.comment;
    copy.value = fresh;
    seq = fresh;
  }
  seq.flow = false;
  mutate(seq, doc);
  // Comments and blank lines above the key stay where they are, outside the replaced range.
  (copy.key as Node).commentBefore = undefined;
  (copy.key as Node).spaceBefore = false;
  const out = new YamlDocument(null);
  const single = new YAMLMap();
  single.items.push(copy);
  out.contents = single;
  const pad = ' '.repeat(columnOf(text, pair.key.range[0]));
  const rendered = out
    .toString({ lineWidth: 0 })
    .replace(/\n$/, '')
    .split('\n')
    .map((line, index) => (index === 0 || line === '' ? line : pad + line))
    .join(eol);
  const valueEnd = pair.value ? pair.value.range[2] : pair.key.range[2];
  return { start: pair.key.range[0], end: lineEndAfter(text, valueEnd), insert: rendered + eol };
}
