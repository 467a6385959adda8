// The `accounts` rows behind the config's accounts: a row's id is what every other table's `account_id`
// holds, its label is the account's name in the config. The default account is always the seeded row
// (DEFAULT_ACCOUNT_ID), whatever it is called, so one account's data never moves; a further account gets a
// row of its own the first time the config names it, and keeps it (and its data) when it is renamed or
// removed from the config, until it is purged.
import { randomUUID } from 'node:crypto';
import type { Database as Sqlite } from 'better-sqlite3';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { AppDatabase } from '../open-database.js';

export interface AccountRow {
  id: string;
  name: string;
  platformUserId: string | null;
  status: 'active' | 'disabled';
}

interface Row {
  id: string;
  label: string;
  platform_user_id: string | null;
  status: 'active' | 'disabled';
}

const toAccount = (row: Row): AccountRow => ({
  id: row.id,
  name: row.label,
  platformUserId: row.platform_user_id,
  status: row.status,
});

export class AccountRepository {
  private readonly sqlite: Sqlite;

  constructor(database: AppDatabase) {
    this.sqlite = database.sqlite;
  }

  list(): AccountRow[] {
    return (
      this.sqlite
        .prepare('select id, label, platform_user_id, status from accounts order by created_at, id')
        .all() as Row[]
    ).map(toAccount);
  }

  /**
   * The ids of the config's accounts, `names[0]` being the default one: the seeded row takes the default
   * account's name; any other name finds its row by label (made active again if it was removed) or gets a
   * new one. One transaction, so two processes starting at once agree on the ids. Rows the config no longer
   * names are left as they are.
   */
  ensure(names: readonly string[]): Map<string, string> {
    const [defaultName, ...others] = names;
    const ids = new Map<string, string>();
    const run = this.sqlite.transaction(() => {
      if (defaultName !== undefined) {
        this.sqlite
          .prepare(
            `update accounts set label = ?, status = 'active',
               updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             where id = ? and (label <> ? or status <> 'active')`,
          )
          .run(defaultName, DEFAULT_ACCOUNT_ID, defaultName);
        ids.set(defaultName, DEFAULT_ACCOUNT_ID);
      }
      const byLabel = this.sqlite.prepare(
        'select id, status from accounts where label = ? and id <> ? order by created_at, id limit 1',
      );
      for (const name of others) {
        const found = byLabel.get(name, DEFAULT_ACCOUNT_ID) as { id: string; status: string } | undefined;
        if (found) {
          if (found.status !== 'active')
            this.sqlite
              .prepare(
                `update accounts set status = 'active', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                 where id = ?`,
              )
              .run(found.id);
          ids.set(name, found.id);
          continue;
        }
        const id = randomUUID();
        this.sqlite.prepare('insert into accounts (id, label) values (?, ?)').run(id, name);
        ids.set(name, id);
      }
    });
    run.immediate();
    return ids;
  }
}
