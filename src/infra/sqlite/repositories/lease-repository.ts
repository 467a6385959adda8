// Account locks as leases in `app_state` (key `lease:<name>`), on both stores: taking one is a single
// conditional upsert (it wins only when no live lease is there), so it holds across processes and machines;
// a lease whose holder died without a word runs out after LEASE_MS and the next asker takes it over.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { AccountLock } from '../../../core/ports/account-lock.js';
import type { Clock } from '../../../core/ports/clock.js';
import type { Store } from '../../storage/store.js';

/** Longer than any work a lock guards (a few queries), short enough that a crash frees it soon. */
const LEASE_MS = 10_000;
/** How long an asker waits for a held lock before giving up with a conflict (less than a lease: a live holder is never overtaken by a waiter). */
const WAIT_MS = 5_000;
const POLL_MS = 20;

export class LeaseRepository implements AccountLock {
  constructor(
    private readonly store: Store,
    private readonly accountId: string,
    private readonly clock: Clock,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  private async take(key: string, holder: string): Promise<boolean> {
    const now = this.clock.now();
    const { rows } = await sql<{ value: string }>`insert into app_state (account_id, key, value, updated_at)
      values (${this.accountId}, ${key}, ${holder}, ${now.toISOString()})
      on conflict (account_id, key) do update set value = excluded.value, updated_at = excluded.updated_at
        where app_state.updated_at < ${new Date(now.getTime() - LEASE_MS).toISOString()}
      returning value`.execute(this.store.db);
    return rows[0]?.value === holder;
  }

  async exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    const key = `lease:${name}`;
    const holder = randomUUID();
    const giveUpAt = this.clock.now().getTime() + WAIT_MS;
    while (!(await this.take(key, holder))) {
      if (this.clock.now().getTime() > giveUpAt)
        throw new AppError('conflict', `${name} is busy in another request; try again`, { retryable: true });
      await this.sleep(POLL_MS);
    }
    try {
      return await work();
    } finally {
      await sql`delete from app_state where account_id = ${this.accountId} and key = ${key}
        and value = ${holder}`.execute(this.store.db);
    }
  }
}
