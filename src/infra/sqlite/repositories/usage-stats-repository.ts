// What the platform API and the LLM were used for over a window: calls per endpoint and per UTC day
// (api_usage), tokens and cost per model and per day (llm_usage). Days are the first 10 characters of the
// stored ISO timestamps, so grouping needs no date functions (and reads the same on both stores). Text is
// ordered byte by byte and a missing actor first, as SQLite orders them.
import { sql } from 'kysely';
import type {
  EndpointUsageRow,
  ModelUsageRow,
  PlatformSpend,
  UsageStats,
} from '../../../core/ports/analytics-stores.js';
import { binaryOrder } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

const num = (value: unknown) => Number(value ?? 0);
/** Dollars rounded to a millionth: exact enough for per-call prices, without float noise in sums. */
const usd = (value: unknown) => Math.round(num(value) * 1e6) / 1e6;

/** A failed platform answer, counted as 0 or 1 (Postgres sums no booleans). */
const FAILED_CALL = sql`case when error_code is not null or status_code >= 400 then 1 else 0 end`;

export class UsageStatsRepository implements UsageStats {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  private text(column: string) {
    return binaryOrder(this.database.dialect, sql.ref(column));
  }

  async apiSpend(since: Date, until: Date): Promise<PlatformSpend> {
    const [from, to] = [toDbTimestamp(since), toDbTimestamp(until)];
    const scope = sql`account_id = ${this.accountId} and created_at >= ${from} and created_at < ${to}`;
    const db = this.database.db;
    const [daily, endpoints, actors] = await Promise.all([
      sql<{ date: string; calls: number; cost_usd: number }>`select substr(created_at, 1, 10) as date,
          count(*) as calls, sum(cost_usd) as cost_usd
        from api_usage where ${scope} group by date order by date`.execute(db),
      sql<PlatformSpend['endpoints'][number]>`select method, endpoint, count(*) as calls,
          sum(resources) as resources, sum(charged_resources) as charged_resources, sum(cost_usd) as cost_usd
        from api_usage where ${scope} group by method, endpoint
        order by cost_usd desc, calls desc, ${this.text('endpoint')}, ${this.text('method')}`.execute(db),
      sql<{ actor: string | null; calls: number; cost_usd: number }>`select actor, count(*) as calls,
          sum(cost_usd) as cost_usd
        from api_usage where ${scope} group by actor
        order by cost_usd desc, calls desc, ${this.text('actor')} nulls first`.execute(db),
    ]);
    return {
      daily: daily.rows.map((r) => ({ date: r.date, calls: num(r.calls), cost_usd: usd(r.cost_usd) })),
      endpoints: endpoints.rows.map((r) => ({
        method: r.method,
        endpoint: r.endpoint,
        calls: num(r.calls),
        resources: num(r.resources),
        charged_resources: num(r.charged_resources),
        cost_usd: usd(r.cost_usd),
      })),
      actors: actors.rows.map((r) => ({ actor: r.actor, calls: num(r.calls), cost_usd: usd(r.cost_usd) })),
    };
  }

  async apiByEndpoint(since: Date): Promise<EndpointUsageRow[]> {
    const { rows } = await sql<EndpointUsageRow>`select host, method, endpoint, count(*) as calls,
        sum(${FAILED_CALL}) as errors,
        avg(latency_ms) as avg_latency_ms, sum(cost_usd) as cost_usd
      from api_usage where account_id = ${this.accountId} and created_at >= ${toDbTimestamp(since)}
      group by host, method, endpoint
      order by calls desc, ${this.text('endpoint')}, ${this.text('method')}`.execute(this.database.db);
    return rows.map((r) => ({
      ...r,
      calls: num(r.calls),
      errors: num(r.errors),
      avg_latency_ms: Math.round(num(r.avg_latency_ms)),
      cost_usd: usd(r.cost_usd),
    }));
  }

  async apiByDay(
    since: Date,
  ): Promise<Array<{ date: string; calls: number; errors: number; cost_usd: number }>> {
    const { rows } = await sql<{ date: string; calls: number; errors: number; cost_usd: number }>`select
        substr(created_at, 1, 10) as date, count(*) as calls,
        sum(${FAILED_CALL}) as errors, sum(cost_usd) as cost_usd
      from api_usage where account_id = ${this.accountId} and created_at >= ${toDbTimestamp(since)}
      group by date order by date`.execute(this.database.db);
    return rows.map((r) => ({
      date: r.date,
      calls: num(r.calls),
      errors: num(r.errors),
      cost_usd: usd(r.cost_usd),
    }));
  }

  async llmByModel(since: Date): Promise<ModelUsageRow[]> {
    const { rows } = await sql<ModelUsageRow>`select provider, model, count(*) as calls,
        sum(case when success = 0 then 1 else 0 end) as failures, sum(input_tokens) as input_tokens, sum(output_tokens) as output_tokens,
        sum(cost_usd) as cost_usd
      from llm_usage where account_id = ${this.accountId} and created_at >= ${toDbTimestamp(since)}
      group by provider, model order by cost_usd desc, calls desc`.execute(this.database.db);
    return rows.map((r) => ({
      provider: r.provider,
      model: r.model,
      calls: num(r.calls),
      failures: num(r.failures),
      input_tokens: num(r.input_tokens),
      output_tokens: num(r.output_tokens),
      cost_usd: usd(r.cost_usd),
    }));
  }

  async llmByDay(since: Date): Promise<Array<{ date: string; calls: number; cost_usd: number }>> {
    const { rows } = await sql<{ date: string; calls: number; cost_usd: number }>`select
        substr(created_at, 1, 10) as date, count(*) as calls, sum(cost_usd) as cost_usd
      from llm_usage where account_id = ${this.accountId} and created_at >= ${toDbTimestamp(since)}
      group by date order by date`.execute(this.database.db);
    return rows.map((r) => ({ date: r.date, calls: num(r.calls), cost_usd: usd(r.cost_usd) }));
  }
}
