// A posting job's content hash, and the insert that collapses a repeat: in one immediate write transaction
// (the check and the insert cannot be split by another writer, in this process or another), a job whose
// content equals a waiting one, or one posted since `recentSince`, for the same time, is not inserted.
import { createHash } from 'node:crypto';
import { canonicalPostContent } from '../../../core/domain/post-content.js';
import type { NewJob } from '../../../core/ports/posting-store.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

export const contentHash = (job: Pick<NewJob, 'kind' | 'payload'>): string =>
  createHash('sha256').update(canonicalPostContent(job.kind, job.payload)).digest('hex');

/** The id of the new job, or of the earlier one it repeats. */
export function insertJobOnce(
  database: AppDatabase,
  accountId: string,
  job: NewJob,
  at: Date,
  recentSince: Date,
): { id: number; repeat: boolean } {
  const { sqlite } = database;
  const hash = contentHash(job);
  const stamp = toDbTimestamp(at);
  return sqlite
    .transaction(() => {
      const earlier = sqlite
        .prepare(
          `select id from posting_jobs
            where account_id = ? and content_hash = ? and scheduled_for is ?
              and (status in ('queued', 'in_progress', 'partial')
                or (status = 'posted' and coalesce(completed_at, updated_at) >= ?))
            order by id desc limit 1`,
        )
        .pluck()
        .get(accountId, hash, job.scheduled_for, toDbTimestamp(recentSince)) as number | undefined;
      if (earlier !== undefined) return { id: earlier, repeat: true };
      const id = sqlite
        .prepare(
          `insert into posting_jobs (account_id, kind, payload, scheduled_for, origin_type, actor, draft_id,
             approval_id, content_hash, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        )
        .pluck()
        .get(
          accountId,
          job.kind,
          JSON.stringify(job.payload),
          job.scheduled_for,
          job.origin_type,
          job.actor,
          job.draft_id ?? null,
          job.approval_id ?? null,
          hash,
          stamp,
          stamp,
        ) as number;
      return { id, repeat: false };
    })
    .immediate();
}
