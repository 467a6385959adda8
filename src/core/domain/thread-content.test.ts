// Thread and post validation (card count, ids, order, text, per-card media) and the payload/card conversions.
import { describe, expect, it } from 'vitest';
import type { ThreadBlock } from '../../contracts/content.js';
import type { MediaKind } from '../../contracts/social.js';
import { MB } from './media-rules.js';
import { parseThreadInput } from './parse-thread-input.js';
import {
  legacyContent,
  type MediaLookup,
  payloadText,
  threadToPayload,
  toCards,
  validatePost,
  validateThread,
} from './thread-content.js';

const block = (id: string, text: string, order: number, media_paths: string[] = []): ThreadBlock => ({
  id,
  text,
  media_paths,
  order,
});
const thread = (...texts: string[]) => texts.map((text, i) => block(`b${i}`, text, i));

const files: Record<string, { kind: MediaKind; sizeBytes: number }> = {
  'img/1.png': { kind: 'image', sizeBytes: MB },
  'img/2.png': { kind: 'image', sizeBytes: MB },
  'img/3.png': { kind: 'image', sizeBytes: MB },
  'img/4.png': { kind: 'image', sizeBytes: MB },
  'img/5.png': { kind: 'image', sizeBytes: MB },
  'anim.gif': { kind: 'gif', sizeBytes: 2 * MB },
  'big.mp4': { kind: 'video', sizeBytes: 513 * MB },
  'ok.mp4': { kind: 'video', sizeBytes: 100 * MB },
};
const media: MediaLookup = (path) => files[path];
const images = (n: number) => Array.from({ length: n }, (_, i) => `img/${i + 1}.png`);
const withMedia = (paths: string[]) => [block('a', 'first', 0, paths), block('b', 'second', 1)];
const rules = (blocks: ThreadBlock[]) => validateThread(blocks, media).map((p) => p.rule);

describe('validateThread', () => {
  it.each<[string, ThreadBlock[], string[]]>([
    ['2 cards', thread('one', 'two'), []],
    ['1 card', thread('only'), ['too_few_cards']],
    ['no cards', [], ['too_few_cards']],
    ['empty middle card', thread('one', '   ', 'three'), ['empty']],
    ['281 in card 2', thread('one', 'a'.repeat(281)), ['too_long']],
    ['duplicate ids', [block('x', 'one', 0), block('x', 'two', 1)], ['duplicate_block_id']],
    ['orders 0, 2', [block('a', 'one', 0), block('b', 'two', 2)], ['bad_order']],
    ['orders 0, 0', [block('a', 'one', 0), block('b', 'two', 0)], ['bad_order']],
    ['unsorted but complete orders', [block('b', 'two', 1), block('a', 'one', 0)], []],
    ['4 images', withMedia(images(4)), []],
    ['5 images', withMedia(images(5)), ['media_too_many']],
    ['gif + image', withMedia(['anim.gif', 'img/1.png']), ['media_exclusive']],
    ['one video', withMedia(['ok.mp4']), []],
    ['video of 513 MB', withMedia(['big.mp4']), ['media_too_large']],
    ['unknown path', withMedia(['img/1.png', 'nope.png']), ['media_unknown']],
    [
      '4 images + unknown still too many',
      withMedia([...images(4), 'nope.png']),
      ['media_unknown', 'media_too_many'],
    ],
    [
      'several problems in a stable order',
      [block('x', '', 0), block('x', 'a'.repeat(300), 3)],
      ['duplicate_block_id', 'bad_order', 'empty', 'too_long'],
    ],
  ])('%s', (_name, blocks, expected) => {
    expect(rules(blocks)).toEqual(expected);
  });

  it('rejects a single-card thread in both forms', () => {
    for (const input of [{ content: '["only"]' }, { blocks: [block('a', 'only', 0)] }]) {
      const parsed = parseThreadInput(input, () => 'fresh');
      expect(parsed.ok && validateThread(parsed.blocks).map((p) => p.rule)).toEqual(['too_few_cards']);
    }
  });

  it('names the card one-based and carries the zero-based index and block id', () => {
    const [problem] = validateThread(thread('one', 'two', ''));
    expect(problem).toEqual({ rule: 'empty', message: 'card 3: text is empty', card: 2, block_id: 'b2' });
    const [long] = validateThread(thread('one', 'a'.repeat(281)));
    expect(long?.message).toMatch(/^card 2: text is 281 weighted characters/);
  });

  it('numbers cards in thread order, not input order', () => {
    const [problem] = validateThread([block('z', '', 1), block('y', 'first', 0)]);
    expect(problem).toMatchObject({ card: 1, block_id: 'z', message: 'card 2: text is empty' });
  });

  it('names duplicated ids and media files', () => {
    expect(validateThread([block('x', 'a', 0), block('x', 'b', 1)])[0]?.message).toBe(
      'block id "x" is used by cards 1, 2',
    );
    expect(validateThread(withMedia(['big.mp4']), media)[0]?.message).toMatch(
      /^card 1: big\.mp4 is 513 MB; a video may be at most 512 MB/,
    );
    expect(validateThread(withMedia(['nope.png']), media)[0]?.message).toMatch(
      /card 1: unknown media path "nope\.png"/,
    );
  });

  it('checks only the file count without a media lookup', () => {
    expect(validateThread(withMedia(['anim.gif', 'img/1.png'])).map((p) => p.rule)).toEqual([]);
    expect(validateThread(withMedia(images(5))).map((p) => p.rule)).toEqual(['media_too_many']);
  });
});

describe('validatePost', () => {
  it.each<[string, string, string[], string[]]>([
    ['plain text', 'hello', [], []],
    ['empty', ' ', [], ['empty']],
    ['too long', 'a'.repeat(281), [], ['too_long']],
    ['4 images', 'hi', images(4), []],
    ['5 images', 'hi', images(5), ['media_too_many']],
    ['video + image', 'hi', ['ok.mp4', 'img/1.png'], ['media_exclusive']],
    ['unknown', 'hi', ['nope.png'], ['media_unknown']],
  ])('%s', (_name, text, paths, expected) => {
    expect(validatePost(text, paths, media).map((p) => p.rule)).toEqual(expected);
  });

  it('has no card number in its messages', () => {
    expect(validatePost('', [], media)[0]).toEqual({ rule: 'empty', message: 'text is empty' });
  });
});

describe('conversions', () => {
  const blocks = [block('b', 'two', 1, ['img/1.png']), block('a', 'one "quoted"', 0)];

  it('builds the payload in thread order', () => {
    expect(threadToPayload(blocks)).toEqual({
      version: 1,
      blocks: [block('a', 'one "quoted"', 0), block('b', 'two', 1, ['img/1.png'])],
    });
  });

  it('serialises equal threads to equal text', () => {
    const reordered = { version: 1 as const, blocks: [...threadToPayload(blocks).blocks].reverse() };
    expect(payloadText(reordered)).toBe(payloadText(threadToPayload(blocks)));
    expect(JSON.parse(payloadText(reordered))).toEqual(threadToPayload(blocks));
  });

  it('produces publishable cards in order', () => {
    expect(toCards(blocks)).toEqual([
      { text: 'one "quoted"', media_paths: [], block_id: 'a' },
      { text: 'two', media_paths: ['img/1.png'], block_id: 'b' },
    ]);
  });

  it('keeps the legacy content field round-tripping', () => {
    const content = legacyContent(blocks);
    expect(content).toBe('["one \\"quoted\\"","two"]');
    const parsed = parseThreadInput({ content }, () => 'id');
    expect(parsed.ok && parsed.blocks.map((b) => b.text)).toEqual(['one "quoted"', 'two']);
  });
});
