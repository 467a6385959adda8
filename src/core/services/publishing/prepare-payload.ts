// Checks content against the spec's rules (length, cards, media) and turns it into what gets posted.
import type { ContentProblem, PostCard, ThreadBlock } from '../../../contracts/content.js';
import type { PostingPayload, PostKind } from '../../../contracts/posting.js';
import { toCards, validatePost, validateThread } from '../../domain/thread-content.js';
import { AppError } from '../../errors.js';
import type { ContentDeps } from '../content-deps.js';

export interface PublishableContent {
  content_type: 'tweet' | 'thread';
  /** Post text (tweets). */
  content: string;
  /** Cards (threads). */
  blocks: readonly ThreadBlock[] | null;
  media_paths: readonly string[];
}

/** One error for all the problems: `tweet_too_long` when length is the only issue, else `validation_error`. */
export function contentError(problems: ContentProblem[]): AppError {
  const onlyLength = problems.every((p) => p.rule === 'too_long');
  return new AppError(
    onlyLength ? 'tweet_too_long' : 'validation_error',
    problems.map((p) => p.message).join('; '),
    {
      details: { problems },
    },
  );
}

/** Validates and builds the posting payload; throws the content error listing every problem. */
export async function payloadOf(
  deps: Pick<ContentDeps, 'media'>,
  content: PublishableContent,
  extra: Omit<PostingPayload, 'cards'> = {},
): Promise<{ kind: PostKind; payload: PostingPayload; cards: PostCard[] }> {
  const paths = content.blocks ? content.blocks.flatMap((b) => b.media_paths) : [...content.media_paths];
  const facts = paths.length > 0 ? await deps.media.describe(paths) : new Map();
  const lookup = (path: string) => facts.get(path);
  const problems =
    content.content_type === 'thread'
      ? validateThread(content.blocks ?? [], lookup)
      : validatePost(content.content, content.media_paths, lookup);
  if (problems.length > 0) throw contentError(problems);
  const cards: PostCard[] =
    content.content_type === 'thread'
      ? toCards(content.blocks ?? [])
      : [{ text: content.content, media_paths: [...content.media_paths] }];
  const kind: PostKind =
    content.content_type === 'thread'
      ? 'thread'
      : extra.in_reply_to_tweet_id
        ? 'reply'
        : extra.quote_tweet_id
          ? 'quote'
          : 'tweet';
  return { kind, payload: { ...extra, cards }, cards };
}
