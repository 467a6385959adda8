// Turns create/save input into stored content (threads as the v1 payload) and says whether it changed.
import type { ThreadBlock } from '../../../contracts/content.js';
import type { Draft } from '../../../contracts/drafts.js';
import { parseThreadInput } from '../../domain/parse-thread-input.js';
import { threadToPayload } from '../../domain/thread-content.js';
import { AppError } from '../../errors.js';
import type { StoredContent } from '../../ports/draft-store.js';

export interface ContentInput {
  content_type?: 'tweet' | 'thread';
  content?: string;
  blocks?: unknown;
  media_paths?: string[];
}

const storeThread = (blocks: readonly ThreadBlock[]) => JSON.stringify(threadToPayload(blocks));

/**
 * The stored content after applying `input` to `current` (or to an empty post). Drafts may be unfinished
 * (empty, too long, one card): only the shape is checked here; the content rules apply when publishing.
 */
export function nextStoredContent(
  input: ContentInput,
  current: Draft | undefined,
  newId: () => string,
): StoredContent {
  const type = input.content_type ?? current?.content_type ?? 'tweet';
  if (type === 'tweet') {
    const fromThread =
      current?.blocks && input.content === undefined
        ? current.blocks.map((b) => b.text).join('\n\n')
        : undefined;
    return {
      content_type: 'tweet',
      content: input.content ?? fromThread ?? (current?.content_type === 'tweet' ? current.content : ''),
      media_paths: input.media_paths ?? (current?.content_type === 'tweet' ? current.media_paths : []),
    };
  }
  if (input.blocks !== undefined || (input.content !== undefined && input.content.trim() !== '')) {
    const parsed = parseThreadInput({ content: input.content, blocks: input.blocks }, newId);
    if (!parsed.ok) {
      throw new AppError('validation_error', parsed.problems.map((p) => p.message).join('; '), {
        details: { problems: parsed.problems },
      });
    }
    return { content_type: 'thread', content: storeThread(parsed.blocks), media_paths: [] };
  }
  if (current?.blocks)
    return { content_type: 'thread', content: storeThread(current.blocks), media_paths: [] };
  // A post becoming a thread keeps its text and media as the first card.
  const first: ThreadBlock[] =
    current && current.content_type === 'tweet' && (current.content !== '' || current.media_paths.length > 0)
      ? [{ id: newId(), text: current.content, media_paths: current.media_paths, order: 0 }]
      : [];
  return { content_type: 'thread', content: storeThread(first), media_paths: [] };
}

/** The cards of a stored thread payload (written by this module, so it parses). */
export function storedBlocksOf(content: string): ThreadBlock[] {
  return (JSON.parse(content) as { blocks: ThreadBlock[] }).blocks;
}

/** The stored form of a draft's current content (to compare with a save). */
export function storedOf(draft: Draft): StoredContent {
  return {
    content_type: draft.content_type,
    content: draft.blocks ? storeThread(draft.blocks) : draft.content,
    media_paths: draft.media_paths,
  };
}

export function sameContent(a: StoredContent, b: StoredContent): boolean {
  return (
    a.content_type === b.content_type &&
    a.content === b.content &&
    a.media_paths.length === b.media_paths.length &&
    a.media_paths.every((p, i) => p === b.media_paths[i])
  );
}
