// Grapheme clusters of a text of any length, in time linear in its length. ICU's segmenter (behind
// Intl.Segmenter) slows down past some 32,000 code units of emoji: 60,000 emoji took 61 s in one call, an
// event loop blocked by one agent's oversized post. So it is given windows of WINDOW code units, each
// starting where a cluster starts, and the last cluster of a window (which the window's end may have cut)
// is measured again at the start of the next one. A cluster depends only on what precedes it back to the
// cluster's start and on the character after it, so the clusters are the same as in one pass.

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Code units per window: well below where the segmenter slows down, large enough to cost nothing. */
const WINDOW = 8192;

export interface Grapheme {
  segment: string;
  /** Offset of the cluster in the text, in UTF-16 code units. */
  index: number;
}

export function* graphemes(text: string): Generator<Grapheme> {
  let start = 0;
  while (start < text.length) {
    const end = Math.min(text.length, start + WINDOW);
    let pending: Grapheme | undefined;
    for (const { segment, index } of segmenter.segment(text.slice(start, end))) {
      if (pending) yield pending;
      pending = { segment, index: start + index };
    }
    if (!pending) return;
    // The window's last cluster is whole only at the end of the text.
    if (end === text.length || pending.index === start) {
      yield pending;
      start = pending.index + pending.segment.length;
    } else {
      start = pending.index;
    }
  }
}
