// One LISTEN connection per process and store: the channels migrations/postgres/0014 notifies, handed to
// whoever subscribed to an account. A lost connection is made again (1 s, doubling to 30 s); after each
// (re)connect every subscriber is told to read again, since notifications sent while away are gone.
import pg from 'pg';
import type { PostgresDatabase } from './open-postgres.js';

export const APPROVAL_CHANNEL = 'approval_queue_changed';

type Listener = () => void;

export interface ChangeFeed {
  /** Calls `listener` when account `accountId`'s approval queue changed, and after a reconnect. */
  subscribe(accountId: string, listener: Listener): () => void;
  close(): Promise<void>;
}

const feeds = new WeakMap<PostgresDatabase, ChangeFeed>();

/** The store's feed, made on first use; it connects while it has subscribers. */
export function changeFeedOf(store: PostgresDatabase): ChangeFeed {
  let feed = feeds.get(store);
  if (!feed) {
    feed = createChangeFeed(store);
    feeds.set(store, feed);
  }
  return feed;
}

function createChangeFeed(store: PostgresDatabase): ChangeFeed {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryMs = 1000;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const everyone = () => {
    for (const set of listeners.values()) for (const listener of set) listener();
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      // A client of its own, not the pool's: it stays in LISTEN for as long as anyone watches.
      const next = new pg.Client(store.pool.options);
      next.on('notification', (message) => {
        for (const listener of listeners.get(message.payload ?? '') ?? []) listener();
      });
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        await next.query(`LISTEN ${APPROVAL_CHANNEL}`);
      } catch {
        await next.end().catch(() => undefined);
        lost(next);
        return;
      } finally {
        connecting = undefined;
      }
      client = next;
      retryMs = 1000;
      everyone();
    })();
    return connecting;
  };

  const lost = (which: pg.Client) => {
    if (client === which) client = undefined;
    if (closed || listeners.size === 0 || retry || client || connecting) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const disconnect = async () => {
    clearTimeout(retry);
    retry = undefined;
    await connecting;
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };

  return {
    subscribe(accountId, listener) {
      const set = listeners.get(accountId) ?? new Set<Listener>();
      listeners.set(accountId, set);
      set.add(listener);
      if (!client && !connecting && !retry && !closed) void connect();
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(accountId);
        if (listeners.size === 0) void disconnect();
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await disconnect();
    },
  };
}
