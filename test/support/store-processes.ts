// Several "processes" over one database, for the tests of what must hold across processes (claims, a job
// created once): on SQLite connections of their own to one file, on Postgres pools of their own to one
// fresh database. The caller closes them with `close()` (every store, then the file or database).
import { openPostgres } from '../../src/infra/postgres/open-postgres.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import type { Store, StoreDialect } from '../../src/infra/storage/store.js';
import { freshPostgres } from './stores.js';
import { createTempHome } from './temp-home.js';

export interface StoreProcesses {
  stores: Store[];
  /** Another store over the same database (a process starting later). */
  another(): Promise<Store>;
  close(): Promise<void>;
}

export async function storeProcesses(dialect: StoreDialect, count: number): Promise<StoreProcesses> {
  const stores: Store[] = [];
  let another: () => Promise<Store>;
  let dispose: () => Promise<void>;
  if (dialect === 'sqlite') {
    const home = createTempHome();
    const path = `${home.dir}/app.db`;
    another = async () => openDatabase({ path });
    dispose = async () => home.cleanup();
  } else {
    const database = await freshPostgres();
    another = () => openPostgres({ url: database.url, migrate: false });
    dispose = () => database.drop();
  }
  const open = async () => {
    const store = await another();
    stores.push(store);
    return store;
  };
  for (let n = 0; n < count; n++) await open();
  return {
    stores: [...stores],
    another: open,
    async close() {
      await Promise.all(stores.map((store) => store.close()));
      await dispose();
    },
  };
}
