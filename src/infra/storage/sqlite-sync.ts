// A query written once with Kysely, run synchronously on SQLite's own connection: inside a better-sqlite3
// transaction nothing else may run between two statements (an `await` would let another task's statement
// in), so an atomic section on SQLite runs its statements this way, and on Postgres the same query text
// through Kysely in a transaction.
import type { CompiledQuery } from 'kysely';
import type { AppDatabase } from '../sqlite/open-database.js';

/** What `query` answered: its rows (none for a statement that returns none) and how many rows it changed. */
export function sqliteExecute<T>(
  database: AppDatabase,
  query: CompiledQuery<T>,
): { rows: T[]; changes: number } {
  const { sql, parameters } = query;
  const statement = database.statement(sql);
  if (statement.reader) return { rows: statement.all(...parameters) as T[], changes: 0 };
  return { rows: [], changes: statement.run(...parameters).changes };
}

/** The rows `query` (compiled against SQLite: `builder.compile()`, `sql\`…\`.compile(db)`) returns (an empty list for a statement that returns none). */
export function sqliteAll<T>(database: AppDatabase, query: CompiledQuery<T>): T[] {
  return sqliteExecute(database, query).rows;
}

/** How many rows `query` (an insert, update or delete) changed. */
export function sqliteRun(database: AppDatabase, query: CompiledQuery<unknown>): number {
  const { sql, parameters } = query;
  return database.statement(sql).run(...parameters).changes;
}
