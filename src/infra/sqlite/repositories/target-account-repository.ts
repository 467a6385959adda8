// Monitored target accounts (table target_accounts, on either store), as target monitoring stored them.
// Handles are case-insensitive on the platform: one row per handle whatever its case, listed ignoring case.

import { sql } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { StoredTargetAccount, TargetAccountStore } from '../../../core/ports/discovery-store.js';
import { nocaseOrder } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';

const STATUSES = ['active', 'paused', 'removed'] as const;

function statusOf(value: string): StoredTargetAccount['status'] {
  const status = STATUSES.find((s) => s === value);
  if (!status) throw new AppError('db_error', `stored target account status '${value}' is not valid`);
  return status;
}

export class TargetAccountRepository implements TargetAccountStore {
  constructor(
    private readonly database: Store,
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
      .orderBy(nocaseOrder(this.database.dialect, sql.ref('username')))
      .execute();
    return rows.map((row) => ({ ...row, status: statusOf(row.status) }));
  }
}
