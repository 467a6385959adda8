// Target monitoring's writes to target_accounts (profile, checks, replies) and its count of one loop's
// committed replies across posts, posting_jobs and approval_queue.
import type { Statement } from 'better-sqlite3';
import { sql } from 'kysely';
import type { Actor } from '../../../contracts/actor.js';
import type { StoredTargetAccount } from '../../../core/ports/discovery-store.js';
import type { TargetMonitoringStore, TargetProfile } from '../../../core/ports/target-monitoring-store.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';
import { TargetAccountRepository } from './target-account-repository.js';

export class TargetMonitoringRepository implements TargetMonitoringStore {
  private readonly targets: TargetAccountRepository;
  private checked: Statement | undefined;

  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
  ) {
    this.targets = new TargetAccountRepository(database, accountId);
  }

  private get db() {
    return this.database.db;
  }

  async get(username: string): Promise<StoredTargetAccount | undefined> {
    // The column is COLLATE NOCASE: the list holds one row per handle whatever its case.
    const wanted = username.toLowerCase();
    return (await this.targets.list()).find((row) => row.username.toLowerCase() === wanted);
  }

  async saveProfile(username: string, profile: TargetProfile, at: Date): Promise<void> {
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
        oc.columns(['account_id', 'username']).doUpdateSet({
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
    // After every read of a target: prepared once.
    this.checked ??= this.database.sqlite.prepare(
      'update target_accounts set last_checked_at = ? where account_id = ? and username = ?',
    );
    this.checked.run(toDbTimestamp(at), this.accountId, username);
  }

  async recordReply(username: string, at: Date): Promise<void> {
    await this.db
      .updateTable('target_accounts')
      .set((eb) => ({ last_reply_at: toDbTimestamp(at), total_replies: eb('total_replies', '+', 1) }))
      .where('account_id', '=', this.accountId)
      .where('username', '=', username)
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
      .where('username', '=', username)
      .execute();
  }
}
