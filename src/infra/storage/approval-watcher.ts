// The approval watcher of a store: SQLite's polls its data_version, Postgres' is told by NOTIFY. Both
// answer `changes()` from what they have read, so the live events poll either the same way.
import type { ApprovalChangeEvent } from '../../contracts/live-events.js';
import { createPostgresApprovalWatcher } from '../postgres/approval-change-watcher.js';
import { createApprovalChangeWatcher } from '../sqlite/approval-change-watcher.js';
import type { Store } from './store.js';

export interface ApprovalWatcher {
  /** The changes committed since the last call. */
  changes(): ApprovalChangeEvent[];
  /** Items waiting for a person now (once `ready`). */
  pending(): number;
  close(): void;
  /** Settles once the watcher has read the queue as it is: SQLite's at once, Postgres' after a query. */
  ready: Promise<void>;
}

/** Watches account `accountId`'s approval queue; `onError` hears a background read that failed (Postgres). */
export function createApprovalWatcher(
  store: Store,
  accountId: string,
  onError: (error: unknown) => void,
): ApprovalWatcher {
  if (store.dialect === 'postgres') return createPostgresApprovalWatcher(store, accountId, onError);
  const watcher = createApprovalChangeWatcher(store, accountId);
  return {
    changes: () => watcher.changes(),
    pending: () => watcher.pending(),
    close: () => watcher.close(),
    ready: Promise.resolve(),
  };
}
