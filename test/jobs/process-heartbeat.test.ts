// Claims on Postgres: whether the process behind a posting job's claim is gone is read from its heartbeat,
// whatever machine it runs on (a pid means nothing across hosts).
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../src/infra/postgres/open-postgres.js';
import { startProcessHeartbeat } from '../../src/infra/postgres/process-heartbeat.js';
import { freshPostgres } from '../support/stores.js';

const log = { warn() {} };
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

describe('process heartbeats on Postgres', () => {
  it('holds a beating process alive, and one silent past the threshold, stopped or never seen gone', async () => {
    const db = await store();
    const a = await startProcessHeartbeat(db, 'host-a:101:aaaa', { staleMs: 3000, log });
    const b = await startProcessHeartbeat(db, 'host-b:202:bbbb', { staleMs: 3000, log });
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    expect(await b.gone('host-a:101:aaaa')).toBe(false);
    expect(await b.gone('host-b:202:bbbb')).toBe(false);
    // A claim from a process that never beat (an older version, another deployment): gone.
    expect(await b.gone('host-c:303:cccc')).toBe(true);
    // A process killed without a word: its last beat ages past the threshold (here moved back in time).
    await sql`update worker_heartbeats set seen_at = to_char((statement_timestamp() - interval '4 seconds')
      at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') where worker_id = 'process:host-a:101:aaaa'`.execute(
      db.db,
    );
    expect(await b.gone('host-a:101:aaaa')).toBe(true);
    // A drained process removes its row: gone at once.
    await b.stop();
    const c = await startProcessHeartbeat(db, 'host-c:303:cccc', { staleMs: 3000, log });
    cleanups.push(() => c.stop());
    expect(await c.gone('host-b:202:bbbb')).toBe(true);
    expect(await a.gone('host-c:303:cccc')).toBe(false);
  });

  it('beats again within the threshold, so a live process never goes stale', async () => {
    const db = await store();
    const a = await startProcessHeartbeat(db, 'host-a:101:aaaa', { staleMs: 600, log });
    const b = await startProcessHeartbeat(db, 'host-b:202:bbbb', { staleMs: 600, log });
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    // Two thresholds later it is still alive: it beat every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await b.gone('host-a:101:aaaa')).toBe(false);
  });
});
