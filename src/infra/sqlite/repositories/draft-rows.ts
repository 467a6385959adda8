// Row ↔ contract mapping for drafts and revisions: stored JSON is validated on the way out (a trust
// boundary), threads are stored as the v1 payload and shown with their cards plus the legacy text array.
import { z } from 'zod';
import { ThreadBlocksPayloadSchema } from '../../../contracts/content.js';
import {
  DRAFT_SOURCES,
  DRAFT_STATUSES,
  type Draft,
  type DraftListItem,
  draftGroup,
  type Revision,
} from '../../../contracts/drafts.js';
import { AppError } from '../../../core/errors.js';

const StringArray = z.array(z.string());

export function parseJsonColumn<T>(schema: z.ZodType<T>, text: string | null, what: string): T | undefined {
  if (text === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AppError('db_error', `stored ${what} is not valid`, { retryable: false });
}

/** A stored thread payload → its cards (sorted); an empty or invalid payload reads as no cards. */
export function storedBlocks(content: string) {
  if (content.trim() === '') return [];
  return parseJsonColumn(ThreadBlocksPayloadSchema, content, 'thread payload')?.blocks ?? [];
}

function contentView(contentType: string, content: string) {
  if (contentType !== 'thread') return { content, blocks: null };
  const blocks = storedBlocks(content);
  return { content: JSON.stringify(blocks.map((b) => b.text)), blocks };
}

export interface DraftRow {
  id: number;
  version: number;
  content_type: string;
  content: string;
  media_paths: string;
  title: string | null;
  notes: string | null;
  status: string;
  scheduled_for: string | null;
  archived_at: string | null;
  posted_tweet_ids: string | null;
  last_error: string | null;
  source: string;
  created_at: string;
  updated_at: string;
  tags: string | null;
  approval_id: number | null;
  job_id: number | null;
}

const Status = z.enum(DRAFT_STATUSES);
const Source = z.enum(DRAFT_SOURCES);
const Kind = z.enum(['tweet', 'thread']);

export function toDraft(row: DraftRow): Draft {
  const status = Status.parse(row.status);
  return {
    id: row.id,
    version: row.version,
    content_type: Kind.parse(row.content_type),
    ...contentView(row.content_type, row.content),
    media_paths: parseJsonColumn(StringArray, row.media_paths, 'media paths') ?? [],
    title: row.title,
    notes: row.notes,
    tags: row.tags ? (JSON.parse(row.tags) as string[]).sort() : [],
    status,
    group: draftGroup(status, row.archived_at),
    scheduled_for: row.scheduled_for,
    archived_at: row.archived_at,
    posted_tweet_ids: parseJsonColumn(StringArray, row.posted_tweet_ids, 'posted ids') ?? [],
    last_error: row.last_error,
    source: Source.parse(row.source),
    approval_id: row.approval_id,
    job_id: row.job_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toListItem(draft: Draft): DraftListItem {
  const first = draft.blocks ? (draft.blocks[0]?.text ?? '') : draft.content;
  const flat = first.replace(/\s+/g, ' ').trim();
  return {
    id: draft.id,
    version: draft.version,
    content_type: draft.content_type,
    title: draft.title,
    tags: draft.tags,
    status: draft.status,
    group: draft.group,
    scheduled_for: draft.scheduled_for,
    archived_at: draft.archived_at,
    source: draft.source,
    created_at: draft.created_at,
    updated_at: draft.updated_at,
    preview: flat.length > 80 ? `${flat.slice(0, 79)}…` : flat,
    card_count: draft.blocks ? draft.blocks.length : 1,
  };
}

export interface RevisionRow {
  id: number;
  draft_id: number;
  draft_version: number;
  trigger: string;
  content_type: string;
  content: string;
  media_paths: string;
  title: string | null;
  created_at: string;
}

export function toRevision(row: RevisionRow): Revision {
  return {
    id: row.id,
    draft_id: row.draft_id,
    draft_version: row.draft_version,
    trigger: row.trigger,
    content_type: Kind.parse(row.content_type),
    ...contentView(row.content_type, row.content),
    media_paths: parseJsonColumn(StringArray, row.media_paths, 'media paths') ?? [],
    title: row.title,
    created_at: row.created_at,
  };
}
