// The canonical form of what a post puts on the platform: kind, each card's text (trimmed, NFC) and media,
// and the post it replies to or quotes. Two jobs with the same form would make the same post, which the
// platform refuses as a duplicate; the posting store collapses the second into the first.
import type { PostingPayload, PostKind } from '../../contracts/posting.js';

/**
 * Identical successful mutations within this window return the first result instead of acting again (the
 * gateway), and an identical post is collapsed into the first (the posting store).
 */
export const IDEMPOTENCY_WINDOW_MS = 5 * 60_000;

export function canonicalPostContent(kind: PostKind, payload: PostingPayload): string {
  return JSON.stringify({
    kind,
    cards: payload.cards.map((card) => ({
      text: card.text.normalize('NFC').trim(),
      media: card.media_paths,
      ids: card.media_ids ?? [],
    })),
    reply: payload.in_reply_to_tweet_id ?? null,
    quote: payload.quote_tweet_id ?? null,
  });
}
