// Notes from content sources as the API shows them: sources with their sync state and problems, notes and
// their fragments, and the ingest request and answer (spec: Ingest node; reference §i.9).
import { z } from 'zod';

export const NOTE_SOURCE_TYPES = ['local_fs', 'cloud_drive', 'manual'] as const;
export type NoteSourceType = (typeof NOTE_SOURCE_TYPES)[number];

export const SourceProblemSchema = z.object({
  relative_path: z.string().describe("The note it is about; '' for the whole source."),
  message: z.string(),
  occurred_at: z.string(),
});

export const SourceStatusSchema = z.object({
  id: z.number().int(),
  source_type: z.enum(NOTE_SOURCE_TYPES),
  /** Where it reads from: the folder, the drive folder (or the whole drive), or `manual` for the ingest API. */
  location: z.string(),
  status: z.enum(['active', 'error', 'skipped', 'disabled']),
  error_message: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  notes: z.number().int().describe('Live notes (not gone).'),
  pending_seeds: z.number().int().describe('Notes waiting for the seed worker.'),
  problems: z.array(SourceProblemSchema),
  /** Whether posts made from its notes are written back into them, and why not when they are not. */
  loop_back: z.object({ enabled: z.boolean(), reason: z.string().nullable() }),
});
export type SourceStatus = z.infer<typeof SourceStatusSchema>;

export const NoteSummarySchema = z.object({
  id: z.number().int(),
  source_id: z.number().int(),
  relative_path: z.string(),
  title: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(['pending', 'processed', 'failed']),
  updated_at: z.string(),
  snippet: z.string().describe('The start of the body, or the matching fragment for a search.'),
  heading_path: z.string().nullable().describe('The matching fragment (search), else null.'),
  chunk_id: z.number().int().nullable(),
});
export type NoteSummary = z.infer<typeof NoteSummarySchema>;

export const NoteDetailSchema = NoteSummarySchema.omit({
  snippet: true,
  heading_path: true,
  chunk_id: true,
}).extend({
  body_text: z.string(),
  front_matter: z.string().nullable(),
  fragments: z.array(z.object({ id: z.number().int(), heading_path: z.string(), text: z.string() })),
  seeds: z.array(
    z.object({
      id: z.number().int(),
      seed_text: z.string(),
      format_suggestion: z.string().nullable(),
      status: z.string(),
    }),
  ),
});
export type NoteDetail = z.infer<typeof NoteDetailSchema>;

/** C0 and C1 control characters and DEL (Unicode's Cc): never part of a file name anyone typed. */
const CONTROL = /\p{Cc}/u;
/** A name of dots and spaces only (`...`, ` `, `. .`); `.`, `..` and empty names have their own check. */
const blankName = (name: string) => /^[.\s]+$/.test(name) && name !== '.' && name !== '..';

export const InlineNodeSchema = z.object({
  relative_path: z
    .string()
    .min(1)
    .max(1000)
    // One note, whichever Unicode spelling its path arrives in (`é` composed or as `e` + accent).
    .normalize('NFC')
    .refine(
      (path) => !CONTROL.test(path),
      'no control characters (tab, line break, U+0000–U+001F, U+007F–U+009F)',
    )
    .refine(
      (path) => !path.split(/[/\\]/).some(blankName),
      'every name needs a character other than dots and spaces',
    )
    .describe('Where the note lives in the manual source (`/` separators), stored in Unicode NFC.'),
  body_text: z
    .string()
    .max(16 * 1024 * 1024)
    .describe('The note body (markdown or text).'),
  title: z.string().max(500).optional(),
  tags: z.array(z.string().max(100)).max(50).optional(),
});
export type InlineNode = z.infer<typeof InlineNodeSchema>;

export const IngestInputSchema = z.object({
  inline_nodes: z
    .array(z.unknown())
    .max(1000)
    .optional()
    .describe(
      'Notes to store in the manual source: {relative_path, body_text, title?, tags?}; each checked on its own (a path with control characters or a name of only dots and spaces is refused; paths are stored in Unicode NFC).',
    ),
  file_hints: z
    .array(z.string().min(1).max(1000))
    .max(1000)
    .optional()
    .describe('Paths (relative to the first local folder source) to ingest again now.'),
  force: z.boolean().default(false).describe('Store even when the text did not change.'),
});

export const IngestResultSchema = z.object({
  ingested: z.number().int().describe('Notes inserted or updated.'),
  skipped: z.number().int().describe('Notes whose text did not change.'),
  errors: z
    .array(z.string())
    .describe('One line per refused entry (`<path>: <reason>`); the others still land.'),
  duration_ms: z.number().int(),
});
export type IngestResult = z.infer<typeof IngestResultSchema>;

export const SourceListSchema = z.object({ sources: z.array(SourceStatusSchema) });

export const ReindexSourceInput = z.object({
  id: z.number().int().positive().describe('Source id (from GET /api/sources).'),
  force: z.boolean().default(false).describe('Read every file again.'),
});
export const SourceReindexedSchema = z.object({ id: z.number().int(), reindexed: z.literal(true) });

export const SearchNotesInput = z.object({
  q: z.string().trim().max(200).optional().describe('Words to find (prefix match).'),
  source_id: z.number().int().positive().optional().describe('Only this source.'),
  limit: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).default(0),
});
export const NoteSearchSchema = z.object({ items: z.array(NoteSummarySchema), total: z.number().int() });

export const NoteIdInput = z.object({ id: z.number().int().positive().describe('Note id.') });
