// The two edits loop-back makes to a front-matter's YAML text: append an entry to the app's list, and set
// fields on one entry. Both splice only the lines they add or the values they change, and prove the result
// reads back as the old front-matter plus the change before it is used.
import { isMap, isScalar, type ParsedNode, type YAMLMap } from 'yaml';
import { AppError } from '../../../core/errors.js';
import {
  type AppListView,
  entryIndex,
  isEmptyValue,
  mapNode,
  rangeOf,
  readAppList,
  rewriteAppPair,
  valueNode,
  verifiedEdit,
} from './app-list-yaml.js';
import { LOOP_BACK_KEY } from './loop-back-entry.js';
import type { Eol } from './note-layout.js';
import {
  applySplices,
  columnOf,
  fieldLines,
  formatScalar,
  itemLines,
  type LoopBackValue,
  lineEndAfter,
  lineInsert,
  type Splice,
} from './yaml-text.js';

export type Fields = readonly (readonly [string, LoopBackValue])[];

/**
 * The front-matter YAML `text` with an entry (`fields`, tweet_id first) appended to the app's list, the key
 * created at the end when absent; null when an entry with that tweet_id is already there.
 */
export function appendEntry(text: string, eol: Eol, tweetId: string, fields: Fields): string | null {
  const view = readAppList(text);
  if (entryIndex(view.seq, tweetId) >= 0) return null;
  const entry = Object.fromEntries(fields);
  const list = view.seq ? (view.data[LOOP_BACK_KEY] as unknown[]) : [];
  const expected = { ...view.data, [LOOP_BACK_KEY]: [...list, entry] };
  return verifiedEdit(applySplices(text, [appendSplice(view, eol, fields)]), expected);
}

function appendSplice(view: AppListView, eol: Eol, fields: Fields): Splice {
  const { text, root, pair, seq } = view;
  if (!pair) {
    // At the end of the front-matter, at the column of the other keys.
    const column = root ? columnOf(text, rangeOf(root)[0]) : 0;
    const pad = ' '.repeat(column);
    return lineInsert(
      text,
      text.length,
      `${pad}${LOOP_BACK_KEY}:${eol}${itemLines(fields, column + 2, eol)}`,
      eol,
    );
  }
  if (seq && !seq.flow) {
    // After the last item's last line, with the dash where the list has its dashes.
    const at = lineEndAfter(text, rangeOf(seq)[1]);
    return lineInsert(text, at, itemLines(fields, columnOf(text, rangeOf(seq)[0]), eol), eol);
  }
  if (isEmptyValue(pair.value)) {
    const at = lineEndAfter(text, pair.key.range[1]);
    return lineInsert(text, at, itemLines(fields, columnOf(text, pair.key.range[0]) + 2, eol), eol);
  }
  return rewriteAppPair(view, eol, (list, doc) => {
    list.items.push(mapNode(doc, fields));
  });
}

/**
 * The front-matter YAML `text` with `fields` set on the entry whose tweet_id is `tweetId` (existing values
 * replaced in place, missing ones added after its last line); null when `changed` says nothing needs
 * writing. Throws AppError('not_found') when no entry has that id.
 */
export function setEntryFields(
  text: string,
  eol: Eol,
  tweetId: string,
  fields: Fields,
  changed: (entry: YAMLMap<unknown, unknown>) => boolean,
): string | null {
  const view = readAppList(text);
  const index = entryIndex(view.seq, tweetId);
  const item = index >= 0 ? view.seq?.items[index] : undefined;
  if (!item || !isMap(item)) {
    throw new AppError('not_found', `no loop-back entry for post ${tweetId} in the note's front-matter`, {
      details: { reason: 'entry_not_found', tweet_id: tweetId },
    });
  }
  if (!changed(item)) return null;
  const list = [...(view.data[LOOP_BACK_KEY] as Record<string, unknown>[])];
  list[index] = { ...list[index], ...Object.fromEntries(fields) };
  const expected = { ...view.data, [LOOP_BACK_KEY]: list };
  const inPlace = view.seq?.flow || item.flow ? null : inPlaceSplices(text, eol, item, fields);
  const splices = inPlace ?? [
    rewriteAppPair(view, eol, (seq, doc) => {
      const copy = seq.items[index] as YAMLMap;
      for (const [key, value] of fields) copy.set(doc.createNode(key), valueNode(doc, value));
    }),
  ];
  return verifiedEdit(applySplices(text, splices), expected);
}

/** Splices setting `fields` on a block mapping item, or null when a value's shape needs a re-render. */
function inPlaceSplices(
  text: string,
  eol: Eol,
  item: YAMLMap<ParsedNode, ParsedNode | null>,
  fields: Fields,
) {
  const splices: Splice[] = [];
  const missing: (readonly [string, LoopBackValue])[] = [];
  for (const field of fields) {
    const [key, value] = field;
    const pair = item.items.find((candidate) => isScalar(candidate.key) && candidate.key.value === key);
    if (!pair) {
      missing.push(field);
      continue;
    }
    const node = pair.value;
    const formatted = formatScalar(value);
    if (isEmptyValue(node)) {
      // `key:` with no value: the value goes after the colon.
      const colon = text.slice(pair.key.range[1]).match(/^[ \t]*:/);
      if (!colon) return null;
      const at = pair.key.range[1] + colon[0].length;
      splices.push({ start: at, end: at, insert: ` ${formatted}` });
    } else if (isScalar(node) && !node.type?.startsWith('BLOCK_') && node.range[1] > node.range[0]) {
      splices.push({ start: node.range[0], end: node.range[1], insert: formatted });
    } else {
      return null;
    }
  }
  if (missing.length > 0) {
    const at = lineEndAfter(text, rangeOf(item)[1]);
    splices.push(lineInsert(text, at, fieldLines(missing, columnOf(text, rangeOf(item)[0]), eol), eol));
  }
  return splices;
}
