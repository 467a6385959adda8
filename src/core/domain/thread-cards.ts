// The editor's operations on thread cards, pure: each answers a new card list in thread order with
// `order` renumbered 0..n-1. Media always travels with its card (reorder, duplicate), stays with the first
// half of a split, and is joined on a merge (the card count limit of media is checked at publish time).
import type { ThreadBlock } from '../../contracts/content.js';

type Card = ThreadBlock;
type NewId = () => string;

const renumber = (cards: readonly Card[]): Card[] => cards.map((card, order) => ({ ...card, order }));

/** Moves the card at `index` by `delta` (−1 up, +1 down); unchanged at the ends. */
export function moveCard(cards: readonly Card[], index: number, delta: -1 | 1): Card[] {
  return moveCardTo(cards, index, index + delta);
}

/** Moves the card at `from` to position `to` (a drag and drop); unchanged when either is out of range. */
export function moveCardTo(cards: readonly Card[], from: number, to: number): Card[] {
  if (from < 0 || from >= cards.length || to < 0 || to >= cards.length) return renumber(cards);
  const next = [...cards];
  const [card] = next.splice(from, 1);
  next.splice(to, 0, card as Card);
  return renumber(next);
}

/** A copy of the card at `index` (text and media) right after it. */
export function duplicateCard(cards: readonly Card[], index: number, newId: NewId): Card[] {
  const card = cards[index];
  if (!card) return renumber(cards);
  const next = [...cards];
  next.splice(index + 1, 0, { ...card, id: newId(), media_paths: [...card.media_paths] });
  return renumber(next);
}

/** Splits the card at `index` at `cursor`: the text after it (trimmed at the cut) becomes a new card. */
export function splitCard(cards: readonly Card[], index: number, cursor: number, newId: NewId): Card[] {
  const card = cards[index];
  if (!card) return renumber(cards);
  const at = Math.max(0, Math.min(cursor, card.text.length));
  const next = [...cards];
  next.splice(
    index,
    1,
    { ...card, text: card.text.slice(0, at).trimEnd() },
    { id: newId(), text: card.text.slice(at).trimStart(), media_paths: [], order: 0 },
  );
  return renumber(next);
}

/** Joins the card at `index` with the next one (text on a new line, media after its own). */
export function mergeWithNext(cards: readonly Card[], index: number): Card[] {
  const card = cards[index];
  const following = cards[index + 1];
  if (!card || !following) return renumber(cards);
  const text = [card.text, following.text].filter((t) => t !== '').join('\n');
  const next = [...cards];
  next.splice(index, 2, { ...card, text, media_paths: [...card.media_paths, ...following.media_paths] });
  return renumber(next);
}

/** A new empty card after `index`. */
export function insertCardAfter(cards: readonly Card[], index: number, newId: NewId): Card[] {
  const next = [...cards];
  next.splice(index + 1, 0, { id: newId(), text: '', media_paths: [], order: 0 });
  return renumber(next);
}

/** Removes the card at `index` (a thread keeps at least one card in the editor). */
export function removeCard(cards: readonly Card[], index: number): Card[] {
  if (cards.length <= 1) return renumber(cards);
  return renumber(cards.filter((_, i) => i !== index));
}

/** A post's text as the first card of a new thread (a second, empty card follows). */
export function cardsFromPost(text: string, mediaPaths: readonly string[], newId: NewId): Card[] {
  return renumber([
    { id: newId(), text, media_paths: [...mediaPaths], order: 0 },
    { id: newId(), text: '', media_paths: [], order: 0 },
  ]);
}

/** A thread's cards as one post: texts joined by blank lines, the first card's media. */
export function postFromCards(cards: readonly Card[]): { text: string; mediaPaths: string[] } {
  return {
    text: cards
      .map((c) => c.text)
      .filter((t) => t.trim() !== '')
      .join('\n\n'),
    mediaPaths: [...(cards[0]?.media_paths ?? [])],
  };
}
