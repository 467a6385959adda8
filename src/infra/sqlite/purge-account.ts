// Deletes every row an account holds, in every table, read from the schema itself: each table with an
// `account_id` column, children before the parents their foreign keys name, then the account's own row,
// all in one transaction. A table added by a later migration is covered without a change here.
import type { Database as Sqlite } from 'better-sqlite3';

interface ForeignKey {
  table: string;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables holding an `account_id`, each after every table that references it (children first). */
export function accountTablesChildrenFirst(sqlite: Sqlite): string[] {
  const tables = (
    sqlite
      .prepare(
        `select name from sqlite_master
         where type = 'table' and name not like 'sqlite_%' and name <> 'accounts' and sql not like 'CREATE VIRTUAL%'`,
      )
      .all() as Array<{ name: string }>
  )
    .map((row) => row.name)
    .filter((name) =>
      (sqlite.prepare(`pragma table_info(${quoted(name)})`).all() as Array<{ name: string }>).some(
        (column) => column.name === 'account_id',
      ),
    );
  const scoped = new Set(tables);
  // parent -> the scoped tables whose foreign keys name it
  const children = new Map<string, Set<string>>(tables.map((name) => [name, new Set<string>()]));
  for (const name of tables) {
    const keys = sqlite.prepare(`pragma foreign_key_list(${quoted(name)})`).all() as ForeignKey[];
    for (const key of keys)
      if (key.table !== name && scoped.has(key.table)) children.get(key.table)?.add(name);
  }
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`foreign keys form a cycle through ${name}`);
    state.set(name, 'visiting');
    for (const child of [...(children.get(name) ?? [])].sort()) visit(child);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const name of [...tables].sort()) visit(name);
  return ordered;
}

/** Deletes the account's rows everywhere and its `accounts` row; answers how many data rows went. */
export function purgeAccountRows(sqlite: Sqlite, accountId: string): number {
  const tables = accountTablesChildrenFirst(sqlite);
  const run = sqlite.transaction(() => {
    let deleted = 0;
    for (const table of tables)
      deleted += sqlite.prepare(`delete from ${quoted(table)} where account_id = ?`).run(accountId).changes;
    sqlite.prepare('delete from accounts where id = ?').run(accountId);
    return deleted;
  });
  return run.immediate();
}
