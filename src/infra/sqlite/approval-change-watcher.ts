// Notices approval queue changes made by ANY connection to the database file (this process, the tool server
// `app mcp serve`, the CLI): a private read-only connection's `PRAGMA data_version` moves when another
// connection commits, and only then are the recently changed rows compared with what was seen before.
import type { Database } from 'better-sqlite3';
import type { ApprovalChangeEvent } from '../../contracts/live-events.js';
import { type AppDatabase, openDatabase } from './open-database.js';

/**
 * Rows are compared over this much time before the newest change seen: a write whose timestamp was taken
 * before another's but committed after it is still found.
 */
const LATE_COMMIT_MARGIN_MS = 60_000;

interface Row {
  id: number;
  action_type: string;
  actor: string;
  status: ApprovalChangeEvent['status'];
  updated_at: string;
}

export interface ApprovalChangeWatcher {
  /** The changes committed since the last call (none, cheaply, when nothing was committed). */
  changes(): ApprovalChangeEvent[];
  /** Items waiting for a person now. */
  pending(): number;
  close(): void;
}

const keyOf = (row: Row) => `${row.status}|${row.updated_at}`;

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
  const recent = sqlite.prepare<[string, number, string], Row>(
    `select id, action_type, actor, status, updated_at from approval_queue
      where account_id = ? and (id > ? or updated_at >= ?) order by id`,
  );
  const pendingCount = sqlite
    .prepare<[string], number>(
      "select count(*) from approval_queue where account_id = ? and status = 'pending'",
    )
    .pluck();

  const seen = new Map<number, string>();
  let lastVersion = version.get() as number;
  const start = sqlite
    .prepare<[string], { max_id: number | null; max_at: string | null }>(
      'select max(id) as max_id, max(updated_at) as max_at from approval_queue where account_id = ?',
    )
    .get(accountId);
  let maxId = start?.max_id ?? 0;
  let newestAt = start?.max_at ?? '';

  const cutoff = () =>
    newestAt === '' ? '' : new Date(Date.parse(newestAt) - LATE_COMMIT_MARGIN_MS).toISOString();

  // What is already there when watching starts is not news.
  for (const row of recent.all(accountId, maxId, cutoff())) seen.set(row.id, keyOf(row));

  return {
    changes() {
      if (own) {
        const current = version.get() as number;
        if (current === lastVersion) return [];
        lastVersion = current;
      }
      const rows = recent.all(accountId, maxId, cutoff());
      const events: ApprovalChangeEvent[] = [];
      let pending: number | undefined;
      for (const row of rows) {
        const key = keyOf(row);
        if (seen.get(row.id) === key) continue;
        const queued = row.id > maxId;
        seen.set(row.id, key);
        pending ??= pendingCount.get(accountId) as number;
        events.push({
          type: queued ? 'approval_queued' : 'approval_updated',
          id: row.id,
          action_type: row.action_type,
          actor: row.actor,
          status: row.status,
          updated_at: row.updated_at,
          pending,
        });
      }
      for (const row of rows) {
        if (row.id > maxId) maxId = row.id;
        if (row.updated_at > newestAt) newestAt = row.updated_at;
      }
      // Rows that fell out of the window are forgotten: a later change brings them back as news.
      const floor = cutoff();
      seen.clear();
      for (const row of rows) if (row.updated_at >= floor) seen.set(row.id, keyOf(row));
      return events;
    },
    pending: () => pendingCount.get(accountId) as number,
    close() {
      if (own) own.sqlite.close();
    },
  };
}
