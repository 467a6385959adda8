// Account locks held in the database, on both stores: two processes' holders of one lock never overlap,
// another account's lock is its own, and a lease whose holder died runs out and is taken over.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type StoreProcesses, storeProcesses } from '../../../../test/support/store-processes.js';
import { STORES } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { systemClock } from '../../../core/ports/clock.js';
import { LeaseRepository } from './lease-repository.js';

let processes: StoreProcesses | undefined;
afterEach(async () => {
  await processes?.close();
  processes = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(STORES)('LeaseRepository (%s)', (dialect) => {
  it('lets one holder of an account lock at a time across processes, and another lock run beside it', async () => {
    processes = await storeProcesses(dialect, 3);
    const [a, b, c] = processes.stores.map(
      (store) => new LeaseRepository(store, DEFAULT_ACCOUNT_ID, systemClock),
    );
    const spans: Array<{ who: string; from: number; to: number }> = [];
    const hold = (who: string) => async () => {
      const from = performance.now();
      await pause(30);
      spans.push({ who, from, to: performance.now() });
    };
    const other: Array<number> = [];
    await Promise.all([
      ...[a, b, c].flatMap((lock, i) => [0, 1].map((n) => lock?.exclusive('queue', hold(`${i}.${n}`)))),
      // A lock of another name is not held up by the queue's.
      a?.exclusive('other', async () => {
        other.push(performance.now());
      }),
    ]);
    expect(spans).toHaveLength(6);
    const sorted = [...spans].sort((x, y) => x.from - y.from);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]?.from, 'two holders at once').toBeGreaterThanOrEqual(sorted[i - 1]?.to as number);
    expect(other).toHaveLength(1);
    // Released: nothing is left in app_state.
    const [first] = processes.stores;
    if (!first) throw new Error('no store');
    const { rows } = await sql`select key from app_state where key like 'lease:%'`.execute(first.db);
    expect(rows).toEqual([]);
  });

  it('releases the lock when the work throws, and takes over a lease whose holder died', async () => {
    processes = await storeProcesses(dialect, 1);
    const [store] = processes.stores;
    if (!store) throw new Error('no store');
    const lock = new LeaseRepository(store, DEFAULT_ACCOUNT_ID, systemClock);
    await expect(lock.exclusive('queue', async () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(await lock.exclusive('queue', async () => 'free again')).toBe('free again');
    // A holder killed mid-work leaves its lease: a fresh one holds others off, a lapsed one is taken over.
    const plant = (at: Date) =>
      sql`insert into app_state (account_id, key, value, updated_at) values (${DEFAULT_ACCOUNT_ID}, 'lease:queue',
        'dead-holder', ${at.toISOString()}) on conflict (account_id, key) do update set value = excluded.value,
        updated_at = excluded.updated_at`.execute(store.db);
    // wall clock: the lease is compared with the real time its holders write
    await plant(new Date(Date.now() - 11_000));
    expect(await lock.exclusive('queue', async () => 'taken over')).toBe('taken over');
    // wall clock: the lease is compared with the real time its holders write
    await plant(new Date());
    let later = 0;
    // wall clock: the lease is compared with the real time its holders write
    const clock = { now: () => new Date(Date.now() + later) };
    const waiting = new LeaseRepository(store, DEFAULT_ACCOUNT_ID, clock, async () => {
      later += 2000;
    });
    await expect(waiting.exclusive('queue', async () => 'never')).rejects.toMatchObject({ code: 'conflict' });
  });
});
