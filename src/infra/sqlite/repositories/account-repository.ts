// The `accounts` rows behind the config's accounts: a row's id is what every other table's `account_id`
// holds, its label is the account's name in the config. An account finds its row by its name; the seeded
// row (DEFAULT_ACCOUNT_ID) holds the first default account, whatever it is called, so one account's data
// never moves. A further account gets a row of its own the first time the config names it, and keeps it
// (and its data) when it is renamed, made the default (`app accounts default`) or removed from the config,
// until it is purged.
import { randomUUID } from 'node:crypto';
import type { Database as Sqlite } from 'better-sqlite3';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { accountRowOf } from '../../../core/domain/account-rows.js';
import { AppError } from '../../../core/errors.js';
import type { AccountRecord, AccountRecords } from '../../../core/ports/account-admin.js';
import type { AppDatabase } from '../open-database.js';
import { purgeAccountRows } from '../purge-account.js';

export type AccountRow = AccountRecord;

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

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

export class AccountRepository implements AccountRecords {
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
   * The ids of the config's accounts, `names[0]` being the default one: each name finds its row by label
   * (made active again if it was removed) or gets a new one; the default account's name, when no row has it
   * (the seeded row's first name, or a default renamed by hand), takes the seeded row unless another of
   * the names has it. One transaction, so two processes starting at once agree on the ids. Rows the config
   * no longer names are left as they are.
   */
  ensure(names: readonly string[]): Map<string, string> {
    const [defaultName, ...others] = names;
    const ids = new Map<string, string>();
    const run = this.sqlite.transaction(() => {
      const rows = this.sqlite
        .prepare('select id, label from accounts order by created_at, id')
        .all() as Array<{
        id: string;
        label: string;
      }>;
      const activate = this.sqlite.prepare(
        `update accounts set label = ?, status = 'active', updated_at = ${NOW}
         where id = ? and (label <> ? or status <> 'active')`,
      );
      const insert = this.sqlite.prepare('insert into accounts (id, label) values (?, ?)');
      for (const name of defaultName === undefined ? others : [defaultName, ...others]) {
        let id = accountRowOf(rows, name, { defaultName: defaultName ?? '', others })?.id;
        if (id === undefined) {
          id = randomUUID();
          insert.run(id, name);
        } else activate.run(name, id, name);
        ids.set(name, id);
      }
    });
    run.immediate();
    return ids;
  }

  /** The row's label now: the account's current name (renames relabel it in the same step). */
  labelOf(id: string): string | undefined {
    return (
      this.sqlite.prepare('select label from accounts where id = ?').get(id) as { label: string } | undefined
    )?.label;
  }

  transaction<T>(work: () => T): T {
    return this.sqlite.transaction(work).immediate();
  }

  claim(name: string): { id: string; existed: boolean } {
    return this.transaction(() => {
      const found = this.sqlite
        .prepare('select id from accounts where label = ? order by created_at, id limit 1')
        .get(name) as { id: string } | undefined;
      if (found) {
        this.sqlite
          .prepare(`update accounts set status = 'active', updated_at = ${NOW} where id = ?`)
          .run(found.id);
        return { id: found.id, existed: true };
      }
      const id = randomUUID();
      this.sqlite.prepare('insert into accounts (id, label) values (?, ?)').run(id, name);
      return { id, existed: false };
    });
  }

  relabel(id: string, name: string): void {
    this.sqlite.prepare(`update accounts set label = ?, updated_at = ${NOW} where id = ?`).run(name, id);
  }

  disable(id: string): void {
    this.sqlite
      .prepare(
        `update accounts set status = 'disabled', platform_user_id = null, username = null, updated_at = ${NOW}
         where id = ?`,
      )
      .run(id);
  }

  purge(id: string): number {
    if (id === DEFAULT_ACCOUNT_ID) throw new Error('the default account is never purged');
    return purgeAccountRows(this.sqlite, id);
  }

  /**
   * Records that account `id` is logged in as the platform user `userId`, unless another account is: then
   * conflict naming that account (its row, or its saved login as `loggedInAs` reads it for rows from before
   * the platform user was recorded). One platform user belongs to one account (a unique index holds it).
   */
  claimPlatformUser(
    id: string,
    user: { id: string; username: string },
    loggedInAs: (account: { id: string }) => string | undefined,
  ): void {
    this.transaction(() => {
      const others = this.list().filter((row) => row.id !== id && row.status === 'active');
      const holder =
        others.find((row) => row.platformUserId === user.id) ??
        others.find((row) => row.platformUserId === null && loggedInAs({ id: row.id }) === user.id);
      if (holder)
        throw new AppError(
          'conflict',
          `@${user.username} is already logged in under the account '${holder.name}'; one platform user belongs to one account (remove that account, or log it in as another user, first)`,
        );
      // A disabled row never holds a user (removal forgets it), but an old one might: let it go.
      this.sqlite
        .prepare(`update accounts set platform_user_id = null where platform_user_id = ? and id <> ?`)
        .run(user.id, id);
      this.sqlite
        .prepare(`update accounts set platform_user_id = ?, username = ?, updated_at = ${NOW} where id = ?`)
        .run(user.id, user.username, id);
    });
  }
}
