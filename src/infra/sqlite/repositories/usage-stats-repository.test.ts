// UsageStatsRepository against a real in-memory database, seeded through the recorders the platform client
// and the LLM factory use.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { type AppDatabase, openDatabase } from '../open-database.js';
import { ApiUsageRepository } from './api-usage-repository.js';
import { LlmUsageRepository } from './llm-usage-repository.js';
import { UsageStatsRepository } from './usage-stats-repository.js';

let database: AppDatabase;
let clock: FakeClock;
let repository: UsageStatsRepository;

beforeEach(() => {
  database = openDatabase({ path: ':memory:' });
  clock = new FakeClock('2026-11-20T10:00:00.000Z');
  repository = new UsageStatsRepository(database, DEFAULT_ACCOUNT_ID);
});
afterEach(async () => database.close());

const call = (endpoint: string, status: number, latencyMs: number, errorCode?: string) => ({
  host: 'api.example',
  method: 'GET',
  endpoint,
  status,
  latencyMs,
  ...(errorCode ? { errorCode } : {}),
});

describe('UsageStatsRepository', () => {
  it('groups platform calls per endpoint and per UTC day, counting failed answers as errors', async () => {
    const api = new ApiUsageRepository(database, DEFAULT_ACCOUNT_ID, clock);
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
    const llm = new LlmUsageRepository(database, DEFAULT_ACCOUNT_ID, clock);
    const use = (model: string, cost: number, success = true) =>
      llm.record({
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
});
