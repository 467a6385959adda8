// Notices approval queue changes made by ANY connection to the database file (this process, the tool server
// `app mcp serve`, the CLI): a private read-only connection's `PRAGMA data_version` moves when another
// connection commits, and only then are the recently changed rows compared with what was seen before.
import type { Database } from 'better-sqlite3';
import type { ApprovalChangeEvent } from '../../contracts/live-events.js';
import { ApprovalChangeDiff, type ApprovalRow } from '../storage/approval-change-diff.js';
import { type AppDatabase, openDatabase } from './open-database.js';

export interface ApprovalChangeWatcher {
  /** The changes committed since the last call (none, cheaply, when nothing was committed). */
  changes(): ApprovalChangeEvent[];
  /** Items waiting for a person now. */
  pending(): number;
  close(): void;
}

/**
 * Watches the approval queue of `accountId` in `database`. A file database gets its own read-only
 * connection (so commits of this process count too); an in-memory one is compared on every call.
 */
export function createApprovalChangeWatcher(database: AppDatabase, accountId: string): ApprovalChangeWatcher {
  const own: AppDatabase | undefined =
    database.path === ':memory:'
      ? undefined
      : openDatabase({ path: database.path, readonly: true, checkpointIntervalMs: 0 });
  const sqlite: Database = own?.sqlite ?? database.sqlite;
  const version = sqlite.prepare('PRAGMA data_version').pluck();
  const recent = sqlite.prepare<[string, number, string], ApprovalRow>(
    `select id, action_type, actor, status, updated_at from approval_queue
      where account_id = ? and (id > ? or updated_at >= ?) order by id`,
  );
  const pendingCount = sqlite
    .prepare<[string], number>(
      "select count(*) from approval_queue where account_id = ? and status = 'pending'",
    )
    .pluck();
  const read = (diff: ApprovalChangeDiff) => {
    const { afterId, since } = diff.window();
    return recent.all(accountId, afterId, since);
  };

  let lastVersion = version.get() as number;
  const start = sqlite
    .prepare<[string], { max_id: number | null; max_at: string | null }>(
      'select max(id) as max_id, max(updated_at) as max_at from approval_queue where account_id = ?',
    )
    .get(accountId);
  const diff = new ApprovalChangeDiff(start ?? { max_id: null, max_at: null });
  diff.baseline(read(diff));

  return {
    changes() {
      if (own) {
        const current = version.get() as number;
        if (current === lastVersion) return [];
        lastVersion = current;
      }
      return diff.events(read(diff), () => pendingCount.get(accountId) as number);
    },
    pending: () => pendingCount.get(accountId) as number,
    close() {
      if (own) own.sqlite.close();
    },
  };
}
