// The service's loop status in app_state (one JSON row per account), for processes that do not run them.
import { z } from 'zod';
import { LoopStatusSchema } from '../../../contracts/runtime-status.js';
import type { LoopBoard, LoopBoardSnapshot } from '../../../core/ports/loop-board.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

const KEY = 'runtime:loops';

const StoredSchema = z.object({
  pid: z.number().int(),
  published_at: z.string(),
  stopped: z.boolean(),
  loops: z.array(LoopStatusSchema),
});
type Stored = z.infer<typeof StoredSchema>;

export class LoopBoardRepository implements LoopBoard {
  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
  ) {}

  publish(snapshot: LoopBoardSnapshot): void {
    const value: Stored = {
      pid: snapshot.pid,
      published_at: snapshot.publishedAt.toISOString(),
      stopped: snapshot.stopped,
      loops: snapshot.loops,
    };
    this.database.sqlite
      .prepare(
        `insert into app_state (account_id, key, value, updated_at) values (?, ?, ?, ?)
         on conflict (account_id, key) do update set value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(this.accountId, KEY, JSON.stringify(value), toDbTimestamp(snapshot.publishedAt));
  }

  read(): LoopBoardSnapshot | undefined {
    const row = this.database.sqlite
      .prepare('select value from app_state where account_id = ? and key = ?')
      .get(this.accountId, KEY) as { value: string } | undefined;
    if (!row) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(row.value);
    } catch {
      return undefined;
    }
    // A row another version wrote in a shape this one cannot read says nothing reliable.
    const stored = StoredSchema.safeParse(json);
    if (!stored.success) return undefined;
    return {
      pid: stored.data.pid,
      publishedAt: new Date(stored.data.published_at),
      stopped: stored.data.stopped,
      loops: stored.data.loops,
    };
  }
}
