// Opening the Postgres store: pending migrations applied once even when processes start together, the
// values the repositories read typed as SQLite gives them, and every failure a db_error naming the URL with
// its password masked.
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { openPostgres } from '../../src/infra/postgres/open-postgres.js';
import type { DB } from '../../src/infra/sqlite/db-types.js';
import { MIGRATIONS } from '../support/migrations.js';
import { createTestDatabase } from '../support/postgres.js';
import { STORES, testStores } from '../support/stores.js';

async function refusal(open: () => Promise<unknown>): Promise<AppError> {
  const error = await open().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('openPostgres', () => {
  it('migrates an empty database once when three processes open it at the same moment', async () => {
    const database = await createTestDatabase();
    const stores = await Promise.all([1, 2, 3].map(() => openPostgres({ url: database.url })));
    try {
      const { rows } = await sql<{ n: number; newest: number }>`select count(*) as n, max(version) as newest
        from schema_migrations`.execute(stores[0]?.db as Kysely<DB>);
      expect(rows[0]).toEqual({ n: MIGRATIONS.count, newest: MIGRATIONS.newest });
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await database.dispose();
    }
  });

  it('refuses a database a newer app migrated, naming both versions', async () => {
    const database = await createTestDatabase();
    const store = await openPostgres({ url: database.url });
    await sql`insert into schema_migrations (version, name, checksum, applied_at)
      values (99, '0099_future.sql', 'x', '2027-01-01T00:00:00.000Z')`.execute(store.db);
    await store.close();
    const error = await refusal(() => openPostgres({ url: database.url }));
    expect(error.code).toBe('db_error');
    expect(error.message).toContain(
      `database schema version 99 is newer than this app (which knows up to version ${MIGRATIONS.newest})`,
    );
    await database.dispose();
  });

  it('says why it cannot connect, with the password masked', async () => {
    // A port nothing listens on (the discard port of loopback is closed here).
    const url = 'postgres://app:hunter2secret@127.0.0.1:9/app';
    const error = await refusal(() => openPostgres({ url, connectTimeoutMs: 2000 }));
    expect(error.code).toBe('db_error');
    expect(error.message).toMatch(
      /^cannot open Postgres postgres:\/\/app:\*\*\*@127\.0\.0\.1:9\/app: .*ECONNREFUSED/,
    );
    expect(error.message).not.toContain('hunter2secret');
  });

  it('says when the password is wrong, without echoing it', async () => {
    const database = await createTestDatabase();
    const url = new URL(database.url);
    url.username = 'nobody_here';
    url.password = 'wrong-pass-word';
    const error = await refusal(() => openPostgres({ url: url.toString() }));
    expect(error.code).toBe('db_error');
    expect(error.message).toContain('nobody_here');
    expect(error.message).not.toContain('wrong-pass-word');
    await database.dispose();
  });

  it('refuses a URL that is not postgres://', async () => {
    const error = await refusal(() => openPostgres({ url: 'mysql://u:pw@host/db' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).not.toContain(':pw@');
  });
});

describe.each(STORES)('the values a repository reads (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('gives ids and counts as numbers and timestamps as the same text', async () => {
    const store = await stores.open();
    const inserted = await store.db
      .insertInto('tags')
      .values({ name: 'launch' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(typeof inserted.id).toBe('number');
    const { rows } = await sql<{ n: number; total: number }>`select count(*) as n, sum(id) as total
      from tags`.execute(store.db);
    expect(rows[0]).toEqual({ n: 1, total: inserted.id });
    const account = await store.db
      .selectFrom('accounts')
      .select(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(account.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
