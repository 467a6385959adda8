// POST /api/content/compose (spec "Compose"): a post or a thread for immediate or scheduled posting.
import { z } from 'zod';
import { ContentTypeSchema, threadBlocksField } from './content.js';
import { ProvenanceField } from './drafts.js';
import { PostWarningsField } from './post-warnings.js';

export const ComposeInput = z.object({
  content_type: ContentTypeSchema.describe('`tweet` or `thread`.'),
  content: z
    .string()
    .max(100_000)
    .optional()
    .describe('Post text, or for threads a JSON-stringified array of card texts (legacy form).'),
  blocks: threadBlocksField()
    .optional()
    .describe('Thread cards (ThreadBlock[] or {version: 1, blocks}); wins over `content`.'),
  scheduled_for: z
    .string()
    .optional()
    .describe('ISO 8601 date-time; without `Z` it is local time in [schedule] timezone. Omit to post now.'),
  media_paths: z
    .array(z.string().min(1))
    .max(4)
    .optional()
    .describe('Post media (threads: per card in blocks).'),
  title: z.string().max(200).optional(),
  provenance: ProvenanceField,
});
export type ComposeInput = z.infer<typeof ComposeInput>;

export const ComposeResultSchema = z.object({
  status: z
    .enum(['queued_for_approval', 'scheduled', 'queued', 'duplicate'])
    .describe(
      '`duplicate`: the same post was already waiting to go out (or went out in the last five minutes); nothing new was queued, and draft_id and job_id are the first one’s.',
    ),
  draft_id: z.number().int(),
  approval_id: z.number().int().optional(),
  job_id: z.number().int().optional(),
  scheduled_for: z.string().nullable(),
  block_ids: z.array(z.string()).optional().describe('Card ids in order (threads).'),
  message: z.string().optional().describe('Why a compose was collapsed into an earlier one.'),
  warnings: PostWarningsField,
});
export type ComposeResult = z.infer<typeof ComposeResultSchema>;

/** What content.compose takes: the compose request, with an agent's topic and format (kept as the title). */
export const ComposeOperationInput = ComposeInput.extend({
  content_type: ContentTypeSchema.default('tweet').describe('`tweet` (default for agents) or `thread`.'),
  topic: z.string().max(200).optional().describe('What the post is about (kept as the draft title).'),
  format: z.string().max(50).optional().describe('Content format label, e.g. tip, story, question.'),
});

/** What content.compose answers: the result, or what it would have done on a dry run. */
export const ComposeOperationOutput = z.union([
  ComposeResultSchema,
  z.object({ dry_run: z.literal(true), would_execute: z.string(), params: z.string() }),
]);
