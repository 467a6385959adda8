// A loop whose planned turn was lost gets one again: the engine's check plans a turn, due now, for each
// account's loop with none, and leaves a planned one as it was.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { durableTurnDispatch, ensureTurnsPlanned } from '../../src/infra/jobs/turn-dispatch.js';
import { openPostgres, type PostgresDatabase } from '../../src/infra/postgres/open-postgres.js';
import { freshPostgres } from '../support/stores.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function store(): Promise<PostgresDatabase> {
  const database = await freshPostgres();
  const opened = await openPostgres({ url: database.url, migrate: false });
  cleanups.push(async () => {
    await opened.close();
    await database.drop();
  });
  return opened;
}

const planned = async (db: PostgresDatabase) =>
  (
    await sql<{
      key: string;
      due_in: number;
    }>`select key, extract(epoch from run_at - now())::float8 as due_in
      from graphile_worker.jobs order by key`.execute(db.db)
  ).rows;

describe('ensureTurnsPlanned', () => {
  it('plans a turn for a loop that lost its job and leaves planned ones alone', async () => {
    const db = await store();
    const dispatch = durableTurnDispatch(db, 'acct');
    await dispatch.plan('alpha', 60_000);
    await dispatch.plan('beta', 60_000);
    // beta's job is gone (its turn ended without its next one recorded).
    await sql`delete from graphile_worker._private_jobs where key = 'turn:acct:beta'`.execute(db.db);
    const turns = [
      { account: 'acct', loop: 'alpha' },
      { account: 'acct', loop: 'beta' },
    ];
    expect(await ensureTurnsPlanned(db, turns)).toBe(1);
    const after = await planned(db);
    expect(after.map((row) => row.key)).toEqual(['turn:acct:alpha', 'turn:acct:beta']);
    // alpha keeps its minute; beta is due now.
    expect(after[0]?.due_in).toBeGreaterThan(50);
    expect(after[1]?.due_in).toBeLessThan(1);
    // Nothing to do the second time.
    expect(await ensureTurnsPlanned(db, turns)).toBe(0);
    expect(await planned(db)).toHaveLength(2);
  });
});
