// What a person is told, but not stopped by, when content is composed, scheduled, published or approved: the
// post repeats (or nearly repeats) one the account posted in the last 30 days or has waiting to go out. The
// platform refuses exact duplicates; an agent's or a loop's repeat is refused before (rule duplicate_post).
import { z } from 'zod';

export const EarlierPostSchema = z.object({
  tweet_id: z.string().optional().describe('The earlier post on the platform (when it went out).'),
  job_id: z.number().int().optional().describe('Its posting job.'),
  draft_id: z.number().int().optional().describe('Its draft, if it came from one.'),
  text: z.string().describe('The start of its text.'),
  posted_at: z.string().optional().describe('When it went out (ISO 8601).'),
  scheduled_for: z
    .string()
    .nullable()
    .optional()
    .describe('For a post waiting to go out: when (null: as soon as possible).'),
});
export type EarlierPost = z.infer<typeof EarlierPostSchema>;

export const PostWarningSchema = z.object({
  code: z.literal('similar_post'),
  message: z.string().describe('Readable: which card, and the earlier post it repeats.'),
  earlier: EarlierPostSchema,
});
export type PostWarning = z.infer<typeof PostWarningSchema>;

/** The optional `warnings` of an answer that sent content on its way (absent when there are none). */
export const PostWarningsField = z
  .array(PostWarningSchema)
  .optional()
  .describe(
    'Present when the post repeats or nearly repeats (Jaccard ≥ 0.8 over words, at least 5 words) one of the account posted in the last 30 days or waiting to go out: it still goes on its way.',
  );
