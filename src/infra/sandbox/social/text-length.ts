// Post length as the platform counts it (twitter-text v3 weighting): code points weigh 1 in the Latin and
// punctuation ranges and 2 elsewhere (CJK), an emoji sequence weighs 2, every URL weighs 23.
import { graphemes } from '../../../core/domain/graphemes.js';

const URL_LENGTH = 23;
const LIGHT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const URL_PATTERN =
  /\bhttps?:\/\/[^\s]+|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|net|org|io|dev|ai|app|co|me|ly|gg|tv|xyz|info|edu|gov|uk|de|fr|jp|so|sh)\b(?:\/[^\s]*)?/gi;
const TRAILING_PUNCTUATION = /[.,!?;:)\]'"]+$/;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

export const MAX_POST_LENGTH = 280;

export function weightedLength(text: string): number {
  const normalized = text.normalize('NFC');
  let total = 0;
  let last = 0;
  for (const match of normalized.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    total += weighPlain(normalized.slice(last, start)) + URL_LENGTH;
    last = start + url.length;
  }
  return total + weighPlain(normalized.slice(last));
}

function weighPlain(text: string): number {
  let total = 0;
  for (const { segment } of graphemes(text)) {
    if (EMOJI.test(segment)) {
      total += 2;
      continue;
    }
    for (const char of segment) total += isLight(char.codePointAt(0) ?? 0) ? 1 : 2;
  }
  return total;
}

function isLight(codePoint: number): boolean {
  return LIGHT_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high);
}
