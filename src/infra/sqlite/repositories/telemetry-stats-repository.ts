// Tool-call telemetry over a window (mcp_telemetry): per-tool counts, every call's latency for the
// percentiles, failures by error code, and policy decisions (either store). Reads only; TelemetryRepository
// writes. A failure's code is grouped as stored (NULL apart from a stored 'unknown'), as both stores group by
// the column rather than the alias.
import { type RawBuilder, sql } from 'kysely';
import type { TelemetryStats, ToolCallAggregate } from '../../../core/ports/analytics-stores.js';
import { binaryOrder } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

const num = (value: unknown) => Number(value ?? 0);
const TOOL = sql.ref('tool_name');

export class TelemetryStatsRepository implements TelemetryStats {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  /** Tool names (and codes) ordered byte by byte on both stores. */
  private binary(expr: RawBuilder<unknown>) {
    return binaryOrder(this.database.dialect, expr);
  }

  async toolAggregates(since: Date): Promise<ToolCallAggregate[]> {
    // A tool's category is fixed by its declaration; max() just picks the one value there is.
    const { rows } = await sql<ToolCallAggregate>`select tool_name, max(category) as category,
        count(*) as total_calls, sum(success) as success_count
      from mcp_telemetry where account_id = ${this.accountId} and created_at >= ${toDbTimestamp(since)}
      group by tool_name order by total_calls desc, ${this.binary(TOOL)}`.execute(this.database.db);
    return rows.map((r) => ({ ...r, total_calls: num(r.total_calls), success_count: num(r.success_count) }));
  }

  async latencies(since: Date): Promise<Map<string, number[]>> {
    const rows = await this.database.db
      .selectFrom('mcp_telemetry')
      .select(['tool_name', 'latency_ms'])
      .where('account_id', '=', this.accountId)
      .where('created_at', '>=', toDbTimestamp(since))
      .orderBy(this.binary(TOOL))
      .orderBy('latency_ms')
      .execute();
    const byTool = new Map<string, number[]>();
    for (const row of rows) {
      const list = byTool.get(row.tool_name);
      if (list) list.push(row.latency_ms);
      else byTool.set(row.tool_name, [row.latency_ms]);
    }
    return byTool;
  }

  async errors(
    since: Date,
  ): Promise<Array<{ tool_name: string; error_code: string; count: number; latest_at: string }>> {
    const { rows } = await sql<{
      tool_name: string;
      error_code: string;
      count: number;
      latest_at: string;
    }>`select
        tool_name, coalesce(error_code, 'unknown') as error_code, count(*) as count, max(created_at) as latest_at
      from mcp_telemetry
      where account_id = ${this.accountId} and created_at >= ${toDbTimestamp(since)} and success = 0
      group by tool_name, error_code order by count desc, latest_at desc, ${this.binary(TOOL)}`.execute(
      this.database.db,
    );
    return rows.map((r) => ({ ...r, count: num(r.count) }));
  }

  async policyDecisions(
    since: Date,
  ): Promise<Array<{ tool_name: string; policy_decision: string; count: number }>> {
    const { rows } = await sql<{ tool_name: string; policy_decision: string; count: number }>`select
        tool_name, policy_decision, count(*) as count from mcp_telemetry
      where account_id = ${this.accountId} and created_at >= ${toDbTimestamp(since)}
        and policy_decision is not null
      group by tool_name, policy_decision
      order by ${this.binary(TOOL)}, ${this.binary(sql.ref('policy_decision'))}`.execute(this.database.db);
    return rows.map((r) => ({ ...r, count: num(r.count) }));
  }
}
