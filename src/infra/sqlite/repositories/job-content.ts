// A posting job's content hash, and the insert that collapses a repeat: in one write transaction (the check
// and the insert cannot be split by another writer, in this process or another), a job whose content equals
// a waiting one, or one posted since `recentSince`, for the same time, is not inserted. On SQLite an
// immediate transaction whose statements run synchronously; on Postgres a transaction holding the account's
// job lock (JOB_ONCE_LOCK), so two processes inserting the same post at once take turns and the second finds
// the first's job.
import { createHash } from 'node:crypto';
import { type CompiledQuery, sql } from 'kysely';
import { canonicalPostContent } from '../../../core/domain/post-content.js';
import type { NewJob } from '../../../core/ports/posting-store.js';
import { sameAs } from '../../storage/dialect-sql.js';
import { sqliteAll } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

export const contentHash = (job: Pick<NewJob, 'kind' | 'payload'>): string =>
  createHash('sha256').update(canonicalPostContent(job.kind, job.payload)).digest('hex');

/** Postgres: the advisory lock of one account's new jobs is this text's 64-bit hash (with the account id). */
const JOB_ONCE_LOCK = 'posting_jobs.once:';

/** The new job's row, or the earlier one it repeats (all columns: the caller needs no second read). */
export async function insertJobOnce(
  store: Store,
  accountId: string,
  job: NewJob,
  at: Date,
  recentSince: Date,
): Promise<{ row: Record<string, unknown>; repeat: boolean }> {
  const hash = contentHash(job);
  const stamp = toDbTimestamp(at);
  const { db, dialect } = store;
  type Row = Record<string, unknown>;
  const earlier: CompiledQuery<Row> = sql<Row>`select * from posting_jobs
      where account_id = ${accountId} and content_hash = ${hash}
        and ${sameAs(dialect, sql`scheduled_for`, job.scheduled_for)}
        and (status in ('queued', 'in_progress', 'partial')
          or (status = 'posted' and coalesce(completed_at, updated_at) >= ${toDbTimestamp(recentSince)}))
      order by id desc limit 1`.compile(db);
  const insert: CompiledQuery<Row> = db
    .insertInto('posting_jobs')
    .values({
      account_id: accountId,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      scheduled_for: job.scheduled_for,
      origin_type: job.origin_type,
      actor: job.actor,
      draft_id: job.draft_id ?? null,
      approval_id: job.approval_id ?? null,
      content_hash: hash,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .compile() as CompiledQuery<Row>;
  const decide = (found: Row | undefined) => (found === undefined ? undefined : { row: found, repeat: true });
  if (dialect === 'sqlite') {
    return store.sqlite
      .transaction(() => {
        const repeat = decide(sqliteAll(store, earlier)[0]);
        if (repeat) return repeat;
        return { row: sqliteAll(store, insert)[0] as Row, repeat: false };
      })
      .immediate();
  }
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${JOB_ONCE_LOCK + accountId}, 0))`.execute(trx);
    const repeat = decide((await trx.executeQuery(earlier)).rows[0]);
    if (repeat) return repeat;
    return { row: (await trx.executeQuery(insert)).rows[0] as Row, repeat: false };
  });
}
