// Cursors in SQLite (`cursors`, one row per account and key).
import type { Statement } from 'better-sqlite3';
import type { CursorStore } from '../../../core/ports/cursor-store.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

export class CursorRepository implements CursorStore {
  private readonly read: Statement;
  private readonly write: Statement;

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
  ) {
    this.read = database.sqlite.prepare('select value from cursors where account_id = ? and key = ?');
    this.write = database.sqlite.prepare(
      `insert into cursors (account_id, key, value, updated_at) values (?, ?, ?, ?)
       on conflict (account_id, key) do update set value = excluded.value, updated_at = excluded.updated_at`,
    );
  }

  get(key: string): string | undefined {
    return (this.read.get(this.accountId, key) as { value: string } | undefined)?.value;
  }

  set(key: string, value: string, at: Date): void {
    this.write.run(this.accountId, key, value, toDbTimestamp(at));
  }
}
