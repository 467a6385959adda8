// The autopilot loops' reads (either store), every one within the account: due scheduled jobs, the last
// original post or thread (posted, or queued by the loop as a posting job or an approval item).
import { sql } from 'kysely';
import type { Actor } from '../../../contracts/actor.js';
import type { PostKind } from '../../../contracts/posting.js';
import type { AutopilotStore } from '../../../core/ports/autopilot-store.js';
import type { Store } from '../../storage/store.js';
import { fromDbTimestamp, toDbTimestamp } from '../timestamps.js';

const UNFINISHED_JOBS = sql`('queued', 'in_progress', 'partial')`;

export class AutopilotRepository implements AutopilotStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async dueScheduledJobs(now: Date): Promise<Array<{ id: number; kind: PostKind }>> {
    const { rows } = await sql<{ id: number; kind: PostKind }>`select id, kind from posting_jobs
      where account_id = ${this.accountId} and scheduled_for is not null
        and scheduled_for <= ${toDbTimestamp(now)} and status in ${UNFINISHED_JOBS}
      order by scheduled_for, id`.execute(this.database.db);
    return rows;
  }

  private async latest(kind: 'tweet' | 'thread', actor: Actor): Promise<Date | undefined> {
    const posted =
      kind === 'tweet'
        ? sql`select max(posted_at) as at from posts where account_id = ${this.accountId} and kind = 'tweet'`
        : sql`select max(posted_at) as at from posts where account_id = ${this.accountId}
            and kind = 'thread_card' and thread_position = 0`;
    const { rows } = await sql<{ at: string | null }>`select max(at) as at from (
        ${posted}
        union all select max(created_at) from posting_jobs
          where account_id = ${this.accountId} and actor = ${actor} and kind = ${kind}
        union all select max(created_at) from approval_queue
          where account_id = ${this.accountId} and actor = ${actor} and action_type = ${kind}
      ) as latest`.execute(this.database.db);
    const at = rows[0]?.at;
    return at ? fromDbTimestamp(at) : undefined;
  }

  lastOriginalAt(actor: Actor): Promise<Date | undefined> {
    return this.latest('tweet', actor);
  }

  lastThreadAt(actor: Actor): Promise<Date | undefined> {
    return this.latest('thread', actor);
  }
}
