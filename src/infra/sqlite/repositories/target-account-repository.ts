// Monitored target accounts in SQLite (table target_accounts), as target monitoring stored them.

import type { Statement } from 'better-sqlite3';
import { AppError } from '../../../core/errors.js';
import type { StoredTargetAccount, TargetAccountStore } from '../../../core/ports/discovery-store.js';
import type { AppDatabase } from '../open-database.js';

const STATUSES = ['active', 'paused', 'removed'] as const;

function statusOf(value: string): StoredTargetAccount['status'] {
  const status = STATUSES.find((s) => s === value);
  if (!status) throw new AppError('db_error', `stored target account status '${value}' is not valid`);
  return status;
}

type TargetRow = Omit<StoredTargetAccount, 'status'> & { status: string };

export class TargetAccountRepository implements TargetAccountStore {
  /** Read at every check of a target (the targets loop checks each one every turn): prepared once. */
  private listed: Statement | undefined;

  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
  ) {}

  async list(): Promise<StoredTargetAccount[]> {
    this.listed ??= this.database.sqlite.prepare(
      `select username, user_id, display_name, followers, status, added_at, last_checked_at, last_reply_at,
         total_replies
       from target_accounts where account_id = ? order by username`,
    );
    const rows = this.listed.all(this.accountId) as TargetRow[];
    return rows.map((row) => ({ ...row, status: statusOf(row.status) }));
  }
}
