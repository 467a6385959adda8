// What changed in an account's approval queue between two reads of its recent rows: the part of the
// approval watchers both stores share (SQLite polls its data_version, Postgres is told by NOTIFY; each
// then reads the rows changed lately and gives them to this).
import type { ApprovalChangeEvent } from '../../contracts/live-events.js';

/**
 * Rows are compared over this much time before the newest change seen: a write whose timestamp was taken
 * before another's but committed after it is still found.
 */
export const LATE_COMMIT_MARGIN_MS = 60_000;

export interface ApprovalRow {
  id: number;
  action_type: string;
  actor: string;
  status: ApprovalChangeEvent['status'];
  updated_at: string;
}

const keyOf = (row: ApprovalRow) => `${row.status}|${row.updated_at}`;

export class ApprovalChangeDiff {
  private readonly seen = new Map<number, string>();
  private maxId: number;
  private newestAt: string;

  /** Starts from the queue as it is (`start`: its newest id and time; `rows`: what `window()` reads now). */
  constructor(start: { max_id: number | null; max_at: string | null }) {
    this.maxId = start.max_id ?? 0;
    this.newestAt = start.max_at ?? '';
  }

  /** The rows to read next: those with an id above `afterId` or changed at or after `since`. */
  window(): { afterId: number; since: string } {
    return { afterId: this.maxId, since: this.cutoff() };
  }

  /** What is already there when watching starts is not news. */
  baseline(rows: readonly ApprovalRow[]): void {
    for (const row of rows) this.seen.set(row.id, keyOf(row));
  }

  /** The events among `rows` (read for `window()`); `pending` is asked at most once, when one is news. */
  events(rows: readonly ApprovalRow[], pending: () => number): ApprovalChangeEvent[] {
    const events: ApprovalChangeEvent[] = [];
    let count: number | undefined;
    for (const row of rows) {
      const key = keyOf(row);
      if (this.seen.get(row.id) === key) continue;
      const queued = row.id > this.maxId;
      this.seen.set(row.id, key);
      count ??= pending();
      events.push({
        type: queued ? 'approval_queued' : 'approval_updated',
        id: row.id,
        action_type: row.action_type,
        actor: row.actor,
        status: row.status,
        updated_at: row.updated_at,
        pending: count,
      });
    }
    for (const row of rows) {
      if (row.id > this.maxId) this.maxId = row.id;
      if (row.updated_at > this.newestAt) this.newestAt = row.updated_at;
    }
    // Rows that fell out of the window are forgotten: a later change brings them back as news.
    const floor = this.cutoff();
    this.seen.clear();
    for (const row of rows) if (row.updated_at >= floor) this.seen.set(row.id, keyOf(row));
    return events;
  }

  private cutoff(): string {
    return this.newestAt === ''
      ? ''
      : new Date(Date.parse(this.newestAt) - LATE_COMMIT_MARGIN_MS).toISOString();
  }
}
