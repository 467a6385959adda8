import { describe, expect, it } from 'vitest';
import { graphemes } from './graphemes.js';
import { checkPostText, weightedLength } from './weighted-length.js';

/** Clusters as one line each, `offset:cluster` (one string compares far faster than 10,000 objects). */
const listed = (clusters: Iterable<{ segment: string; index: number }>) =>
  Array.from(clusters, ({ segment, index }) => `${index}:${segment}`).join('\n');
const onePass = (text: string) => listed(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text));

/** Texts of 17,000–25,000 code units (where one pass is still quick), whose clusters cross the windows. */
const TEXTS: Record<string, string> = {
  'flags (regional indicator pairs) end to end': '🇫🇷🇯🇵🇧🇷'.repeat(1500),
  'an odd regional indicator first, then pairs': `🇫${'🇩🇪'.repeat(4500)}`,
  'ZWJ families and skin tones': '👩‍👩‍👧‍👦👍🏽🏳️‍🌈'.repeat(850),
  'CR LF pairs': 'ab\r\n'.repeat(4500),
  'combining marks and Devanagari': 'e\u0301\u0302 क्षि '.repeat(2000),
  'keycaps, CJK and Latin': '1️⃣ 漢字かな Hello, world. '.repeat(800),
  'Hangul jamo': '\u1100\u1161\u11A8'.repeat(6000),
};

describe('graphemes', () => {
  for (const [name, text] of Object.entries(TEXTS))
    it(`finds the clusters one pass finds: ${name}`, () => {
      expect(text.length).toBeGreaterThan(16_384);
      expect(listed(graphemes(text))).toBe(onePass(text));
    });

  it('gives nothing for the empty text, and a short text whole', () => {
    expect([...graphemes('')]).toEqual([]);
    expect(listed(graphemes('a🙂b'))).toBe(onePass('a🙂b'));
  });

  it('answers for a post of 60,000 emoji (one pass took a minute): too long, with its length', () => {
    const text = '🙂'.repeat(60_000);
    expect(weightedLength(text)).toBe(120_000);
    expect(checkPostText(text)).toEqual([
      expect.objectContaining({ rule: 'too_long', message: expect.stringContaining('120000 weighted') }),
    ]);
  });
});
