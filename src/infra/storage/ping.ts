// Whether the store answers: the health check and `health_check` ask it on every call, so it is one
// round trip (SQLite: a statement on its own connection; Postgres: a query on a pooled one).
import { sql } from 'kysely';
import type { Store } from './store.js';

export async function pingStore(store: Store): Promise<void> {
  if (store.dialect === 'sqlite') store.sqlite.prepare('select 1').get();
  else await sql`select 1`.execute(store.db);
}
