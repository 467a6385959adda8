// Deletes every row an account holds, in every table, read from the schema itself: each table with an
// `account_id` column, children before the parents their foreign keys name, then the account's own row,
// all in one transaction. A table added by a later migration is covered without a change here.
import type { Database as Sqlite } from 'better-sqlite3';
import { sql } from 'kysely';
import type { Store } from '../storage/store.js';

interface ForeignKey {
  table: string;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Each table holding an `account_id`, with the scoped tables its foreign keys name (itself aside). */
type Schema = Map<string, string[]>;

function sqliteSchema(sqlite: Sqlite): Schema {
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
  return new Map(
    tables.map((name) => [
      name,
      (sqlite.prepare(`pragma foreign_key_list(${quoted(name)})`).all() as ForeignKey[]).map(
        (key) => key.table,
      ),
    ]),
  );
}

async function postgresSchema(store: Store): Promise<Schema> {
  const { rows: tables } = await sql<{ name: string }>`select c.table_name as name
    from information_schema.columns c join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'account_id' and t.table_type = 'BASE TABLE'
      and c.table_name <> 'accounts'`.execute(store.db);
  const { rows: keys } = await sql<{ child: string; parent: string }>`select
      con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent
    from pg_constraint con join pg_namespace n on n.oid = con.connamespace
    where con.contype = 'f' and n.nspname = current_schema()`.execute(store.db);
  return new Map(
    tables.map(({ name }) => [name, keys.filter((key) => key.child === name).map((key) => key.parent)]),
  );
}

/** The tables holding an `account_id`, each after every table that references it (children first). */
function childrenFirst(schema: Schema): string[] {
  const tables = [...schema.keys()];
  // parent -> the scoped tables whose foreign keys name it
  const children = new Map<string, Set<string>>(tables.map((name) => [name, new Set<string>()]));
  for (const [name, parents] of schema)
    for (const parent of parents) if (parent !== name && schema.has(parent)) children.get(parent)?.add(name);
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

/** The tables holding an `account_id` in `store`, each after every table that references it. */
export async function accountTablesChildrenFirst(store: Store): Promise<string[]> {
  return childrenFirst(store.dialect === 'sqlite' ? sqliteSchema(store.sqlite) : await postgresSchema(store));
}

/** Deletes the account's rows everywhere and its `accounts` row; answers how many data rows went. */
export async function purgeAccountRows(store: Store, accountId: string): Promise<number> {
  const tables = await accountTablesChildrenFirst(store);
  if (store.dialect === 'sqlite') {
    const { sqlite } = store;
    const run = sqlite.transaction(() => {
      let deleted = 0;
      for (const table of tables)
        deleted += sqlite.prepare(`delete from ${quoted(table)} where account_id = ?`).run(accountId).changes;
      sqlite.prepare('delete from accounts where id = ?').run(accountId);
      return deleted;
    });
    return run.immediate();
  }
  return store.db.transaction().execute(async (trx) => {
    let deleted = 0;
    for (const table of tables) {
      const result = await sql`delete from ${sql.id(table)} where account_id = ${accountId}`.execute(trx);
      deleted += Number(result.numAffectedRows ?? 0);
    }
    await sql`delete from accounts where id = ${accountId}`.execute(trx);
    return deleted;
  });
}
