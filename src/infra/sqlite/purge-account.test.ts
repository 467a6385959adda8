import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../contracts/account.js';
import { type AppDatabase, openDatabase } from './open-database.js';
import { accountTablesChildrenFirst, purgeAccountRows } from './purge-account.js';

let database: AppDatabase;
beforeEach(() => {
  database = openDatabase({ path: ':memory:' });
});
afterEach(async () => {
  await database.close();
});

const OTHER = '11111111-1111-1111-1111-111111111111';

describe('accountTablesChildrenFirst', () => {
  it('names every table holding an account_id, each before the tables its foreign keys name', () => {
    const { sqlite } = database;
    const order = accountTablesChildrenFirst(sqlite);
    const scoped = (
      sqlite
        .prepare(
          `select m.name from sqlite_master m where m.type = 'table' and m.name <> 'accounts'
           and exists (select 1 from pragma_table_info(m.name) where name = 'account_id')`,
        )
        .all() as Array<{ name: string }>
    ).map((row) => row.name);
    expect([...order].sort()).toEqual([...scoped].sort());
    expect(order).toEqual(expect.arrayContaining(['drafts', 'posts', 'mutation_audit', 'post_metrics']));
    for (const child of order) {
      const parents = sqlite.prepare(`pragma foreign_key_list("${child}")`).all() as Array<{ table: string }>;
      for (const { table } of parents)
        if (table !== child && order.includes(table))
          expect(order.indexOf(child), `${child} before ${table}`).toBeLessThan(order.indexOf(table));
    }
  });
});

describe('purgeAccountRows', () => {
  it('deletes the account’s rows in parent and child tables and its row, and nothing of another account', () => {
    const { sqlite } = database;
    sqlite.prepare('insert into accounts (id, label) values (?, ?)').run(OTHER, 'other');
    for (const account of [DEFAULT_ACCOUNT_ID, OTHER]) {
      const draft = sqlite
        .prepare('insert into drafts (account_id, content) values (?, ?)')
        .run(account, `a draft of ${account}`).lastInsertRowid;
      sqlite
        .prepare(
          `insert into draft_revisions (account_id, draft_id, draft_version, content_type, content, trigger)
           values (?, ?, 1, 'tweet', 'x', 'manual')`,
        )
        .run(account, draft);
      const tag = sqlite
        .prepare('insert into tags (account_id, name) values (?, ?)')
        .run(account, 'tag').lastInsertRowid;
      sqlite
        .prepare('insert into draft_tags (account_id, draft_id, tag_id) values (?, ?, ?)')
        .run(account, draft, tag);
      sqlite.prepare("insert into posts (account_id, tweet_id, kind) values (?, '1', 'tweet')").run(account);
      sqlite.prepare("insert into post_metrics (account_id, tweet_id) values (?, '1')").run(account);
    }
    const count = (account: string) =>
      ['drafts', 'draft_revisions', 'tags', 'draft_tags', 'posts', 'post_metrics'].map(
        (table) =>
          (
            sqlite.prepare(`select count(*) as n from ${table} where account_id = ?`).get(account) as {
              n: number;
            }
          ).n,
      );
    expect(count(OTHER)).toEqual([1, 1, 1, 1, 1, 1]);

    expect(purgeAccountRows(sqlite, OTHER)).toBe(6);
    expect(count(OTHER)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(sqlite.prepare('select id from accounts where id = ?').get(OTHER)).toBeUndefined();
    expect(count(DEFAULT_ACCOUNT_ID)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
