// The approval watcher on Postgres hears other processes' commits through NOTIFY (migration 0014): an item
// queued or decided by another connection is news at once for its account only, what was there before
// watching is not, and a lost LISTEN connection is made again and catches up on what it missed.
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalChangeEvent } from '../../src/contracts/live-events.js';
import { createPostgresApprovalWatcher } from '../../src/infra/postgres/approval-change-watcher.js';
import { APPROVAL_CHANNEL } from '../../src/infra/postgres/change-feed.js';
import { openPostgres, type PostgresDatabase } from '../../src/infra/postgres/open-postgres.js';
import { freshPostgres } from '../support/stores.js';

const ACCOUNT = '00000000-0000-0000-0000-000000000000';
const OTHER = '22222222-2222-2222-2222-222222222222';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two processes' stores on one database: the watcher's, and a writer's. */
async function twoProcesses(): Promise<{ watcherStore: PostgresDatabase; writer: PostgresDatabase }> {
  const database = await freshPostgres();
  const watcherStore = await openPostgres({ url: database.url, migrate: false });
  const writer = await openPostgres({ url: database.url, migrate: false });
  await sql`insert into accounts (id, label) values (${OTHER}, 'other')`.execute(writer.db);
  cleanups.push(async () => {
    await watcherStore.close();
    await writer.close();
    await database.drop();
  });
  return { watcherStore, writer };
}

async function queue(store: PostgresDatabase, account: string, text: string): Promise<number> {
  const row = await store.db
    .insertInto('approval_queue')
    .values({
      account_id: account,
      action_type: 'tweet',
      payload: JSON.stringify({ text }),
      content: text,
      origin: 'mcp',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Polls `changes()` until `count` events came (the feed is asynchronous; 5 s is far beyond its delay). */
async function collect(
  watcher: { changes(): ApprovalChangeEvent[] },
  count: number,
): Promise<ApprovalChangeEvent[]> {
  const seen: ApprovalChangeEvent[] = [];
  await vi.waitFor(
    () => {
      seen.push(...watcher.changes());
      expect(seen.length).toBeGreaterThanOrEqual(count);
    },
    { timeout: 5000, interval: 20 },
  );
  return seen;
}

describe('the approval watcher on Postgres', () => {
  it('tells another process’s queued and decided items, for its own account only, and not what was there before', async () => {
    const { watcherStore, writer } = await twoProcesses();
    await queue(writer, ACCOUNT, 'there before');
    const watcher = createPostgresApprovalWatcher(watcherStore, ACCOUNT);
    cleanups.push(async () => watcher.close());
    await watcher.ready;
    expect(watcher.pending()).toBe(1);

    await queue(writer, OTHER, 'another account’s');
    const id = await queue(writer, ACCOUNT, 'new');
    const [queued, ...rest] = await collect(watcher, 1);
    expect(rest).toEqual([]);
    expect(queued).toMatchObject({
      type: 'approval_queued',
      id,
      status: 'pending',
      pending: 2,
      actor: 'api',
    });

    await writer.db
      .updateTable('approval_queue')
      // wall clock: a row changed after the watcher last read, in real time
      .set({ status: 'rejected', updated_at: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const [updated] = await collect(watcher, 1);
    expect(updated).toMatchObject({ type: 'approval_updated', id, status: 'rejected', pending: 1 });
    expect(watcher.changes()).toEqual([]);
  });

  it('makes its LISTEN connection again when it is lost, and reports what changed meanwhile', async () => {
    const { watcherStore, writer } = await twoProcesses();
    const watcher = createPostgresApprovalWatcher(watcherStore, ACCOUNT);
    cleanups.push(async () => watcher.close());
    await watcher.ready;
    const listening = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where query = ${`LISTEN ${APPROVAL_CHANNEL}`} and datname = current_database()`.execute(writer.db)
      ).rows;
    await vi.waitFor(async () => expect(await listening()).toHaveLength(1), { timeout: 5000 });
    const [{ pid }] = (await listening()) as [{ pid: number }];
    await sql`select pg_terminate_backend(${pid})`.execute(writer.db);
    const id = await queue(writer, ACCOUNT, 'while the listener was away');
    const [event] = await collect(watcher, 1);
    expect(event).toMatchObject({ type: 'approval_queued', id, pending: 1 });
    await vi.waitFor(async () => expect((await listening())[0]?.pid).not.toBe(pid), { timeout: 5000 });
  });
});
