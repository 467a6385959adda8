// A process on Postgres tells the time by the database: a machine clock ten minutes off does not move it.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseClock } from '../../src/infra/postgres/database-clock.js';
import type { Store } from '../../src/infra/storage/store.js';
import { testStores } from '../support/stores.js';

const stores = testStores('postgres');
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function databaseNow(store: Store): Promise<number> {
  const { rows } = await sql<{ ms: number }>`select (extract(epoch from clock_timestamp()) * 1000)::float8
    as ms`.execute(store.db);
  return rows[0]?.ms ?? Number.NaN;
}

describe('databaseClock', () => {
  it.each([
    ['ten minutes fast', 600_000],
    ['ten minutes slow', -600_000],
    ['right', 0],
  ])('answers the database’s time on a machine whose clock is %s', async (_, skewMs) => {
    const store = await stores.open();
    if (store.dialect !== 'postgres') throw new Error('a Postgres store was expected');
    // wall clock: the measured offset is against the real clock of this process
    const clock = await databaseClock(store, () => Date.now() + skewMs);
    stops.push(clock.stop);
    const before = await databaseNow(store);
    const now = clock.now().getTime();
    const after = await databaseNow(store);
    // Within the round trips around it (the test cluster is on this machine: a few milliseconds).
    expect(now).toBeGreaterThanOrEqual(before - 50);
    expect(now).toBeLessThanOrEqual(after + 50);
    expect(Math.abs(clock.offsetMs() + skewMs)).toBeLessThan(1000);
  });
});
