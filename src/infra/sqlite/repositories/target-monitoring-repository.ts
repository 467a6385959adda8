// Target monitoring's writes to target_accounts (profile, checks, replies) and its count of one loop's
// committed replies across posts, posting_jobs and approval_queue.
import { sql } from 'kysely';
import type { Actor } from '../../../contracts/actor.js';
import type { StoredTargetAccount } from '../../../core/ports/discovery-store.js';
import type { TargetMonitoringStore, TargetProfile } from '../../../core/ports/target-monitoring-store.js';
import { nocaseEquals } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';
import { TargetAccountRepository } from './target-account-repository.js';

export class TargetMonitoringRepository implements TargetMonitoringStore {
  private readonly targets: TargetAccountRepository;

  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {
    this.targets = new TargetAccountRepository(database, accountId);
  }

  private get db() {
    return this.database.db;
  }

  async get(username: string): Promise<StoredTargetAccount | undefined> {
    // Handles are case-insensitive: the list holds one row per handle whatever its case.
    const wanted = username.toLowerCase();
    return (await this.targets.list()).find((row) => row.username.toLowerCase() === wanted);
  }

  /** The row of `username` whatever its case (SQLite's column is NOCASE; Postgres' index is on lower()). */
  private isTarget(username: string) {
    return nocaseEquals(this.database.dialect, sql.ref('username'), username);
  }

  /** A new target's row, or fresh profile fields on the row of its handle in any case (which keeps its case). */
  async saveProfile(username: string, profile: TargetProfile, at: Date): Promise<void> {
    const { dialect } = this.database;
    await this.db
      .insertInto('target_accounts')
      .values({
        account_id: this.accountId,
        username,
        user_id: profile.user_id,
        display_name: profile.display_name,
        followers: profile.followers,
        added_at: toDbTimestamp(at),
      })
      .onConflict((oc) =>
        (dialect === 'sqlite'
          ? oc.columns(['account_id', 'username'])
          : oc.expression(sql`account_id, lower(username)`)
        ).doUpdateSet({
          user_id: profile.user_id,
          display_name: profile.display_name,
          followers: profile.followers,
        }),
      )
      .execute();
  }

  async forgetUser(username: string): Promise<void> {
    await this.update(username, { user_id: null });
  }

  async markChecked(username: string, at: Date): Promise<void> {
    await this.update(username, { last_checked_at: toDbTimestamp(at) });
  }

  async recordReply(username: string, at: Date): Promise<void> {
    await this.db
      .updateTable('target_accounts')
      .set((eb) => ({ last_reply_at: toDbTimestamp(at), total_replies: eb('total_replies', '+', 1) }))
      .where('account_id', '=', this.accountId)
      .where(this.isTarget(username))
      .execute();
  }

  async countReplies(actor: Actor, since: Date): Promise<number> {
    const from = toDbTimestamp(since);
    // A reply is a post once out, a job while on its way (jobs of approval items are counted through
    // the item), and an approval item while waiting for review or being posted.
    const { rows } = await sql<{ n: number }>`select
        (select count(*) from posts where account_id = ${this.accountId} and actor = ${actor}
          and kind = 'reply' and posted_at >= ${from})
      + (select count(*) from posting_jobs where account_id = ${this.accountId} and actor = ${actor}
          and kind = 'reply' and approval_id is null and status in ('queued', 'in_progress')
          and created_at >= ${from})
      + (select count(*) from approval_queue where account_id = ${this.accountId} and actor = ${actor}
          and action_type = 'reply' and status in ('pending', 'approved', 'posting')
          and created_at >= ${from}) as n`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  private async update(
    username: string,
    changes: { user_id?: null; last_checked_at?: string },
  ): Promise<void> {
    await this.db
      .updateTable('target_accounts')
      .set(changes)
      .where('account_id', '=', this.accountId)
      .where(this.isTarget(username))
      .execute();
  }
}
