// What loop-back writes into a note's front-matter: one entry per post under the app's key, and the
// metrics analytics sync adds to it later. Validated here because these values end up in the user's files.
import { z } from 'zod';
import { POST_KINDS } from '../../../contracts/posting.js';
import { AppError } from '../../../core/errors.js';

/** The front-matter key holding the list of posts made from the note. */
export const LOOP_BACK_KEY = 'app';

// Seconds precision and a literal Z: the format the spec gives for published_at.
const UTC_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const timestamp = z.string().regex(UTC_SECONDS, 'expected YYYY-MM-DDTHH:MM:SSZ');
const httpUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s]+$/, 'expected an http(s) URL');

export const PublishedEntrySchema = z.strictObject({
  tweet_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a post id'),
  url: httpUrl,
  published_at: timestamp,
  type: z.enum(POST_KINDS),
  status: z.literal('posted'),
  thread_url: httpUrl.optional(),
});
export type PublishedEntry = z.infer<typeof PublishedEntrySchema>;

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const PostMetricsSchema = z.strictObject({
  impressions: count,
  likes: count,
  performance_score: z.number().finite(),
  synced_at: timestamp,
});
export type PostMetrics = z.infer<typeof PostMetricsSchema>;

/** The fields of an entry in the order they are written (metrics last, as analytics adds them later). */
export const ENTRY_FIELD_ORDER = [
  'tweet_id',
  'url',
  'published_at',
  'type',
  'status',
  'thread_url',
] as const satisfies readonly (keyof PublishedEntry)[];
export const METRIC_FIELD_ORDER = [
  'impressions',
  'likes',
  'performance_score',
  'synced_at',
] as const satisfies readonly (keyof PostMetrics)[];

/** Parses with `schema` or throws AppError('validation_error') naming the offending fields. */
export function parseLoopBackInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('validation_error', `invalid ${what}; loop-back skipped`, {
    details: { reason: 'invalid_input', issues: result.error.issues },
  });
}
