// The autopilot loops' store over the service's database (one per database, made on first use).
import type { AutopilotStore } from '../../core/ports/autopilot-store.js';
import type { AppDatabase } from '../../infra/sqlite/open-database.js';
import { AutopilotRepository } from '../../infra/sqlite/repositories/autopilot-repository.js';

const stores = new WeakMap<AppDatabase, AutopilotStore>();

export function autopilotStore(deps: { database: AppDatabase; accountId: string }): AutopilotStore {
  let store = stores.get(deps.database);
  if (!store) {
    store = new AutopilotRepository(deps.database, deps.accountId);
    stores.set(deps.database, store);
  }
  return store;
}
