// Weighted length vectors (URL 23, emoji sequences 2, CJK 2, Latin 1), the text rules and truncation.
import { describe, expect, it } from 'vitest';
import { checkPostText, truncateToWeighted, weightedLength } from './weighted-length.js';

describe('weightedLength', () => {
  it.each([
    ['280 × a', 'a'.repeat(280), 280],
    ['281 × a', 'a'.repeat(281), 281],
    ['é precomposed', 'é', 1],
    ['é decomposed (NFC first)', 'e\u0301', 1],
    ['140 CJK', '漢'.repeat(140), 280],
    ['Hangul', '한국어', 6],
    ['bare domain', 'example.com', 23],
    ['long URL', 'https://example.com/very/long/path?x=1', 23],
    ['two URLs', 'see https://a.example.com/x and example.org/y', 4 + 23 + 5 + 23],
    ['URL with trailing period', 'Read example.com.', 5 + 23 + 1],
    ['ZWJ family', '👨‍👩‍👧‍👦', 2],
    ['skin tone', '👍🏽', 2],
    ['flag', '🇵🇹', 2],
    ['head shaking (Unicode 15.1 ZWJ)', '🙂‍↔️', 2],
    ['phoenix (Unicode 15.1 ZWJ)', '🐦‍🔥', 2],
    ['family adult adult child (Unicode 15.1)', '🧑‍🧑‍🧒', 2],
    ['handshake with two skin tones', '🫱🏻‍🫲🏿', 2],
    ['astronaut with skin tone', '🧑🏽‍🚀', 2],
    ['rainbow flag (VS16 + ZWJ)', '🏳️‍🌈', 2],
    ['subdivision flag (tags)', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 2],
    ['keycap', '1️⃣', 2],
    ['keycap #', '#️⃣', 2],
    ['heart with VS16', '❤️', 2],
    ['bare © keeps its text weight', '©', 1],
    ['© with VS16 is an emoji', '©️', 2],
    ['two flags', '🇵🇹🇧🇷', 4],
    ['odd regional indicators', '🇦🇧🇨', 4],
    ['emoji between letters', 'a🙂‍↔️b', 4],
    ['mixed text', 'Olá 世界 👋🏽 example.com!', 4 + 5 + 2 + 1 + 23 + 1],
    ['emoji after a URL', 'https://example.com/ 👍', 23 + 1 + 2],
    ['trailing spaces count', 'hi   ', 5],
    ['newlines count', 'a\nb\n\nc', 6],
    ['empty', '', 0],
  ])('%s', (_name, text, expected) => {
    expect(weightedLength(text)).toBe(expected);
  });
});

describe('checkPostText', () => {
  it.each([
    ['empty', '', ['empty']],
    ['whitespace only', '  \n\t ', ['empty']],
    ['exactly 280', 'a'.repeat(280), []],
    ['281', 'a'.repeat(281), ['too_long']],
    ['280 with trailing spaces', `${'a'.repeat(279)}  `, ['too_long']],
    ['140 emoji = 280', '🙂‍↔️'.repeat(140), []],
    ['141 emoji', '👍🏽'.repeat(141), ['too_long']],
    ['URLs keep long text short', `${'https://example.com/a/very/long/path '.repeat(11)}`, []],
  ])('%s', (_name, text, rules) => {
    expect(checkPostText(text).map((p) => p.rule)).toEqual(rules);
  });

  it('says how long the text is', () => {
    expect(checkPostText('a'.repeat(300))[0]?.message).toMatch(/300 weighted characters; at most 280/);
  });
});

describe('truncateToWeighted', () => {
  const words = 'lorem ipsum dolor sit amet '.repeat(20);

  it('leaves text that fits alone', () => {
    expect(truncateToWeighted('Short text. ', 280)).toBe('Short text. ');
  });

  it('cuts at the last sentence end inside the limit', () => {
    const text = `${'a'.repeat(30)} bb. ${'c'.repeat(5)} dd! ${words}`;
    expect(truncateToWeighted(text, 60)).toBe(`${'a'.repeat(30)} bb. ${'c'.repeat(5)} dd!`);
  });

  it('does not take a decimal point or a domain as a sentence end', () => {
    const out = truncateToWeighted(`Pi is 3.14159 and the site is example.com for ${words}`, 40);
    expect(out.endsWith('…')).toBe(true);
    expect(weightedLength(out)).toBeLessThanOrEqual(40);
  });

  it('prefers a word cut over a sentence end that would drop most of the text', () => {
    const out = truncateToWeighted(`Hi. ${words}`, 60);
    expect(out).toMatch(/^Hi\. lorem .*[a-z]…$/);
    expect(weightedLength(out)).toBeLessThanOrEqual(60);
  });

  it('falls back to a word boundary with an ellipsis', () => {
    const out = truncateToWeighted(words, 30);
    expect(out).toBe('lorem ipsum dolor sit amet…');
    expect(weightedLength(out)).toBeLessThanOrEqual(30);
  });

  it('cuts one long word at a grapheme boundary', () => {
    expect(truncateToWeighted('x'.repeat(300), 10)).toBe(`${'x'.repeat(8)}…`);
  });

  it('never splits an emoji sequence or a combining mark', () => {
    const out = truncateToWeighted('👨‍👩‍👧‍👦'.repeat(10), 7);
    expect(out).toBe('👨‍👩‍👧‍👦👨‍👩‍👧‍👦…');
    const accents = truncateToWeighted('e\u0301'.repeat(20), 5);
    expect(accents).toBe(`${'e\u0301'.repeat(3)}…`);
  });

  it('keeps CJK within the limit', () => {
    const out = truncateToWeighted('漢'.repeat(200), 280);
    expect(weightedLength(out)).toBeLessThanOrEqual(280);
    expect(out).toBe(`${'漢'.repeat(139)}…`);
  });

  it('returns an empty string when not even the ellipsis fits', () => {
    expect(truncateToWeighted('abc', 1)).toBe('');
  });

  it('always fits the default limit', () => {
    for (const text of [words.repeat(3), `${'example.com '.repeat(30)}`, '👍🏽 word '.repeat(80)]) {
      expect(weightedLength(truncateToWeighted(text))).toBeLessThanOrEqual(280);
    }
  });
});

describe('twitter-text as loaded here', () => {
  it('brings no core-js polyfills: its probes would slow every RegExp split and replace in the process', () => {
    // weighted-length.ts has loaded twitter-text by now; core-js 2 leaves its shared store on the global.
    expect(weightedLength('loaded')).toBe(6);
    expect('__core-js_shared__' in globalThis).toBe(false);
  });
});
