import { describe, expect, it } from 'vitest';
import type { ThreadBlock } from '../../contracts/content.js';
import {
  cardsFromPost,
  duplicateCard,
  insertCardAfter,
  mergeWithNext,
  moveCard,
  moveCardTo,
  postFromCards,
  removeCard,
  splitCard,
} from './thread-cards.js';

const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};
const cards = (...texts: string[]): ThreadBlock[] =>
  texts.map((text, order) => ({ id: `c${order}`, text, media_paths: text ? [`${text}.png`] : [], order }));
const view = (list: ThreadBlock[]) => list.map((c) => [c.id, c.text, c.media_paths.join('+'), c.order]);

describe('thread card operations', () => {
  it('move keeps media with its card and renumbers; the ends do not move', () => {
    expect(view(moveCard(cards('a', 'b', 'c'), 2, -1))).toEqual([
      ['c0', 'a', 'a.png', 0],
      ['c2', 'c', 'c.png', 1],
      ['c1', 'b', 'b.png', 2],
    ]);
    expect(view(moveCard(cards('a', 'b'), 0, -1))).toEqual(view(cards('a', 'b')));
    expect(view(moveCard(cards('a', 'b'), 1, 1))).toEqual(view(cards('a', 'b')));
  });

  it('a drop moves a card any distance, media with it; out-of-range drops change nothing', () => {
    expect(view(moveCardTo(cards('a', 'b', 'c', 'd'), 0, 2))).toEqual([
      ['c1', 'b', 'b.png', 0],
      ['c2', 'c', 'c.png', 1],
      ['c0', 'a', 'a.png', 2],
      ['c3', 'd', 'd.png', 3],
    ]);
    expect(view(moveCardTo(cards('a', 'b', 'c'), 2, 0)).map((c) => c[1])).toEqual(['c', 'a', 'b']);
    expect(view(moveCardTo(cards('a', 'b'), 0, 5))).toEqual(view(cards('a', 'b')));
    expect(view(moveCardTo(cards('a', 'b'), -1, 0))).toEqual(view(cards('a', 'b')));
  });

  it('duplicate copies text and media under a new id; split keeps media on the first half', () => {
    expect(view(duplicateCard(cards('a', 'b'), 0, ids()))).toEqual([
      ['c0', 'a', 'a.png', 0],
      ['new-1', 'a', 'a.png', 1],
      ['c1', 'b', 'b.png', 2],
    ]);
    expect(view(splitCard(cards('one two'), 3, 3, ids()))).toEqual(view(cards('one two')));
    expect(view(splitCard(cards('one two'), 0, 3, ids()))).toEqual([
      ['c0', 'one', 'one two.png', 0],
      ['new-1', 'two', '', 1],
    ]);
    expect(view(splitCard(cards('abc'), 0, 99, ids()))).toEqual([
      ['c0', 'abc', 'abc.png', 0],
      ['new-1', '', '', 1],
    ]);
  });

  it('merge joins text on a new line and media in order; insert and remove renumber', () => {
    expect(view(mergeWithNext(cards('a', 'b', 'c'), 1))).toEqual([
      ['c0', 'a', 'a.png', 0],
      ['c1', 'b\nc', 'b.png+c.png', 1],
    ]);
    expect(view(mergeWithNext(cards('a', ''), 0))).toEqual([['c0', 'a', 'a.png', 0]]);
    expect(view(mergeWithNext(cards('a'), 0))).toEqual(view(cards('a')));
    expect(view(insertCardAfter(cards('a', 'b'), 0, ids()))).toEqual([
      ['c0', 'a', 'a.png', 0],
      ['new-1', '', '', 1],
      ['c1', 'b', 'b.png', 2],
    ]);
    expect(view(removeCard(cards('a', 'b'), 0))).toEqual([['c1', 'b', 'b.png', 0]]);
    expect(view(removeCard(cards('a'), 0))).toEqual(view(cards('a')));
  });

  it('a post becomes a thread and back', () => {
    const thread = cardsFromPost('Hello', ['x.png'], ids());
    expect(view(thread)).toEqual([
      ['new-1', 'Hello', 'x.png', 0],
      ['new-2', '', '', 1],
    ]);
    expect(postFromCards(cards('a', '', 'c'))).toEqual({ text: 'a\n\nc', mediaPaths: ['a.png'] });
  });
});
