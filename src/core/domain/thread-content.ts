// Thread and post content rules (spec "Compose", "Limits"): at least 2 cards, unique ids, orders 0..n-1, per-card
// text and media limits; plus the conversions to the stored payload, the legacy field and publishable cards.
import type { ContentProblem, PostCard, ThreadBlock, ThreadBlocksPayload } from '../../contracts/content.js';
import type { MediaKind } from '../../contracts/social.js';
import { checkMediaSet, MEDIA_LIMITS, type MediaItem, type MediaProblem } from './media-rules.js';
import { sortBlocks } from './parse-thread-input.js';
import { checkPostText } from './weighted-length.js';

/** Fewest cards a thread may have (DECISIONS: a single-card thread is rejected in both forms). */
export const MIN_THREAD_CARDS = 2;

/** What the media store knows about an uploaded path; `undefined` when the path is unknown. */
export type MediaLookup = (path: string) => { kind: MediaKind; sizeBytes: number } | undefined;

/**
 * Every rule a thread breaks, in a stable order: `too_few_cards`, `duplicate_block_id`, `bad_order`, then per
 * card in thread order `empty`/`too_long` and the media rules. `card` is the zero-based position in thread
 * order; messages say "card N" one-based. Without a `media` lookup only the file count is checked.
 */
export function validateThread(blocks: readonly ThreadBlock[], media?: MediaLookup): ContentProblem[] {
  const sorted = sortBlocks(blocks);
  const problems: ContentProblem[] = [];
  if (sorted.length < MIN_THREAD_CARDS) {
    problems.push({
      rule: 'too_few_cards',
      message: `a thread needs at least ${MIN_THREAD_CARDS} cards (got ${sorted.length})`,
    });
  }
  problems.push(...duplicateIds(sorted), ...badOrder(sorted));
  sorted.forEach((block, card) => {
    const where = { card, block_id: block.id };
    for (const problem of [...checkPostText(block.text), ...checkMedia(block.media_paths, media)]) {
      problems.push({ ...problem, message: `card ${card + 1}: ${problem.message}`, ...where });
    }
  });
  return problems;
}

/** Every rule a single post breaks: the text rules, then the media rules for `mediaPaths`. */
export function validatePost(
  text: string,
  mediaPaths: readonly string[] = [],
  media?: MediaLookup,
): ContentProblem[] {
  return [...checkPostText(text), ...checkMedia(mediaPaths, media)];
}

/** The stored form of a thread: `{version: 1, blocks}` with the blocks in thread order. */
export function threadToPayload(blocks: readonly ThreadBlock[]): ThreadBlocksPayload {
  return {
    version: 1,
    blocks: sortBlocks(blocks).map((b) => ({
      id: b.id,
      text: b.text,
      media_paths: [...b.media_paths],
      order: b.order,
    })),
  };
}

/**
 * The payload as JSON text with a fixed key order and blocks in thread order, so equal threads give equal
 * strings (the JSON column, and "identical content creates no revision").
 */
export function payloadText(payload: ThreadBlocksPayload): string {
  return JSON.stringify(threadToPayload(payload.blocks));
}

/** The posts the publisher sends, in thread order, each carrying its media and block id. */
export function toCards(blocks: readonly ThreadBlock[]): PostCard[] {
  return sortBlocks(blocks).map((b) => ({ text: b.text, media_paths: [...b.media_paths], block_id: b.id }));
}

/** The legacy `content` field: a JSON-stringified array of the card texts in thread order. */
export function legacyContent(blocks: readonly ThreadBlock[]): string {
  return JSON.stringify(sortBlocks(blocks).map((b) => b.text));
}

function duplicateIds(sorted: readonly ThreadBlock[]): ContentProblem[] {
  const cardsById = new Map<string, number[]>();
  sorted.forEach((b, card) => {
    cardsById.set(b.id, [...(cardsById.get(b.id) ?? []), card]);
  });
  const problems: ContentProblem[] = [];
  for (const [id, cards] of cardsById) {
    const [, second] = cards;
    if (second === undefined) continue;
    problems.push({
      rule: 'duplicate_block_id',
      message: `block id "${id}" is used by cards ${cards.map((c) => c + 1).join(', ')}`,
      card: second,
      block_id: id,
    });
  }
  return problems;
}

function badOrder(sorted: readonly ThreadBlock[]): ContentProblem[] {
  if (sorted.every((b, index) => b.order === index)) return [];
  return [
    {
      rule: 'bad_order',
      message: `card orders must be 0..${sorted.length - 1} without gaps or repeats (got ${sorted.map((b) => b.order).join(', ')})`,
    },
  ];
}

const MEDIA_RULES: Record<MediaProblem['rule'], ContentProblem['rule']> = {
  too_large: 'media_too_large',
  too_many: 'media_too_many',
  exclusive: 'media_exclusive',
};

/** Media rules of one post or card; unknown paths are reported and the known rest still checked. */
function checkMedia(paths: readonly string[], media: MediaLookup | undefined): ContentProblem[] {
  if (paths.length === 0) return [];
  if (!media) {
    // Without kinds only the count is knowable: more than 4 files breaks a rule whatever they are.
    const max = MEDIA_LIMITS.image.maxCount;
    return paths.length > max
      ? [{ rule: 'media_too_many', message: `at most ${max} images per post (got ${paths.length})` }]
      : [];
  }
  const problems: ContentProblem[] = [];
  const items: MediaItem[] = [];
  for (const path of paths) {
    const found = media(path);
    if (found) items.push({ kind: found.kind, sizeBytes: found.sizeBytes, name: path });
    else problems.push({ rule: 'media_unknown', message: `unknown media path "${path}"; upload it first` });
  }
  const setProblems = checkMediaSet(items);
  for (const problem of setProblems) {
    problems.push({ rule: MEDIA_RULES[problem.rule], message: problem.message });
  }
  // Unknown paths still count towards the limit: uploading them later would not shrink the card.
  const max = MEDIA_LIMITS.image.maxCount;
  if (paths.length > max && !setProblems.some((p) => p.rule === 'too_many' || p.rule === 'exclusive')) {
    problems.push({
      rule: 'media_too_many',
      message: `at most ${max} images per post (got ${paths.length})`,
    });
  }
  return problems;
}
