// Weighted post length as the platform counts it (twitter-text: URL 23, emoji 2, CJK 2, Latin 1), the
// empty/too-long text rules, and a truncation that stays inside the limit. Pure: shared with the dashboard.
import * as twitterTextModule from 'twitter-text';
import { type ContentProblem, MAX_WEIGHTED_LENGTH } from '../../contracts/content.js';
import { graphemes } from './graphemes.js';

type TwitterText = Pick<typeof twitterTextModule, 'parseTweet' | 'extractUrlsWithIndices'>;

/**
 * twitter-text is CJS with `exports.default = {...}` plus an ESM build with only a default export, so Node,
 * Vite and esbuild each hand back a different shape: look for the functions one or two `default`s deep.
 */
function resolveTwitterText(mod: unknown): TwitterText {
  let candidate: unknown = mod;
  for (let depth = 0; depth < 3 && candidate; depth += 1) {
    const record = candidate as Partial<TwitterText> & { default?: unknown };
    if (typeof record.parseTweet === 'function' && typeof record.extractUrlsWithIndices === 'function') {
      return record as TwitterText;
    }
    candidate = record.default;
  }
  throw new Error('twitter-text: parseTweet not found in the loaded module');
}

const twitterText = resolveTwitterText(twitterTextModule);

/** What every emoji sequence weighs, whatever twitter-text's bundled (2019) emoji data thinks of it. */
const EMOJI_WEIGHT = 2;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;
const REGIONAL_INDICATOR = /\p{Regional_Indicator}/u;
const KEYCAP = /^[0-9#*]\uFE0F?\u20E3$/u;

/**
 * Whether a grapheme cluster is an emoji (sequence): flags, keycaps, ZWJ sequences, skin tones, VS16 forms and
 * emoji-presentation characters. A bare text-default symbol (©, ®) is not: twitter-text and the platform count
 * those as ordinary characters, so they keep twitter-text's weight.
 */
function isEmojiCluster(cluster: string): boolean {
  if (REGIONAL_INDICATOR.test(cluster) || KEYCAP.test(cluster)) return true;
  if (!PICTOGRAPHIC.test(cluster)) return false;
  return [...cluster].length > 1 || EMOJI_PRESENTATION.test(cluster);
}

/**
 * The weighted length of a post text: twitter-text's `parseTweet`, corrected so that every emoji sequence
 * outside a URL weighs exactly 2 (twitter-text 3.1 counts newer ZWJ sequences such as 🙂‍↔️ piece by piece).
 */
export function weightedLength(text: string): number {
  // parseTweet normalises to NFC and reports indices into that form; do the same before segmenting.
  const normalized = text.normalize('NFC');
  let length = twitterText.parseTweet(normalized).weightedLength;
  if (
    !PICTOGRAPHIC.test(normalized) &&
    !REGIONAL_INDICATOR.test(normalized) &&
    !normalized.includes('\u20E3')
  ) {
    return length;
  }
  const urls = twitterText.extractUrlsWithIndices(normalized).map((u) => u.indices);
  for (const { segment, index } of graphemes(normalized)) {
    if (!isEmojiCluster(segment)) continue;
    const end = index + segment.length;
    // Inside a URL the whole URL already weighs 23; the emoji adds nothing.
    if (urls.some(([start, stop]) => index < stop && end > start)) continue;
    // Measured alone, the cluster weighs what it contributed in context: emoji matches never cross clusters.
    length += EMOJI_WEIGHT - twitterText.parseTweet(segment).weightedLength;
  }
  return length;
}

/**
 * Whether the text holds a URL the platform would link (and shorten to 23 characters): the same twitter-text
 * detection the weighted length uses, so a post the composer counts a link in is one the bill prices as one.
 */
export function containsLinkedUrl(text: string): boolean {
  return twitterText.extractUrlsWithIndices(text.normalize('NFC')).length > 0;
}

/**
 * The text rules of one post or card: `empty` when nothing but whitespace is left, `too_long` above 280
 * weighted characters (the message carries the length).
 */
export function checkPostText(text: string): ContentProblem[] {
  if (text.trim() === '') return [{ rule: 'empty', message: 'text is empty' }];
  const length = weightedLength(text);
  if (length > MAX_WEIGHTED_LENGTH) {
    return [
      {
        rule: 'too_long',
        message: `text is ${length} weighted characters; at most ${MAX_WEIGHTED_LENGTH} (URL = 23, emoji = 2, CJK = 2)`,
      },
    ];
  }
  return [];
}

const ELLIPSIS = '…';
const SENTENCE_END = /[.!?]/u;
const CLOSERS = /["'”’)\]»]/u;
const WHITESPACE = /\s/u;

/**
 * Cuts `text` so that it weighs at most `max`: at the last sentence end (`.`, `!`, `?` followed by whitespace)
 * when that keeps at least half the budget, else at the last word boundary followed by "…", else (one long
 * word) at a grapheme boundary followed by "…". Never splits a grapheme cluster; text that fits is unchanged.
 */
export function truncateToWeighted(text: string, max: number = MAX_WEIGHTED_LENGTH): string {
  if (weightedLength(text) <= max) return text;
  const bounds = graphemeBounds(text);
  const fits = (cut: string) => weightedLength(cut) <= max;
  // Weighted length is not monotonic in the prefix (a domain turns 30 characters into 23), so every candidate
  // below is re-measured rather than assumed to fit.
  const fitEnd = longestFittingPrefix(bounds, (end) => fits(text.slice(0, end)));

  const sentenceEnd = lastSentenceEnd(text, fitEnd);
  if (sentenceEnd !== undefined) {
    const cut = text.slice(0, sentenceEnd);
    // A sentence end near the start would throw most of the text away; a word cut keeps more.
    if (fits(cut) && weightedLength(cut) * 2 >= max) return cut;
  }

  for (let i = fitEnd; i > 0; i -= 1) {
    if (!WHITESPACE.test(text[i] ?? '') || WHITESPACE.test(text[i - 1] ?? '')) continue;
    const cut = text.slice(0, i).trimEnd() + ELLIPSIS;
    if (fits(cut)) return cut;
  }

  const end = longestFittingPrefix(bounds, (e) => fits(text.slice(0, e) + ELLIPSIS));
  return end === 0 ? '' : text.slice(0, end) + ELLIPSIS;
}

/** UTF-16 offsets where grapheme clusters end, in order (the last is `text.length`). */
function graphemeBounds(text: string): number[] {
  const bounds: number[] = [];
  for (const { index, segment } of graphemes(text)) bounds.push(index + segment.length);
  return bounds;
}

/**
 * The largest grapheme boundary whose prefix passes `ok` (0 when none does), by binary search. Keeps the
 * invariant that the returned prefix passed, even where `ok` is not monotonic.
 */
function longestFittingPrefix(bounds: readonly number[], ok: (end: number) => boolean): number {
  let lo = -1; // index into bounds; -1 stands for the empty prefix
  let hi = bounds.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi + 1) / 2);
    const end = bounds[mid] ?? 0;
    if (ok(end)) lo = mid;
    else hi = mid - 1;
  }
  return lo < 0 ? 0 : (bounds[lo] ?? 0);
}

/**
 * The offset just after the last sentence end inside `text.slice(0, limit)`: a `.!?` run, with any closing
 * quotes or brackets, followed by whitespace or the end of the text (so "3.14" and "example.com" are not ends).
 */
function lastSentenceEnd(text: string, limit: number): number | undefined {
  for (let i = limit; i > 0; i -= 1) {
    const next = text[i];
    if (next !== undefined && !WHITESPACE.test(next)) continue;
    let j = i;
    while (j > 0 && CLOSERS.test(text[j - 1] ?? '')) j -= 1;
    if (j > 0 && SENTENCE_END.test(text[j - 1] ?? '')) return i;
  }
  return undefined;
}
