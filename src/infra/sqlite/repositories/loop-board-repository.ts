// The service's loop status in app_state (one JSON row per account), for processes that do not run them.
import { z } from 'zod';
import { LoopStatusSchema } from '../../../contracts/runtime-status.js';
import type { LoopBoard, LoopBoardSnapshot } from '../../../core/ports/loop-board.js';
import type { Store } from '../../storage/store.js';
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
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async publish(snapshot: LoopBoardSnapshot): Promise<void> {
    const value: Stored = {
      pid: snapshot.pid,
      published_at: snapshot.publishedAt.toISOString(),
      stopped: snapshot.stopped,
      loops: snapshot.loops,
    };
    const row = {
      account_id: this.accountId,
      key: KEY,
      value: JSON.stringify(value),
      updated_at: toDbTimestamp(snapshot.publishedAt),
    };
    await this.database.db
      .insertInto('app_state')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['account_id', 'key']).doUpdateSet({ value: row.value, updated_at: row.updated_at }),
      )
      .execute();
  }

  async read(): Promise<LoopBoardSnapshot | undefined> {
    const row = await this.database.db
      .selectFrom('app_state')
      .select('value')
      .where('account_id', '=', this.accountId)
      .where('key', '=', KEY)
      .executeTakeFirst();
    if (!row || row.value === null) return undefined;
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
