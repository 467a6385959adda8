// Platform call accounting (api_usage): one row per request with its cost on the platform's bill, and the
// monthly per-endpoint view a budget page shows. A read's resources are charged once per UTC day
// (api_charged_resources), a reply to a post the mentions read returned is a summoned reply (api_mentions);
// the ledger and the row are written in one transaction. Synchronous and prepared once: it runs on every call.
import type { Statement, Transaction } from 'better-sqlite3';
import { APRIL_2026_PRICES, type ApiPrices } from '../../../contracts/config/api-prices.js';
import {
  callCost,
  isReadKind,
  type PlatformCharge,
  utcDay,
  withSummons,
} from '../../../core/domain/platform-prices.js';
import type { ActorScope } from '../../../core/ports/actor-scope.js';
import type { ApiCall, ApiSpendLedger, ApiUsageRecorder } from '../../../core/ports/api-usage.js';
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

export interface ApiUsageOptions {
  /** The live price table (`[api_prices]`); default the April 2026 prices. */
  prices?: () => Readonly<ApiPrices>;
  /** Who is running the call (loop or face), recorded as the row's actor. */
  actors?: ActorScope;
}

export class ApiUsageRepository implements ApiUsageRecorder, ApiSpendLedger {
  private readonly insert: Statement;
  private readonly spend: Statement;
  private readonly charge: Statement;
  private readonly mention: Statement;
  private readonly mentioned: Statement;
  private readonly recordPriced: Transaction<(call: ApiCall, charge: PlatformCharge) => void>;

  constructor(
    private readonly database: AppDatabase,
    private readonly accountId: string,
    private readonly clock: Clock,
    private readonly options: ApiUsageOptions = {},
  ) {
    const sqlite = database.sqlite;
    this.insert = sqlite.prepare(
      `insert into api_usage (account_id, host, method, endpoint, status_code, latency_ms, error_code, created_at,
         actor, price_kind, resources, charged_resources, cost_usd)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.charge = sqlite.prepare(
      `insert or ignore into api_charged_resources (account_id, day, resource, resource_id) values (?, ?, ?, ?)`,
    );
    this.mention = sqlite.prepare(
      `insert or ignore into api_mentions (account_id, post_id, seen_at) values (?, ?, ?)`,
    );
    this.mentioned = sqlite.prepare(`select 1 from api_mentions where account_id = ? and post_id = ?`);
    // A range of the primary key: each ask reads only the rows recorded since the last one.
    this.spend = sqlite.prepare(
      `select actor, sum(case when created_at >= ? then cost_usd else 0 end) as cost, max(id) as last
       from api_usage where id > ? and account_id = ? group by actor`,
    );
    this.recordPriced = sqlite.transaction((call: ApiCall, charge: PlatformCharge) => {
      const now = this.clock.now();
      let charged = 0;
      if (isReadKind(charge.kind) && charge.resource) {
        const day = utcDay(now);
        for (const id of charge.resourceIds) {
          charged += this.charge.run(this.accountId, day, charge.resource, id).changes;
        }
      }
      if (charge.mentions) {
        for (const id of charge.resourceIds) this.mention.run(this.accountId, id, toDbTimestamp(now));
      }
      const summoned = charge.inReplyTo ? this.mentioned.get(this.accountId, charge.inReplyTo) : undefined;
      const priced = withSummons(charge, summoned !== undefined);
      const prices = this.options.prices?.() ?? APRIL_2026_PRICES;
      this.write(
        call,
        now,
        priced.kind,
        charge.resourceIds.length,
        charged,
        callCost(prices, priced.kind, charged),
      );
    });
  }

  record(call: ApiCall): void {
    if (call.charge) this.recordPriced(call, call.charge);
    else this.write(call, this.clock.now(), null, 0, 0, 0);
  }

  private write(
    call: ApiCall,
    now: Date,
    kind: string | null,
    resources: number,
    charged: number,
    cost: number,
  ): void {
    this.insert.run(
      this.accountId,
      call.host,
      call.method,
      call.endpoint,
      call.status,
      call.latencyMs,
      call.errorCode ?? null,
      toDbTimestamp(now),
      this.options.actors?.current() ?? null,
      kind,
      resources,
      charged,
      cost,
    );
  }

  spendAfter(afterId: number, since: Date): ReturnType<ApiSpendLedger['spendAfter']> {
    const rows = this.spend.all(toDbTimestamp(since), afterId, this.accountId) as Array<{
      actor: string | null;
      cost: number;
      last: number;
    }>;
    return {
      lastId: rows.reduce((last, row) => Math.max(last, row.last), afterId),
      byActor: rows.map((row) => ({ actor: row.actor, costUsd: row.cost })),
    };
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
