// Loop-back, step two: analytics sync adds a post's metrics to the entry loop-back wrote for it, with the
// same byte-for-byte, atomic and concurrency-safe rewrite; a note whose numbers did not move is not touched.
import type { YAMLMap } from 'yaml';
import { setEntryFields } from './edit-app-list.js';
import {
  METRIC_FIELD_ORDER,
  type PostMetrics,
  PostMetricsSchema,
  parseLoopBackInput,
} from './loop-back-entry.js';
import { type LoopBackOptions, type LoopBackResult, rewriteNoteFrontMatter } from './record-published.js';

const MEASURES = ['impressions', 'likes', 'performance_score'] as const;

function sameNumber(existing: unknown, value: number): boolean {
  if (typeof existing === 'bigint') return Number.isInteger(value) && existing === BigInt(value);
  return existing === value;
}

/**
 * Sets impressions, likes, performance_score and synced_at on the entry of post `tweetId` in the note's
 * `app` list. Writes only when a measure changed or a field is missing (a new synced_at alone does not
 * rewrite the note). Throws AppError not_found when the note has no entry for that post, and the same
 * refusals as recordPublished; the file is never touched when it throws.
 */
export async function recordMetrics(
  filePath: string,
  tweetId: string,
  metrics: PostMetrics,
  options: LoopBackOptions,
): Promise<LoopBackResult> {
  const valid = parseLoopBackInput(PostMetricsSchema, metrics, 'loop-back metrics');
  const fields = METRIC_FIELD_ORDER.map((key) => [key, valid[key]] as const);
  const changed = (entry: YAMLMap<unknown, unknown>) =>
    METRIC_FIELD_ORDER.some((key) => !entry.has(key)) ||
    MEASURES.some((key) => !sameNumber(entry.get(key), valid[key]));
  return rewriteNoteFrontMatter(filePath, options, (yaml, eol) =>
    setEntryFields(yaml, eol, tweetId, fields, changed),
  );
}
