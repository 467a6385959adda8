// Platform call accounting (api_usage): one row per request with its cost on the platform's bill, and the
// monthly per-endpoint view a budget page shows. A read's resources are charged once per UTC day
// (api_charged_resources), a reply to a post the mentions read returned is a summoned reply (api_mentions);
// the ledger and the row are written in one transaction: on SQLite one whose statements run synchronously
// (nothing of this process interleaves), on Postgres a Kysely transaction (a resource another process is
// charging at once waits on its key, then counts as charged).
import { type CompiledQuery, sql } from 'kysely';
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
import { sqliteExecute } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
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

/** One statement of a priced record: a step before the row (a resource, a mention, a summons check) or the row. */
interface PricedStep {
  query: CompiledQuery;
  row: boolean;
}

const mark = (query: CompiledQuery): PricedStep => ({ query, row: false });

/** What a statement of a priced record answered: its rows and how many rows it changed. */
interface StepResult {
  rows: unknown[];
  changes: number;
}

export class ApiUsageRepository implements ApiUsageRecorder, ApiSpendLedger {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
    private readonly clock: Clock,
    private readonly options: ApiUsageOptions = {},
  ) {}

  async record(call: ApiCall): Promise<void> {
    const { database } = this;
    const { charge } = call;
    // When and for whom, as the call is recorded (not as a transaction gets to it).
    const now = this.clock.now();
    const actor = this.options.actors?.current() ?? null;
    if (!charge) {
      await database.db.executeQuery(this.write(call, now, actor, null, 0, 0, 0));
      return;
    }
    if (database.dialect === 'sqlite') {
      database.sqlite.transaction(() => {
        const steps = this.pricedSteps(call, charge, now, actor);
        for (let step = steps.next(); !step.done; )
          step = steps.next(sqliteExecute(database, step.value.query));
      })();
      return;
    }
    const steps = this.pricedSteps(call, charge, now, actor);
    const first = steps.next();
    if (first.done) return;
    // A charge that is only its row (a post, most writes) needs no transaction: one statement, not three.
    if (first.value.row) {
      await database.db.executeQuery(first.value.query);
      return;
    }
    await database.db.transaction().execute(async (trx) => {
      for (let step: IteratorResult<PricedStep, void> = first; !step.done; ) {
        const result = await trx.executeQuery(step.value.query);
        step = steps.next({ rows: result.rows, changes: Number(result.numAffectedRows ?? 0) });
      }
    });
  }

  /**
   * The statements of a priced record, in order: each is yielded and answered with its rows and changes,
   * so the same decisions run on both stores (synchronously on SQLite, awaited on Postgres). The last is
   * the row itself (`row: true`); a charge whose first statement is its row needs no transaction.
   */
  private *pricedSteps(
    call: ApiCall,
    charge: PlatformCharge,
    now: Date,
    actor: string | null,
  ): Generator<PricedStep, void, StepResult> {
    const { db } = this.database;
    // In one order, so two processes charging the same resources at once wait for each other instead of
    // each holding a key the other needs (Postgres would end one of them as a deadlock).
    const ids = [...charge.resourceIds].sort();
    let charged = 0;
    if (isReadKind(charge.kind) && charge.resource) {
      const day = utcDay(now);
      for (const id of ids) {
        const done = yield mark(
          sql`insert into api_charged_resources (account_id, day, resource, resource_id)
          values (${this.accountId}, ${day}, ${charge.resource}, ${id}) on conflict do nothing`.compile(db),
        );
        charged += done.changes;
      }
    }
    if (charge.mentions) {
      for (const id of ids) {
        yield mark(
          sql`insert into api_mentions (account_id, post_id, seen_at)
          values (${this.accountId}, ${id}, ${toDbTimestamp(now)}) on conflict do nothing`.compile(db),
        );
      }
    }
    let summoned = false;
    if (charge.inReplyTo) {
      const found = yield mark(
        sql`select 1 as found from api_mentions
        where account_id = ${this.accountId} and post_id = ${charge.inReplyTo}`.compile(db),
      );
      summoned = found.rows.length > 0;
    }
    const priced = withSummons(charge, summoned);
    const prices = this.options.prices?.() ?? APRIL_2026_PRICES;
    yield {
      query: this.write(
        call,
        now,
        actor,
        priced.kind,
        charge.resourceIds.length,
        charged,
        callCost(prices, priced.kind, charged),
      ),
      row: true,
    };
  }

  private write(
    call: ApiCall,
    now: Date,
    actor: string | null,
    kind: string | null,
    resources: number,
    charged: number,
    cost: number,
  ): CompiledQuery {
    return this.database.db
      .insertInto('api_usage')
      .values({
        account_id: this.accountId,
        host: call.host,
        method: call.method,
        endpoint: call.endpoint,
        status_code: call.status,
        latency_ms: call.latencyMs,
        error_code: call.errorCode ?? null,
        created_at: toDbTimestamp(now),
        actor,
        price_kind: kind,
        resources,
        charged_resources: charged,
        cost_usd: cost,
      })
      .compile();
  }

  async spendAfter(afterId: number, since: Date): ReturnType<ApiSpendLedger['spendAfter']> {
    // A range of the primary key: each ask reads only the rows recorded since the last one.
    const { rows } = await sql<{ actor: string | null; cost: number; last: number }>`select actor,
        sum(case when created_at >= ${toDbTimestamp(since)} then cost_usd else 0 end) as cost, max(id) as last
      from api_usage where id > ${afterId} and account_id = ${this.accountId} group by actor`.execute(
      this.database.db,
    );
    return {
      lastId: rows.reduce((last, row) => Math.max(last, Number(row.last)), afterId),
      byActor: rows.map((row) => ({ actor: row.actor, costUsd: Number(row.cost) })),
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
