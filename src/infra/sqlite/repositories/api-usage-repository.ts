// Platform call accounting (api_usage): one row per request, and the monthly per-endpoint view a budget
// page shows. The insert is synchronous and prepared once: it runs on every platform call.
import type { Statement } from 'better-sqlite3';
import type { ApiCall, ApiUsageRecorder } from '../../../core/ports/api-usage.js';
import type { Clock } from '../../../core/ports/clock.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';

export interface EndpointUsage {
  host: string;
  method: string;
  endpoint: string;
  calls: number;
  errors: number;
  avgLatencyMs: number;
}

export class ApiUsageRepository implements ApiUsageRecorder {
  private readonly insert: Statement;

  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
    private readonly clock: Clock,
  ) {
    this.insert = database.sqlite.prepare(
      `insert into api_usage (account_id, host, method, endpoint, status_code, latency_ms, error_code, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  record(call: ApiCall): void {
    this.insert.run(
      this.accountId,
      call.host,
      call.method,
      call.endpoint,
      call.status,
      call.latencyMs,
      call.errorCode ?? null,
      toDbTimestamp(this.clock.now()),
    );
  }

  /** Calls per endpoint in the calendar month (UTC) that contains `month`, busiest first. */
  async monthlyUsage(month: Date): Promise<EndpointUsage[]> {
    const start = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1));
    const end = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    const rows = await this.database.db
      .selectFrom('api_usage')
      .select(({ fn }) => [
        'host',
        'method',
        'endpoint',
        fn.countAll<number>().as('calls'),
        fn
          .sum<number>(this.database.db.case().when('error_code', 'is not', null).then(1).else(0).end())
          .as('errors'),
        fn.avg<number>('latency_ms').as('avg_latency'),
      ])
      .where('account_id', '=', this.accountId)
      .where('created_at', '>=', toDbTimestamp(start))
      .where('created_at', '<', toDbTimestamp(end))
      .groupBy(['host', 'method', 'endpoint'])
      .orderBy('calls', 'desc')
      .execute();
    return rows.map((row) => ({
      host: row.host,
      method: row.method,
      endpoint: row.endpoint,
      calls: Number(row.calls),
      errors: Number(row.errors),
      avgLatencyMs: Math.round(Number(row.avg_latency ?? 0)),
    }));
  }
}
