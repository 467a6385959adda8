// The account's pacing in the store (`account_pacing`, `paced_actions`): one write transaction reads and
// moves the next allowed instant, so processes sharing the database never take the same slot. On SQLite an
// immediate transaction whose statements run synchronously; on Postgres a transaction holding the account's
// pacing lock (an advisory lock: the account's row may not exist yet), so the rule lives in the database
// whichever store it is.
import { randomUUID } from 'node:crypto';
import { type CompiledQuery, sql } from 'kysely';
import type {
  PacingFigures,
  PacingRequest,
  PacingStore,
  PacingVerdict,
} from '../../../core/ports/pacing-store.js';
import { sqliteAll, sqliteRun } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
import { fromDbTimestamp, toDbTimestamp } from '../timestamps.js';

const QUARTER_HOUR_MS = 15 * 60_000;

/** Postgres: the advisory lock of one account's pacing is this text's 64-bit hash (with the account id). */
const PACING_LOCK = 'account_pacing:';

/** What a reserve decided from the stored next instant: its verdict and the statements to run. */
interface Decision {
  verdict: PacingVerdict;
  writes: CompiledQuery[];
}

export class PacingRepository implements PacingStore {
  constructor(
    private readonly store: Store,
    private readonly accountId: string,
  ) {}

  private readNext(): CompiledQuery<{ next_allowed_at: string }> {
    return sql<{ next_allowed_at: string }>`select next_allowed_at from account_pacing
      where account_id = ${this.accountId}`.compile(this.store.db);
  }

  private decide(row: { next_allowed_at: string } | undefined, request: PacingRequest): Decision {
    const { db } = this.store;
    const stamp = toDbTimestamp(request.now);
    const { accountId } = this;
    // A one-off's subject only names it in the log; a held post's subject keeps its first ask.
    const subject = request.subject ?? `once:${randomUUID()}`;
    const next = row ? fromDbTimestamp(row.next_allowed_at) : undefined;
    if (next && next.getTime() > request.now.getTime()) {
      const ask = sql`insert into paced_actions (account_id, subject, actor, action, asked_at)
        values (${accountId}, ${subject}, ${request.actor}, ${request.action}, ${stamp})
        on conflict (account_id, subject) do nothing`.compile(db);
      return { verdict: { granted: false, nextAllowedAt: next }, writes: request.subject ? [ask] : [] };
    }
    const move = sql`insert into account_pacing (account_id, next_allowed_at, updated_at)
      values (${accountId}, ${toDbTimestamp(new Date(request.now.getTime() + request.gapMs))}, ${stamp})
      on conflict (account_id) do update set next_allowed_at = excluded.next_allowed_at,
        updated_at = excluded.updated_at`.compile(db);
    // Granted: the row of its first ask gets the instant, or (a first ask granted at once) is written with it.
    const grant = sql`insert into paced_actions (account_id, subject, actor, action, asked_at, granted_at)
      values (${accountId}, ${subject}, ${request.actor}, ${request.action}, ${stamp}, ${stamp})
      on conflict (account_id, subject) do update set granted_at = excluded.granted_at
      where paced_actions.granted_at is null`.compile(db);
    return { verdict: { granted: true }, writes: [move, grant] };
  }

  async reserve(request: PacingRequest): Promise<PacingVerdict> {
    const { store } = this;
    if (store.dialect === 'sqlite') {
      return store.sqlite
        .transaction((): PacingVerdict => {
          const decision = this.decide(sqliteAll(store, this.readNext())[0], request);
          for (const write of decision.writes) sqliteRun(store, write);
          return decision.verdict;
        })
        .immediate();
    }
    return store.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${PACING_LOCK + this.accountId}, 0))`.execute(
        trx,
      );
      const decision = this.decide((await trx.executeQuery(this.readNext())).rows[0], request);
      for (const write of decision.writes) await trx.executeQuery(write);
      return decision.verdict;
    });
  }

  async nextAllowedAt(): Promise<Date | undefined> {
    const row = (await this.store.db.executeQuery(this.readNext())).rows[0];
    return row ? fromDbTimestamp(row.next_allowed_at) : undefined;
  }

  async figures(from: Date, to: Date): Promise<PacingFigures> {
    const { rows: found } = await sql<{ asked_at: string; granted_at: string }>`select asked_at, granted_at
      from paced_actions
      where account_id = ${this.accountId} and granted_at >= ${toDbTimestamp(from)}
        and granted_at < ${toDbTimestamp(to)}
      order by granted_at`.execute(this.store.db);
    const rows = found.map((row) => ({
      asked: Date.parse(row.asked_at),
      granted: Date.parse(row.granted_at),
    }));
    let smallest: number | null = null;
    let busiest = 0;
    let longest = 0;
    let windowStart = 0;
    for (const [index, row] of rows.entries()) {
      const previous = rows[index - 1];
      if (previous) {
        const gap = row.granted - previous.granted;
        smallest = smallest === null ? gap : Math.min(smallest, gap);
      }
      while ((rows[windowStart]?.granted ?? row.granted) <= row.granted - QUARTER_HOUR_MS) windowStart++;
      busiest = Math.max(busiest, index - windowStart + 1);
      longest = Math.max(longest, row.granted - row.asked);
    }
    return {
      writes: rows.length,
      smallestGapSeconds: smallest === null ? null : smallest / 1000,
      busiestQuarterHour: busiest,
      longestWaitSeconds: longest / 1000,
    };
  }
}
