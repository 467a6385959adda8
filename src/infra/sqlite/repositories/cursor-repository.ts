// Cursors (`cursors`, one row per account and key), on either store.
import type { CursorStore } from '../../../core/ports/cursor-store.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

export class CursorRepository implements CursorStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.database.db
      .selectFrom('cursors')
      .select('value')
      .where('account_id', '=', this.accountId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string, at: Date): Promise<void> {
    const updated_at = toDbTimestamp(at);
    await this.database.db
      .insertInto('cursors')
      .values({ account_id: this.accountId, key, value, updated_at })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value, updated_at }))
      .execute();
  }
}
