// The approval watcher on Postgres: told by the change feed (NOTIFY from any process's commit) that an
// account's queue changed, it reads the recently changed rows in the background and keeps the events for
// the next `changes()`, so the live events read it as they read SQLite's watcher.
import { sql } from 'kysely';
import type { ApprovalChangeEvent } from '../../contracts/live-events.js';
import { ApprovalChangeDiff, type ApprovalRow } from '../storage/approval-change-diff.js';
import { changeFeedOf } from './change-feed.js';
import type { PostgresDatabase } from './open-postgres.js';

export interface PostgresApprovalWatcher {
  changes(): ApprovalChangeEvent[];
  pending(): number;
  close(): void;
  /** Resolves once the watcher has read the queue as it is (tests; events before it are not news). */
  ready: Promise<void>;
  /** Resolves once what the feed has said so far is read (tests). */
  settled(): Promise<void>;
}

export function createPostgresApprovalWatcher(
  store: PostgresDatabase,
  accountId: string,
  onError: (error: unknown) => void = () => undefined,
): PostgresApprovalWatcher {
  const { db } = store;
  let diff: ApprovalChangeDiff | undefined;
  let waiting: ApprovalChangeEvent[] = [];
  let pending = 0;
  let closed = false;
  // Reads run one at a time; a notification during a read asks for one more afterwards.
  let reading: Promise<void> = Promise.resolve();
  let again = false;

  const count = async () => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from approval_queue
      where account_id = ${accountId} and status = 'pending'`.execute(db);
    return rows[0]?.n ?? 0;
  };
  const recent = async (from: ApprovalChangeDiff) => {
    const { afterId, since } = from.window();
    const { rows } = await sql<ApprovalRow>`select id, action_type, actor, status, updated_at
      from approval_queue where account_id = ${accountId} and (id > ${afterId} or updated_at >= ${since})
      order by id`.execute(db);
    return rows;
  };

  const ready = (async () => {
    const { rows } = await sql<{ max_id: number | null; max_at: string | null }>`select max(id) as max_id,
      max(updated_at) as max_at from approval_queue where account_id = ${accountId}`.execute(db);
    const start = new ApprovalChangeDiff(rows[0] ?? { max_id: null, max_at: null });
    start.baseline(await recent(start));
    pending = await count();
    diff = start;
  })();

  const read = async () => {
    await ready;
    if (closed || !diff) return;
    const rows = await recent(diff);
    pending = await count();
    waiting = waiting.concat(diff.events(rows, () => pending));
  };

  const request = () => {
    if (again) return;
    again = true;
    reading = reading.then(async () => {
      again = false;
      await read().catch(onError);
    });
  };

  const unsubscribe = changeFeedOf(store).subscribe(accountId, request);
  ready.catch(onError);

  return {
    changes() {
      const out = waiting;
      waiting = [];
      return out;
    },
    pending: () => pending,
    close() {
      closed = true;
      unsubscribe();
    },
    ready,
    settled: async () => {
      await ready.catch(() => undefined);
      await reading;
    },
  };
}
