// parseThreadInput: blocks (array or payload) over legacy content, sorting, and malformed-input messages.
import { describe, expect, it } from 'vitest';
import { parseThreadInput } from './parse-thread-input.js';

const counter = () => {
  let n = 0;
  return () => `id-${++n}`;
};
const block = (id: string, text: string, order: number, media_paths: string[] = []) => ({
  id,
  text,
  media_paths,
  order,
});

describe('parseThreadInput', () => {
  it('reads legacy content with fresh ids, index order and no media', () => {
    expect(parseThreadInput({ content: '["one","two"]' }, counter())).toEqual({
      ok: true,
      source: 'legacy',
      blocks: [block('id-1', 'one', 0), block('id-2', 'two', 1)],
    });
  });

  it('reads a block array, defaulting media_paths', () => {
    const result = parseThreadInput(
      { blocks: [{ id: 'a', text: 'one', order: 0 }, block('b', 'two', 1, ['m/1.png'])] },
      counter(),
    );
    expect(result).toEqual({
      ok: true,
      source: 'blocks',
      blocks: [block('a', 'one', 0), block('b', 'two', 1, ['m/1.png'])],
    });
  });

  it('reads a full {version: 1, blocks} payload', () => {
    const payload = { version: 1, blocks: [block('a', 'one', 0), block('b', 'two', 1)] };
    expect(parseThreadInput({ blocks: payload }, counter())).toMatchObject({ ok: true, source: 'blocks' });
  });

  it('lets blocks win over content', () => {
    const result = parseThreadInput(
      { content: '["legacy 1","legacy 2"]', blocks: [block('a', 'new 1', 0), block('b', 'new 2', 1)] },
      counter(),
    );
    expect(result.ok && result.blocks.map((b) => b.text)).toEqual(['new 1', 'new 2']);
    expect(result.ok && result.source).toBe('blocks');
  });

  it('treats blocks: null as absent', () => {
    expect(parseThreadInput({ content: '["a","b"]', blocks: null }, counter())).toMatchObject({
      ok: true,
      source: 'legacy',
    });
  });

  it('sorts blocks by order, keeping input order for ties', () => {
    const result = parseThreadInput(
      { blocks: [block('c', 'third', 2), block('a', 'first', 0), block('b', 'second', 1)] },
      counter(),
    );
    expect(result.ok && result.blocks.map((b) => b.id)).toEqual(['a', 'b', 'c']);
    const ties = parseThreadInput({ blocks: [block('x', '1', 1), block('y', '2', 1)] }, counter());
    expect(ties.ok && ties.blocks.map((b) => b.id)).toEqual(['x', 'y']);
  });

  it('a card without order takes its array position, in both forms; given orders still sort', () => {
    const cards = [
      { id: 'a', text: 'one' },
      { id: 'b', text: 'two', media_paths: ['m/1.png'] },
    ];
    const expected = [block('a', 'one', 0), block('b', 'two', 1, ['m/1.png'])];
    expect(parseThreadInput({ blocks: cards }, counter())).toEqual({
      ok: true,
      blocks: expected,
      source: 'blocks',
    });
    expect(parseThreadInput({ blocks: { version: 1, blocks: cards } }, counter())).toMatchObject({
      ok: true,
      blocks: expected,
    });
    const mixed = parseThreadInput(
      {
        blocks: [
          { id: 'x', text: 'x', order: 1 },
          { id: 'y', text: 'y' },
        ],
      },
      counter(),
    );
    expect(mixed.ok && mixed.blocks.map((b) => [b.id, b.order])).toEqual([
      ['x', 1],
      ['y', 1],
    ]);
  });

  it('keeps a single legacy card (validateThread rejects it)', () => {
    expect(parseThreadInput({ content: '["only"]' }, counter())).toMatchObject({ ok: true });
  });

  it.each([
    [
      'missing text',
      { blocks: [block('a', 'x', 0), { id: 'b', order: 1 }] },
      /^blocks\[1\]\.text \(card 2\): /,
    ],
    [
      'text not a string',
      { blocks: [{ id: 'a', text: 7, order: 0 }] },
      /^blocks\[0\]\.text \(card 1\): .*string/,
    ],
    ['negative order', { blocks: [{ id: 'a', text: 'x', order: -1 }] }, /^blocks\[0\]\.order \(card 1\)/],
    ['fractional order', { blocks: [{ id: 'a', text: 'x', order: 0.5 }] }, /^blocks\[0\]\.order/],
    ['empty id', { blocks: [{ id: '', text: 'x', order: 0 }] }, /^blocks\[0\]\.id/],
    [
      'media path not a string',
      { blocks: [{ id: 'a', text: 'x', order: 0, media_paths: [1] }] },
      /^blocks\[0\]\.media_paths\[0\]/,
    ],
    ['block not an object', { blocks: ['just text'] }, /^blocks\[0\] \(card 1\): /],
    ['blocks a string', { blocks: 'nope' }, /^blocks must be an array .*\(got a string\)/],
    ['blocks a number', { blocks: 3 }, /\(got a number\)/],
    ['payload with wrong version', { blocks: { version: 2, blocks: [] } }, /^version: /],
    [
      'payload with a bad block',
      { blocks: { version: 1, blocks: [{ id: 'a', order: 0 }] } },
      /^blocks\[0\]\.text \(card 1\)/,
    ],
    ['content not JSON', { content: 'hello world' }, /content is not valid JSON/],
    ['content a JSON object', { content: '{"a":1}' }, /must be a JSON array .*\(got an object\)/],
    ['content a JSON string', { content: '"hi"' }, /\(got a string\)/],
    [
      'content with a non-string item',
      { content: '["a", 2]' },
      /^content\[1\] \(card 2\): expected a string, got a number/,
    ],
    ['neither field', {}, /needs `blocks` or `content`/],
  ])('%s → malformed', (_name, input, message) => {
    const result = parseThreadInput(input, counter());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.every((p) => p.rule === 'malformed')).toBe(true);
    expect(result.problems[0]?.message).toMatch(message);
  });

  it('reports the card index of a malformed block', () => {
    const result = parseThreadInput({ blocks: [block('a', 'x', 0), { id: 'b', order: 1 }] }, counter());
    expect(!result.ok && result.problems).toEqual([expect.objectContaining({ rule: 'malformed', card: 1 })]);
  });
});
