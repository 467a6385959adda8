// The live events of this process: approval queue changes from any process writing the database, fanned out
// to the open event streams. The watcher runs only while someone listens, polled cheaply: on SQLite one
// PRAGMA read per tick, the rows read only after a commit; on Postgres NOTIFY says when to read them.
import type { ApprovalChangeEvent } from '../contracts/live-events.js';
import type { Logger } from '../infra/logging/create-logger.js';
import { type ApprovalWatcher, createApprovalWatcher } from '../infra/storage/approval-watcher.js';
import type { Store } from '../infra/storage/store.js';

/** How often the database is asked whether anything was committed. */
export const LIVE_EVENTS_POLL_MS = 500;

export interface LiveEventsDeps {
  database: Store;
  accountId: string;
  logger: Logger;
}

export interface LiveEvents {
  /** Starts listening (the first listener starts the watcher); returns the function that stops it. */
  subscribe(listener: (event: ApprovalChangeEvent) => void): () => void;
  /** Items waiting for a person now (read through the watcher: call while subscribed, once `ready`). */
  pending(): number;
  /**
   * Settles (never rejects) once the watcher has read the queue as it is, so `pending()` is true: at once on
   * SQLite, after a query on Postgres (a failed one is logged; `pending()` then says 0).
   */
  ready(): Promise<void>;
  /** Stops the watcher and forgets every listener (shutdown). */
  close(): void;
}

/** Creates the live event source over `deps.database`; `pollMs` only for tests and benches. */
export function createLiveEvents(deps: LiveEventsDeps, pollMs = LIVE_EVENTS_POLL_MS): LiveEvents {
  const listeners = new Set<(event: ApprovalChangeEvent) => void>();
  let watcher: ApprovalWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failing = false;

  const tick = () => {
    if (!watcher) return;
    try {
      const events = watcher.changes();
      failing = false;
      for (const event of events) for (const listener of listeners) listener(event);
    } catch (error) {
      // Said once per outage, not every half second; the next good tick resumes the stream.
      if (!failing) deps.logger.warn({ err: error }, 'live events: reading the approval queue failed');
      failing = true;
    }
  };

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    watcher?.close();
    watcher = undefined;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!watcher) {
        watcher = createApprovalWatcher(deps.database, deps.accountId, (error) =>
          deps.logger.warn({ err: error }, 'live events: reading the approval queue failed'),
        );
        timer = setInterval(tick, pollMs);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    pending: () => watcher?.pending() ?? 0,
    ready: async () => {
      await watcher?.ready.catch(() => undefined);
    },
    close() {
      listeners.clear();
      stop();
    },
  };
}
