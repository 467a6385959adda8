// Content as the user writes it: posts and threads (ThreadBlock payload v1 and the legacy JSON-array form),
// shared by the HTTP API, the tool server and the dashboard.
import { z } from 'zod';
import { parsedLaterAs } from './parsed-later.js';

/** One card of a thread (spec: ThreadBlock), as stored and answered: every field present. */
export const ThreadBlockSchema = z.object({
  id: z.string().min(1).describe('Card id (UUID v4), unique within the thread.'),
  text: z.string().describe('Card text.'),
  media_paths: z
    .array(z.string().min(1))
    .default([])
    .describe('Server-side media paths (from /api/media/upload).'),
  order: z.number().int().nonnegative().describe('Zero-based position.'),
});
export type ThreadBlock = z.infer<typeof ThreadBlockSchema>;

/** `{version: 1, blocks}` (spec: ThreadBlocksPayload). */
export const ThreadBlocksPayloadSchema = z.object({
  version: z.literal(1),
  blocks: z.array(ThreadBlockSchema),
});
export type ThreadBlocksPayload = z.infer<typeof ThreadBlocksPayloadSchema>;

/** A card as sent: `order` may be left out, and then its position in the array is its order. */
export const ThreadBlockInputSchema = ThreadBlockSchema.extend({
  order: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('Zero-based position; default: the card’s position in the array.'),
});

export const ThreadBlocksPayloadInputSchema = ThreadBlocksPayloadSchema.extend({
  blocks: z.array(ThreadBlockInputSchema),
});

/** The two forms `blocks` takes on input: the cards, or the `{version: 1, blocks}` payload. */
export const ThreadBlocksInputSchema = z.union([
  z.array(ThreadBlockInputSchema),
  ThreadBlocksPayloadInputSchema,
]);

/** The `blocks` field of compose and draft input: checked card by card by parseThreadInput. */
export const threadBlocksField = () => parsedLaterAs(ThreadBlocksInputSchema);

export const CONTENT_TYPES = ['tweet', 'thread'] as const;
export const ContentTypeSchema = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentTypeSchema>;

/** Most weighted characters in one post or card. */
export const MAX_WEIGHTED_LENGTH = 280;

/** One post ready to publish: text plus its media, in order. */
export interface PostCard {
  text: string;
  media_paths: string[];
  /** The ThreadBlock it came from, when any. */
  block_id?: string;
}

/** A problem found in content, with where it is (card index for threads). */
export interface ContentProblem {
  rule:
    | 'empty'
    | 'too_long'
    | 'too_few_cards'
    | 'duplicate_block_id'
    | 'bad_order'
    | 'malformed'
    | 'media_too_many'
    | 'media_exclusive'
    | 'media_too_large'
    | 'media_unknown';
  message: string;
  /** Zero-based card index for threads. */
  card?: number;
  block_id?: string;
}
