// The autopilot loops' store over the service's database, one per database and account (made on first use):
// two accounts of one database read their own posts and jobs.
import type { AutopilotStore } from '../../core/ports/autopilot-store.js';
import { AutopilotRepository } from '../../infra/sqlite/repositories/autopilot-repository.js';
import type { Store } from '../../infra/storage/store.js';

const stores = new WeakMap<Store, Map<string, AutopilotStore>>();

export function autopilotStore(deps: { database: Store; accountId: string }): AutopilotStore {
  const ofDatabase = stores.get(deps.database) ?? new Map<string, AutopilotStore>();
  stores.set(deps.database, ofDatabase);
  let store = ofDatabase.get(deps.accountId);
  if (!store) {
    store = new AutopilotRepository(deps.database, deps.accountId);
    ofDatabase.set(deps.accountId, store);
  }
  return store;
}
