// Drafts as the HTTP API and the dashboard see them: the record, list items, revisions, and the inputs of
// every draft operation. Groupings follow the spec: Active, Scheduled, Posted, Archive.
import { z } from 'zod';
import { ContentTypeSchema, ThreadBlockSchema, threadBlocksField } from './content.js';

export const DRAFT_STATUSES = ['draft', 'scheduled', 'queued', 'posting', 'posted', 'failed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFT_GROUPS = ['active', 'scheduled', 'posted', 'archive'] as const;
export type DraftGroup = (typeof DRAFT_GROUPS)[number];
export const DRAFT_SOURCES = ['manual', 'assist', 'discovery', 'mcp', 'ingest', 'approval'] as const;
export const DRAFT_SORTS = [
  'updated_desc',
  'updated_asc',
  'created_desc',
  'created_asc',
  'scheduled_asc',
  'title_asc',
] as const;

/** Which grouping a draft appears under. */
export function draftGroup(status: DraftStatus, archivedAt: string | null): DraftGroup {
  if (archivedAt) return 'archive';
  if (status === 'posted') return 'posted';
  if (status === 'scheduled' || status === 'queued' || status === 'posting') return 'scheduled';
  return 'active';
}

const Timestamp = z.string().describe('ISO 8601 UTC');
const Tag = z.string().trim().min(1).max(50);

export const DraftSchema = z.object({
  id: z.number().int(),
  version: z.number().int().describe('Increments on every save; send it back with the next PATCH.'),
  content_type: ContentTypeSchema,
  content: z.string().describe('Post text; for threads the legacy JSON array of card texts.'),
  blocks: z.array(ThreadBlockSchema).nullable().describe('Thread cards (null for posts).'),
  media_paths: z.array(z.string()).describe('Media of a post (threads keep media per card).'),
  title: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(DRAFT_STATUSES),
  group: z.enum(DRAFT_GROUPS),
  scheduled_for: Timestamp.nullable(),
  archived_at: Timestamp.nullable(),
  posted_tweet_ids: z.array(z.string()),
  last_error: z.string().nullable(),
  source: z.enum(DRAFT_SOURCES),
  approval_id: z.number().int().nullable().describe('The approval item while it waits for review.'),
  job_id: z.number().int().nullable().describe('The posting job while it waits to be posted.'),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Draft = z.infer<typeof DraftSchema>;

export const DraftListItemSchema = DraftSchema.pick({
  id: true,
  version: true,
  content_type: true,
  title: true,
  tags: true,
  status: true,
  group: true,
  scheduled_for: true,
  archived_at: true,
  source: true,
  created_at: true,
  updated_at: true,
}).extend({
  preview: z.string().describe('The first 80 characters (first card for threads).'),
  card_count: z.number().int(),
});
export type DraftListItem = z.infer<typeof DraftListItemSchema>;

export const DraftListSchema = z.object({
  items: z.array(DraftListItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type DraftList = z.infer<typeof DraftListSchema>;

export const RevisionSchema = z.object({
  id: z.number().int(),
  draft_id: z.number().int(),
  draft_version: z.number().int(),
  trigger: z.string(),
  content_type: ContentTypeSchema,
  content: z.string(),
  blocks: z.array(ThreadBlockSchema).nullable(),
  media_paths: z.array(z.string()),
  title: z.string().nullable(),
  created_at: Timestamp,
});
export type Revision = z.infer<typeof RevisionSchema>;

/** Content fields a create or save may carry. `blocks` wins over `content` for threads. */
export const DraftContentInput = z.object({
  content_type: ContentTypeSchema.optional(),
  content: z.string().max(100_000).optional(),
  blocks: threadBlocksField().optional().describe('ThreadBlock[] or {version: 1, blocks}.'),
  media_paths: z.array(z.string().min(1)).max(4).optional(),
});

/** A note, fragment or seed the text was written from (from an assist answer's `vault_citations`). */
export const ProvenanceRefSchema = z.object({
  node_id: z.number().int().positive(),
  chunk_id: z.number().int().positive().optional(),
  seed_id: z.number().int().positive().optional(),
});

export type ProvenanceRef = z.infer<typeof ProvenanceRefSchema>;

/** The `provenance` field of drafts and compose. */
export const ProvenanceField = z
  .array(ProvenanceRefSchema)
  .max(20)
  .optional()
  .describe('Notes the text came from: once posted, the post is written back into them (loop-back).');

export const CreateDraftInput = DraftContentInput.extend({
  provenance: ProvenanceField,
  title: z.string().max(200).nullable().optional(),
  notes: z.string().max(10_000).nullable().optional(),
  tags: z.array(Tag).max(20).optional(),
  source: z.enum(DRAFT_SOURCES).optional(),
});
export type CreateDraftInput = z.infer<typeof CreateDraftInput>;

export const UpdateDraftInput = CreateDraftInput.omit({ source: true }).extend({
  id: z.number().int().positive(),
  version: z
    .number()
    .int()
    .positive()
    .describe('The version this edit is based on (optimistic concurrency).'),
});
export type UpdateDraftInput = z.infer<typeof UpdateDraftInput>;

export const ListDraftsInput = z.object({
  group: z.enum(DRAFT_GROUPS).default('active'),
  q: z.string().trim().max(200).optional().describe('Search in title and text (case-insensitive).'),
  tag: Tag.optional(),
  sort: z.enum(DRAFT_SORTS).default('updated_desc'),
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).default(0),
});
export type ListDraftsInput = z.infer<typeof ListDraftsInput>;

export const DraftIdInput = z.object({ id: z.number().int().positive() });
export const ScheduleDraftInput = DraftIdInput.extend({
  scheduled_for: z
    .string()
    .min(1)
    .describe('ISO 8601; without Z or offset it is local time in [schedule] timezone.'),
});
export const QueueDraftInput = DraftIdInput.extend({
  at: z
    .string()
    .min(1)
    .describe(
      'The free preferred slot shown to the user (ISO 8601, as calendar.next_slot answers it); refused with 409 and the new next free slot when it is no longer free.',
    ),
});
export const RestoreRevisionInput = DraftIdInput.extend({
  rev: z.number().int().positive(),
  version: z.number().int().positive(),
});

export const DraftDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
export const RevisionListSchema = z.object({ items: z.array(RevisionSchema) });
export const TagListSchema = z.object({
  items: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
