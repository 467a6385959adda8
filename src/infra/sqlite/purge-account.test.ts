// Purging an account's rows, on both stores: the tables come from each store's own schema.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../contracts/account.js';
import type { Store } from '../storage/store.js';
import { accountTablesChildrenFirst, purgeAccountRows } from './purge-account.js';

const OTHER = '11111111-1111-1111-1111-111111111111';

async function rows<T>(store: Store, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(store.db)).rows;
}

describe.each(STORES)('%s', (dialect) => {
  const stores = testStores(dialect);

  it('names every table holding an account_id, each before the tables its foreign keys name', async () => {
    const store = await stores.open();
    const order = await accountTablesChildrenFirst(store);
    const scoped = (
      await rows<{ name: string }>(
        store,
        sql`select table_name as name from information_schema.columns
          where column_name = 'account_id' and table_name <> 'accounts'`,
      ).catch(async () =>
        // SQLite has no information_schema.
        rows<{ name: string }>(
          store,
          sql`select m.name from sqlite_master m where m.type = 'table' and m.name <> 'accounts'
            and exists (select 1 from pragma_table_info(m.name) where name = 'account_id')`,
        ),
      )
    ).map((row) => row.name);
    expect([...order].sort()).toEqual([...new Set(scoped)].sort());
    expect(order).toEqual(expect.arrayContaining(['drafts', 'posts', 'mutation_audit', 'post_metrics']));
    // A child before its parent: draft_revisions and draft_tags name drafts; draft_tags names tags.
    for (const [child, parent] of [
      ['draft_revisions', 'drafts'],
      ['draft_tags', 'drafts'],
      ['draft_tags', 'tags'],
    ] as const)
      expect(order.indexOf(child), `${child} before ${parent}`).toBeLessThan(order.indexOf(parent));
  });

  it('deletes the account’s rows in parent and child tables and its row, and nothing of another account', async () => {
    const store = await stores.open();
    const { db } = store;
    await sql`insert into accounts (id, label) values (${OTHER}, 'other')`.execute(db);
    for (const account of [DEFAULT_ACCOUNT_ID, OTHER]) {
      const draft = await db
        .insertInto('drafts')
        .values({ account_id: account, content: `a draft of ${account}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into draft_revisions (account_id, draft_id, draft_version, content_type, content, trigger)
        values (${account}, ${draft.id}, 1, 'tweet', 'x', 'manual')`.execute(db);
      const tag = await db
        .insertInto('tags')
        .values({ account_id: account, name: 'tag' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into draft_tags (account_id, draft_id, tag_id) values (${account}, ${draft.id}, ${tag.id})`.execute(
        db,
      );
      await sql`insert into posts (account_id, tweet_id, kind) values (${account}, '1', 'tweet')`.execute(db);
      await sql`insert into post_metrics (account_id, tweet_id) values (${account}, '1')`.execute(db);
    }
    const count = (account: string) =>
      Promise.all(
        ['drafts', 'draft_revisions', 'tags', 'draft_tags', 'posts', 'post_metrics'].map(
          async (table) =>
            (
              await rows<{ n: number }>(
                store,
                sql`select count(*) as n from ${sql.id(table)} where account_id = ${account}`,
              )
            )[0]?.n,
        ),
      );
    expect(await count(OTHER)).toEqual([1, 1, 1, 1, 1, 1]);

    expect(await purgeAccountRows(store, OTHER)).toBe(6);
    expect(await count(OTHER)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await rows(store, sql`select id from accounts where id = ${OTHER}`)).toEqual([]);
    expect(await count(DEFAULT_ACCOUNT_ID)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
