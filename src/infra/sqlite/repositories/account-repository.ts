// The `accounts` rows behind the config's accounts: a row's id is what every other table's `account_id`
// holds, its label is the account's name in the config. An account finds its row by its name; the seeded
// row (DEFAULT_ACCOUNT_ID) holds the first default account, whatever it is called, so one account's data
// never moves. A further account gets a row of its own the first time the config names it, and keeps it
// (and its data) when it is renamed, made the default (`app accounts default`) or removed from the config,
// until it is purged.
import { randomUUID } from 'node:crypto';
import { type CompiledQuery, sql } from 'kysely';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { accountRowOf } from '../../../core/domain/account-rows.js';
import { AppError } from '../../../core/errors.js';
import type { AccountRecord, AccountRecords } from '../../../core/ports/account-admin.js';
import { nowText } from '../../storage/dialect-sql.js';
import { sqliteAll, sqliteRun } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
import { purgeAccountRows } from '../purge-account.js';

export type AccountRow = AccountRecord;

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

/**
 * Postgres: every change of the rows takes this transaction lock first, so two processes changing accounts
 * at once take turns, as SQLite's immediate transactions make them (the bytes of "acct_row").
 */
const ROWS_LOCK = '7017859431389196151';

/** The labels of a store's rows as this process last read or wrote them (`labelOf` answers from them). */
const labels = new WeakMap<Store, Map<string, string>>();

/** What a transaction of the rows decided from the rows it read: its answer and the statements to run. */
interface Decision<T> {
  result: T;
  writes: CompiledQuery[];
  /** Runs last, before the commit (the config file's edit): when it throws, nothing is written. */
  inside?: () => void;
}

export class AccountRepository implements AccountRecords {
  constructor(private readonly store: Store) {}

  private get now() {
    return nowText(this.store.dialect);
  }

  private readAll() {
    return sql<Row>`select id, label, platform_user_id, status from accounts order by created_at, id`.compile(
      this.store.db,
    );
  }

  private remember(rows: ReadonlyArray<{ id: string; label: string }>): void {
    const cache = labels.get(this.store) ?? new Map<string, string>();
    labels.set(this.store, cache);
    for (const row of rows) cache.set(row.id, row.label);
  }

  /**
   * Reads the rows, decides, writes, in one transaction: on SQLite an immediate one whose statements run
   * synchronously (nothing interleaves), on Postgres one holding ROWS_LOCK. The decision is the same code.
   */
  private async decide<T>(plan: (rows: Row[]) => Decision<T>): Promise<T> {
    const { store } = this;
    const decided =
      store.dialect === 'sqlite'
        ? store.sqlite
            .transaction(() => {
              const decision = plan(sqliteAll(store, this.readAll()));
              for (const write of decision.writes) sqliteRun(store, write);
              decision.inside?.();
              return decision;
            })
            .immediate()
        : await store.db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(${ROWS_LOCK}::bigint)`.execute(trx);
            const decision = plan((await trx.executeQuery(this.readAll())).rows);
            for (const write of decision.writes) await trx.executeQuery(write);
            decision.inside?.();
            return decision;
          });
    await this.list();
    return decided.result;
  }

  async list(): Promise<AccountRow[]> {
    const { rows } = await this.store.db.executeQuery(this.readAll());
    this.remember(rows);
    return rows.map(toAccount);
  }

  /**
   * The ids of the config's accounts, `names[0]` being the default one: each name finds its row by label
   * (made active again if it was removed) or gets a new one; the default account's name, when no row has it
   * (the seeded row's first name, or a default renamed by hand), takes the seeded row unless another of
   * the names has it. One transaction, so two processes starting at once agree on the ids. Rows the config
   * no longer names are left as they are.
   */
  ensure(names: readonly string[]): Promise<Map<string, string>> {
    const [defaultName, ...others] = names;
    return this.decide((rows) => {
      const ids = new Map<string, string>();
      const writes: CompiledQuery[] = [];
      for (const name of defaultName === undefined ? others : [defaultName, ...others]) {
        const found = accountRowOf(rows, name, { defaultName: defaultName ?? '', others });
        if (found === undefined) {
          const id = randomUUID();
          writes.push(this.insert(id, name));
          ids.set(name, id);
        } else {
          if (found.label !== name || found.status !== 'active') writes.push(this.activate(found.id, name));
          ids.set(name, found.id);
        }
      }
      return { result: ids, writes };
    });
  }

  /** The row's label as this process last read or wrote it: the account's name now (renames relabel it). */
  labelOf(id: string): string | undefined {
    return labels.get(this.store)?.get(id);
  }

  claim(name: string, inside: () => void): Promise<{ id: string; existed: boolean }> {
    return this.decide<{ id: string; existed: boolean }>((rows) => {
      const found = rows.find((row) => row.label === name);
      if (found)
        return { result: { id: found.id, existed: true }, writes: [this.reactivate(found.id)], inside };
      const id = randomUUID();
      return { result: { id, existed: false }, writes: [this.insert(id, name)], inside };
    });
  }

  relabel(id: string, name: string, inside: () => void): Promise<void> {
    return this.decide(() => ({
      result: undefined,
      writes: [
        sql`update accounts set label = ${name}, updated_at = ${this.now} where id = ${id}`.compile(
          this.store.db,
        ),
      ],
      inside,
    }));
  }

  disable(id: string, inside: () => void): Promise<void> {
    return this.decide(() => ({
      result: undefined,
      writes: [
        sql`update accounts set status = 'disabled', platform_user_id = null, username = null,
          updated_at = ${this.now} where id = ${id}`.compile(this.store.db),
      ],
      inside,
    }));
  }

  async purge(id: string): Promise<number> {
    if (id === DEFAULT_ACCOUNT_ID) throw new Error('the default account is never purged');
    const deleted = await purgeAccountRows(this.store, id);
    labels.get(this.store)?.delete(id);
    return deleted;
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
  ): Promise<void> {
    return this.decide((rows) => {
      const others = rows.map(toAccount).filter((row) => row.id !== id && row.status === 'active');
      const holder =
        others.find((row) => row.platformUserId === user.id) ??
        others.find((row) => row.platformUserId === null && loggedInAs({ id: row.id }) === user.id);
      if (holder)
        throw new AppError(
          'conflict',
          `@${user.username} is already logged in under the account '${holder.name}'; one platform user belongs to one account (remove that account, or log it in as another user, first)`,
        );
      const { db } = this.store;
      return {
        result: undefined,
        writes: [
          // A disabled row never holds a user (removal forgets it), but an old one might: let it go.
          sql`update accounts set platform_user_id = null where platform_user_id = ${user.id} and id <> ${id}`.compile(
            db,
          ),
          sql`update accounts set platform_user_id = ${user.id}, username = ${user.username},
            updated_at = ${this.now} where id = ${id}`.compile(db),
        ],
      };
    });
  }

  private insert(id: string, name: string) {
    return sql`insert into accounts (id, label) values (${id}, ${name})`.compile(this.store.db);
  }

  private activate(id: string, name: string) {
    return sql`update accounts set label = ${name}, status = 'active', updated_at = ${this.now}
      where id = ${id}`.compile(this.store.db);
  }

  private reactivate(id: string) {
    return sql`update accounts set status = 'active', updated_at = ${this.now} where id = ${id}`.compile(
      this.store.db,
    );
  }
}
