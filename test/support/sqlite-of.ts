// The app's store as SQLite, for a test that reads or plants rows through SQLite's own handle: the test
// harnesses run the service on its default store, and a test on Postgres would fail here saying so.
import type { AppDatabase } from '../../src/infra/sqlite/open-database.js';
import type { Store } from '../../src/infra/storage/store.js';

export function sqliteOf(store: Store): AppDatabase {
  if (store.dialect !== 'sqlite')
    throw new Error(`this test reads SQLite's handle, but the store is ${store.label}`);
  return store;
}
