// What gets posted: a posting job (one post, a reply, a quote or a thread as a reply chain) and its
// publishing state; the outbox rows that make each platform write happen exactly once.
import { z } from 'zod';
import { ActorSchema } from './actor.js';

export const POST_KINDS = ['tweet', 'reply', 'thread', 'quote'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const PostingCardSchema = z.object({
  text: z.string(),
  media_paths: z.array(z.string()).default([]),
  /** Media already uploaded to the platform (tool calls pass these instead of files). */
  media_ids: z.array(z.string()).optional(),
  block_id: z.string().optional(),
});

export const PostingPayloadSchema = z.object({
  cards: z.array(PostingCardSchema).min(1),
  /** The post the first card replies to (replies). */
  in_reply_to_tweet_id: z.string().optional(),
  /** The post the first card quotes (quotes). */
  quote_tweet_id: z.string().optional(),
  target_author_id: z.string().optional(),
  target_author_username: z.string().optional(),
  /** What the post is about and its format (recorded on the post: analytics scores topics and formats). */
  topic: z.string().optional(),
  format: z.string().optional(),
});
export type PostingPayload = z.infer<typeof PostingPayloadSchema>;

export const JOB_STATUSES = ['queued', 'in_progress', 'posted', 'partial', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_ORIGINS = ['draft', 'approval', 'compose', 'loop', 'mcp', 'cli'] as const;
export type JobOrigin = (typeof JOB_ORIGINS)[number];

export const PostingJobSchema = z.object({
  id: z.number().int(),
  kind: z.enum(POST_KINDS),
  payload: PostingPayloadSchema,
  scheduled_for: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  origin_type: z.enum(JOB_ORIGINS),
  /** Who the post is for: an agent's or a loop's item stays autonomous even when a person approved it. */
  actor: ActorSchema.default('api'),
  draft_id: z.number().int().nullable(),
  approval_id: z.number().int().nullable(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  started_at: z.string().nullable(),
  /** The process publishing it while in progress (`host:pid:nonce`). */
  claimed_by: z.string().nullable().default(null),
  last_error_code: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Platform ids of the cards posted so far, in card order. */
  posted_tweet_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PostingJob = z.infer<typeof PostingJobSchema>;

export const OUTBOX_STATUSES = ['pending', 'sent', 'confirmed', 'failed', 'in_doubt'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxRow {
  id: number;
  job_id: number;
  card_index: number;
  request: { text: string; in_reply_to_tweet_id?: string; quote_tweet_id?: string; media_paths: string[] };
  status: OutboxStatus;
  platform_id: string | null;
  attempts: number;
  created_at: string;
}

export const PostingJobIdInput = z.object({ id: z.number().int().positive() });

export const RescheduleJobInput = z.object({
  id: z.number().int().positive().describe('The posting job.'),
  scheduled_for: z
    .string()
    .min(1)
    .describe(
      'New time, ISO 8601; without Z or an offset it is local time in [schedule] timezone (a DST gap moves forward).',
    ),
});
