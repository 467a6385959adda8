// Monitored target accounts in SQLite (table target_accounts), as target monitoring stored them.

import { AppError } from '../../../core/errors.js';
import type { StoredTargetAccount, TargetAccountStore } from '../../../core/ports/discovery-store.js';
import type { AppDatabase } from '../open-database.js';

const STATUSES = ['active', 'paused', 'removed'] as const;

function statusOf(value: string): StoredTargetAccount['status'] {
  const status = STATUSES.find((s) => s === value);
  if (!status) throw new AppError('db_error', `stored target account status '${value}' is not valid`);
  return status;
}

export class TargetAccountRepository implements TargetAccountStore {
  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
  ) {}

  async list(): Promise<StoredTargetAccount[]> {
    const rows = await this.database.db
      .selectFrom('target_accounts')
      .select([
        'username',
        'user_id',
        'display_name',
        'followers',
        'status',
        'added_at',
        'last_checked_at',
        'last_reply_at',
        'total_replies',
      ])
      .where('account_id', '=', this.accountId)
      .orderBy('username')
      .execute();
    return rows.map((row) => ({ ...row, status: statusOf(row.status) }));
  }
}
