// Both stores for a repository's tests: the same test runs on SQLite (in memory) and on Postgres (a fresh
// database of this run's throwaway cluster, or of APP_TEST_PG_URL; see postgres.ts). Each test gets an
// empty, migrated store of its own: on Postgres a copy of a template database this test file migrated once
// (CREATE DATABASE … TEMPLATE takes ~30 ms where migrating takes ~300).
//
//   describe.each(STORES)('%s', (dialect) => {
//     const stores = testStores(dialect);
//     it('…', async () => { const store = await stores.open(); … });
//   });
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../src/infra/postgres/open-postgres.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import type { Store, StoreDialect } from '../../src/infra/storage/store.js';
import { createTestDatabase, setupOnce, type TestDatabase } from './postgres.js';

export const STORES: readonly StoreDialect[] = ['sqlite', 'postgres'];

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The server's maintenance database, from which databases are made and dropped. */
const maintenanceUrl = (url: string) => {
  const address = new URL(url);
  address.pathname = '/postgres';
  return address.toString();
};

/** This file's migrated template: a database no one may connect to, so it can be copied. */
const template = setupOnce<TestDatabase>(async () => {
  const database = await createTestDatabase();
  const store = await openPostgres({ url: database.url });
  await store.close();
  // A closed pool's sessions end on the server a moment later; a copy refuses a template anyone is on.
  await onServer(maintenanceUrl(database.url), async (admin) => {
    await admin.query(`ALTER DATABASE ${database.name} WITH ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      database.name,
    ]);
  });
  return database;
});

/** A fresh migrated Postgres database copied from the template: its URL, and how to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const source = await template.get();
  const name = `app_test_${randomBytes(6).toString('hex')}`;
  const admin = maintenanceUrl(source.url);
  await onServer(admin, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${source.name} STRATEGY FILE_COPY`),
  );
  const address = new URL(source.url);
  address.pathname = `/${name}`;
  return {
    url: address.toString(),
    drop: async () => {
      await onServer(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface TestStores {
  /** An empty, migrated store of the dialect, closed after the test. */
  open(): Promise<Store>;
}

/**
 * A Postgres database kept for a describe block and emptied between its tests: TRUNCATE of every table and
 * the migrations' seed rows put back take ~50 ms where a new database takes ~450 ms on this machine.
 */
class ReusedPostgres {
  private database: { url: string; drop(): Promise<void> } | undefined;
  private store: PostgresDatabase | undefined;
  private seed: Array<{ table: string; rows: unknown[] }> = [];
  private tables: string[] = [];
  /** Lent to a test: the next test empties it first. */
  private lent = false;

  async open(): Promise<PostgresDatabase> {
    if (!this.store) {
      this.database = await freshPostgres();
      this.store = await openPostgres({ url: this.database.url, migrate: false });
      const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
        where schemaname = current_schema() and tablename <> 'schema_migrations' order by tablename`.execute(
        this.store.db,
      );
      this.tables = rows.map((row) => row.name);
      for (const table of this.tables) {
        const found = await sql`select * from ${sql.id(table)}`.execute(this.store.db);
        if (found.rows.length > 0) this.seed.push({ table, rows: found.rows });
      }
    } else if (this.lent) {
      const { db } = this.store;
      await sql`truncate ${sql.join(this.tables.map((table) => sql.id(table)))} restart identity cascade`.execute(
        db,
      );
      for (const { table, rows } of this.seed)
        await sql`insert into ${sql.id(table)} select * from json_populate_recordset(null::${sql.id(table)}, ${JSON.stringify(rows)})`.execute(
          db,
        );
    }
    this.lent = true;
    return this.store;
  }

  async close(): Promise<void> {
    await this.store?.close();
    await this.database?.drop();
  }
}

export function testStores(dialect: StoreDialect): TestStores {
  const cleanups: Array<() => Promise<void>> = [];
  const reused = new ReusedPostgres();
  let openedInThisTest = false;
  afterEach(async () => {
    openedInThisTest = false;
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  afterAll(() => reused.close());
  return {
    async open() {
      if (dialect === 'sqlite') {
        const store = openDatabase({ path: ':memory:' });
        cleanups.push(() => store.close());
        return store;
      }
      // The block's database for the first store of a test; a second one in the same test is a new database.
      if (!openedInThisTest) {
        openedInThisTest = true;
        return reused.open();
      }
      const database = await freshPostgres();
      const store = await openPostgres({ url: database.url, migrate: false });
      cleanups.push(async () => {
        await store.close();
        await database.drop();
      });
      return store;
    },
  };
}
