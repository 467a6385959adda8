// The account's pacing in SQLite (`account_pacing`, `paced_actions`): one immediate write transaction reads
// and moves the next allowed instant, so processes sharing the database never take the same slot.
import { randomUUID } from 'node:crypto';
import type { Database as Sqlite, Statement } from 'better-sqlite3';
import type {
  PacingFigures,
  PacingRequest,
  PacingStore,
  PacingVerdict,
} from '../../../core/ports/pacing-store.js';
import type { AppDatabase } from '../open-database.js';
import { fromDbTimestamp, toDbTimestamp } from '../timestamps.js';

const QUARTER_HOUR_MS = 15 * 60_000;

export class PacingRepository implements PacingStore {
  private readonly sqlite: Sqlite;
  private readonly next: Statement;
  private readonly move: Statement;
  private readonly ask: Statement;
  private readonly grant: Statement;
  private readonly granted: Statement;

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
  ) {
    this.sqlite = database.sqlite;
    this.next = this.sqlite.prepare('select next_allowed_at from account_pacing where account_id = ?');
    this.move = this.sqlite.prepare(
      `insert into account_pacing (account_id, next_allowed_at, updated_at) values (?, ?, ?)
       on conflict (account_id) do update set next_allowed_at = excluded.next_allowed_at,
         updated_at = excluded.updated_at`,
    );
    this.ask = this.sqlite.prepare(
      `insert into paced_actions (account_id, subject, actor, action, asked_at) values (?, ?, ?, ?, ?)
       on conflict (account_id, subject) do nothing`,
    );
    // Granted: the row of its first ask gets the instant, or (a first ask granted at once) is written with it.
    this.grant = this.sqlite.prepare(
      `insert into paced_actions (account_id, subject, actor, action, asked_at, granted_at) values (?, ?, ?, ?, ?, ?)
       on conflict (account_id, subject) do update set granted_at = excluded.granted_at where granted_at is null`,
    );
    this.granted = this.sqlite.prepare(
      `select asked_at, granted_at from paced_actions
       where account_id = ? and granted_at >= ? and granted_at < ? order by granted_at`,
    );
  }

  private stored(): Date | undefined {
    const row = this.next.get(this.accountId) as { next_allowed_at: string } | undefined;
    return row ? fromDbTimestamp(row.next_allowed_at) : undefined;
  }

  async reserve(request: PacingRequest): Promise<PacingVerdict> {
    const stamp = toDbTimestamp(request.now);
    // A one-off's subject only names it in the log; a held post's subject keeps its first ask.
    const subject = request.subject ?? `once:${randomUUID()}`;
    return this.sqlite
      .transaction((): PacingVerdict => {
        const next = this.stored();
        if (next && next.getTime() > request.now.getTime()) {
          if (request.subject) this.ask.run(this.accountId, subject, request.actor, request.action, stamp);
          return { granted: false, nextAllowedAt: next };
        }
        this.move.run(this.accountId, toDbTimestamp(new Date(request.now.getTime() + request.gapMs)), stamp);
        this.grant.run(this.accountId, subject, request.actor, request.action, stamp, stamp);
        return { granted: true };
      })
      .immediate();
  }

  async nextAllowedAt(): Promise<Date | undefined> {
    return this.stored();
  }

  async figures(from: Date, to: Date): Promise<PacingFigures> {
    const rows = (
      this.granted.all(this.accountId, toDbTimestamp(from), toDbTimestamp(to)) as Array<{
        asked_at: string;
        granted_at: string;
      }>
    ).map((row) => ({ asked: Date.parse(row.asked_at), granted: Date.parse(row.granted_at) }));
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
