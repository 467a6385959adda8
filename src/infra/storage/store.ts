// The store the repositories are given: the embedded SQLite database (the default) or Postgres
// (`[storage] url`). Both offer Kysely over the same schema (docs/deployment.md, "Postgres schema"); a
// repository writes its SQL once and takes the few phrases that differ from dialect-sql.ts. Only SQLite has
// `sqlite`, the synchronous handle some hot statements use directly.

import type { PostgresDatabase } from '../postgres/open-postgres.js';
import type { AppDatabase } from '../sqlite/open-database.js';

export type Store = AppDatabase | PostgresDatabase;

export type StoreDialect = Store['dialect'];
