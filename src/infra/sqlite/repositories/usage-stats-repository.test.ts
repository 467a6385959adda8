// UsageStatsRepository against a real, migrated database of each store, seeded with the rows the platform
// client's and the LLM factory's recorders write.
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { UsageStatsRepository } from './usage-stats-repository.js';

interface Call {
  endpoint: string;
  status: number | null;
  latencyMs: number;
  errorCode?: string;
  method?: string;
  actor?: string | null;
  cost?: number;
  resources?: number;
  charged?: number;
}

const call = (endpoint: string, status: number, latencyMs: number, errorCode?: string): Call => ({
  endpoint,
  status,
  latencyMs,
  ...(errorCode ? { errorCode } : {}),
});

describe.each(STORES)('UsageStatsRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let clock: FakeClock;
  let repository: UsageStatsRepository;

  beforeEach(async () => {
    database = await stores.open();
    clock = new FakeClock('2026-11-20T10:00:00.000Z');
    repository = new UsageStatsRepository(database, DEFAULT_ACCOUNT_ID);
  });

  /** A platform call's api_usage row, as ApiUsageRepository records one at the clock's time. */
  const api = {
    record: async (entry: Call) => {
      await database.db
        .insertInto('api_usage')
        .values({
          account_id: DEFAULT_ACCOUNT_ID,
          host: 'api.example',
          method: entry.method ?? 'GET',
          endpoint: entry.endpoint,
          status_code: entry.status,
          latency_ms: entry.latencyMs,
          error_code: entry.errorCode ?? null,
          created_at: clock.now().toISOString(),
          actor: entry.actor ?? null,
          resources: entry.resources ?? 0,
          charged_resources: entry.charged ?? 0,
          cost_usd: entry.cost ?? 0,
        })
        .execute();
    },
  };

  /** An LLM call's llm_usage row, as LlmUsageRepository records one at the clock's time. */
  const llm = {
    record: async (entry: {
      generation_type: string;
      provider: string;
      model: string;
      input_tokens: number;
      output_tokens: number;
      cost_usd: number;
      latency_ms: number;
      success: boolean;
    }) => {
      await database.db
        .insertInto('llm_usage')
        .values({
          account_id: DEFAULT_ACCOUNT_ID,
          ...entry,
          success: entry.success ? 1 : 0,
          error_code: null,
          created_at: clock.now().toISOString(),
        })
        .execute();
    },
  };

  it('groups platform calls per endpoint and per UTC day, counting failed answers as errors', async () => {
    await api.record(call('/2/tweets/search/recent', 200, 100)); // 2026-11-20, outside a 24 h window
    clock.advance(86_400_000);
    await api.record(call('/2/tweets/search/recent', 200, 120));
    await api.record(call('/2/tweets/search/recent', 429, 80, 'social_rate_limited'));
    await api.record(call('/2/users/me', 200, 50));
    clock.advance(86_400_000);
    await api.record(call('/2/tweets/search/recent', 200, 160));

    const since = new Date('2026-11-21T00:00:00.000Z');
    expect(await repository.apiByEndpoint(since)).toEqual([
      {
        host: 'api.example',
        method: 'GET',
        endpoint: '/2/tweets/search/recent',
        calls: 3,
        errors: 1,
        avg_latency_ms: 120,
        cost_usd: 0,
      },
      {
        host: 'api.example',
        method: 'GET',
        endpoint: '/2/users/me',
        calls: 1,
        errors: 0,
        avg_latency_ms: 50,
        cost_usd: 0,
      },
    ]);
    expect(await repository.apiByDay(since)).toEqual([
      { date: '2026-11-21', calls: 3, errors: 1, cost_usd: 0 },
      { date: '2026-11-22', calls: 1, errors: 0, cost_usd: 0 },
    ]);
  });

  it('sums LLM tokens, failures and cost per model and per day', async () => {
    const use = async (model: string, cost: number, success = true) =>
      await llm.record({
        generation_type: 'reply',
        provider: 'openai',
        model,
        input_tokens: 100,
        output_tokens: 20,
        cost_usd: cost,
        latency_ms: 300,
        success,
      });
    await use('gpt-small', 0.0001);
    await use('gpt-small', 0.0002, false);
    await use('gpt-large', 0.003);
    clock.advance(86_400_000);
    await use('gpt-large', 0.001);

    const since = new Date('2026-11-01T00:00:00.000Z');
    expect(await repository.llmByModel(since)).toEqual([
      {
        provider: 'openai',
        model: 'gpt-large',
        calls: 2,
        failures: 0,
        input_tokens: 200,
        output_tokens: 40,
        cost_usd: 0.004,
      },
      {
        provider: 'openai',
        model: 'gpt-small',
        calls: 2,
        failures: 1,
        input_tokens: 200,
        output_tokens: 40,
        cost_usd: 0.0003,
      },
    ]);
    expect(await repository.llmByDay(since)).toEqual([
      { date: '2026-11-20', calls: 3, cost_usd: 0.0033 },
      { date: '2026-11-21', calls: 1, cost_usd: 0.001 },
    ]);
  });

  it('spends per day, endpoint and actor within [since, until), ties in byte order and no actor first', async () => {
    const priced = (endpoint: string, extra: Partial<Call>) =>
      api.record({ ...call(endpoint, 200, 10), ...extra });
    await priced('/2/tweets', { cost: 0.5 }); // 2026-11-20: before the window
    clock.advance(86_400_000);
    // Costs exact in binary, so equal sums tie in the database as they do here.
    await priced('/2/tweets', { cost: 0.25, resources: 10, charged: 4, actor: 'agent' });
    await priced('/2/tweets', { cost: 0.25, resources: 20, charged: 20, actor: 'agent' });
    await priced('/2/Users', { cost: 0.25, resources: 1, charged: 1 });
    await priced('/2/Users', { cost: 0.25 });
    await priced('/2/users', { method: 'POST', cost: 0.05, actor: 'cli' });
    await priced('/2/users', { method: 'DELETE', cost: 0.05, actor: 'cli' });
    clock.advance(86_400_000);
    await priced('/2/dm', { cost: 0.01, actor: 'loop:discovery' });
    clock.advance(86_400_000);
    await priced('/2/tweets', { cost: 9 }); // 2026-11-23: at `until`, outside
    const spend = await repository.apiSpend(
      new Date('2026-11-21T00:00:00.000Z'),
      new Date('2026-11-23T10:00:00.000Z'),
    );
    expect(spend.daily).toEqual([
      { date: '2026-11-21', calls: 6, cost_usd: 1.1 },
      { date: '2026-11-22', calls: 1, cost_usd: 0.01 },
    ]);
    expect(
      spend.endpoints.map((e) => [
        e.method,
        e.endpoint,
        e.calls,
        e.resources,
        e.charged_resources,
        e.cost_usd,
      ]),
    ).toEqual([
      ['GET', '/2/Users', 2, 1, 1, 0.5],
      ['GET', '/2/tweets', 2, 30, 24, 0.5],
      ['DELETE', '/2/users', 1, 0, 0, 0.05],
      ['POST', '/2/users', 1, 0, 0, 0.05],
      ['GET', '/2/dm', 1, 0, 0, 0.01],
    ]);
    expect(spend.actors).toEqual([
      { actor: null, calls: 2, cost_usd: 0.5 },
      { actor: 'agent', calls: 2, cost_usd: 0.5 },
      { actor: 'cli', calls: 2, cost_usd: 0.1 },
      { actor: 'loop:discovery', calls: 1, cost_usd: 0.01 },
    ]);
  });
});
