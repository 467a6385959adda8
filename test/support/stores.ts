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
import pg from 'pg';
import { afterEach } from 'vitest';
import { openPostgres } from '../../src/infra/postgres/open-postgres.js';
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
  await onServer(admin, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${source.name}`));
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

export function testStores(dialect: StoreDialect): TestStores {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  return {
    async open() {
      if (dialect === 'sqlite') {
        const store = openDatabase({ path: ':memory:' });
        cleanups.push(() => store.close());
        return store;
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
