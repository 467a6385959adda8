// What the editor edits and autosave sends: a post's text (with its media and the notes it came from), or
// a thread's cards; how a draft, an offline copy and the other mode become one, and what the preview shows.
import type { ThreadBlock } from '../../../../src/contracts/content.js';
import type { Draft } from '../../../../src/contracts/drafts.js';
import { sortBlocks } from '../../../../src/core/domain/parse-thread-input.js';
import { cardsFromPost, postFromCards } from '../../../../src/core/domain/thread-cards.js';
import type { ImproveTarget } from './ai-section.js';
import type { Provenance } from './from-notes.js';
import type { PreviewPost } from './preview.js';
import type { RecoveryCopy } from './recovery.js';

export type Body =
  | { content_type: 'tweet'; content: string; media_paths?: string[]; provenance?: Provenance[] }
  | { content_type: 'thread'; blocks: ThreadBlock[] };

export const bodyOf = (draft: Draft): Body =>
  draft.content_type === 'thread'
    ? { content_type: 'thread', blocks: sortBlocks(draft.blocks ?? []) }
    : { content_type: 'tweet', content: draft.content, media_paths: draft.media_paths };

/** The body an offline copy holds. */
export const bodyFromCopy = (copy: RecoveryCopy): Body =>
  copy.blocks
    ? { content_type: 'thread', blocks: copy.blocks }
    : { content_type: 'tweet', content: copy.content };

/** The offline copy of a body (a thread keeps its cards and, for reading, their text as one post). */
export const copyOfBody = (draftId: number, body: Body, version: number): RecoveryCopy => ({
  draftId,
  ...(body.content_type === 'tweet'
    ? { content: body.content }
    : { content: postFromCards(body.blocks).text, blocks: body.blocks }),
  version,
  savedAt: Date.now(),
});

/** The body in another mode: a post becomes the first card; cards become one post. */
export function switchMode(body: Body): Body {
  const newId = () => crypto.randomUUID();
  if (body.content_type === 'tweet')
    return { content_type: 'thread', blocks: cardsFromPost(body.content, body.media_paths ?? [], newId) };
  const post = postFromCards(body.blocks);
  return { content_type: 'tweet', content: post.text, media_paths: post.mediaPaths };
}

/** The post text, or undefined in thread mode (AI and From Notes work on a post). */
export const postText = (body: Body): string | undefined =>
  body.content_type === 'tweet' ? body.content : undefined;

export const previewPostsOf = (body: Body): PreviewPost[] =>
  body.content_type === 'tweet'
    ? [{ text: body.content, media: body.media_paths ?? [] }]
    : body.blocks.map((card) => ({ text: card.text, media: card.media_paths }));

/** Improve's key for the post (a card's key is its id). */
export const POST_TARGET = 'post';

/** What Improve rewrites in `body`: the post, or the card with the focused id (else the first card). */
export function improveTargetOf(
  body: Body,
  focusedId: string | undefined,
  latest: () => Body,
): ImproveTarget {
  if (body.content_type === 'tweet') {
    return { key: POST_TARGET, label: 'the post', text: () => postText(latest()) ?? '' };
  }
  const index = Math.max(
    0,
    body.blocks.findIndex((card) => card.id === focusedId),
  );
  const id = body.blocks[index]?.id ?? '';
  return {
    key: id,
    label: `post ${index + 1} of ${body.blocks.length}`,
    text: () => {
      const now = latest();
      return now.content_type === 'thread' ? (now.blocks.find((card) => card.id === id)?.text ?? '') : '';
    },
  };
}
