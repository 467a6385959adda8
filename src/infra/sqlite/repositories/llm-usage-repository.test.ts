// LLM usage on both stores: each generation's tokens, cost, latency and outcome, stamped when recorded.
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { LlmUsageRepository } from './llm-usage-repository.js';

describe.each(STORES)('LlmUsageRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('records a generation and a failed one, as of the clock', async () => {
    const store = await stores.open();
    let now = new Date('2026-11-22T12:00:00.000Z');
    const usage = new LlmUsageRepository(store, DEFAULT_ACCOUNT_ID, { now: () => now });
    const base = { generation_type: 'reply', provider: 'openai', model: 'gpt-small', latency_ms: 300 };
    await usage.record({ ...base, input_tokens: 100, output_tokens: 20, cost_usd: 0.0002, success: true });
    now = new Date('2026-11-22T12:01:00.000Z');
    await usage.record({
      ...base,
      input_tokens: 0,
      output_tokens: 0,
      cost_usd: 0,
      success: false,
      error_code: 'llm_error',
    });
    const rows = await store.db
      .selectFrom('llm_usage')
      .select([
        'account_id',
        'input_tokens',
        'output_tokens',
        'cost_usd',
        'success',
        'error_code',
        'created_at',
      ])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        account_id: DEFAULT_ACCOUNT_ID,
        input_tokens: 100,
        output_tokens: 20,
        cost_usd: 0.0002,
        success: 1,
        error_code: null,
        created_at: '2026-11-22T12:00:00.000Z',
      },
      {
        account_id: DEFAULT_ACCOUNT_ID,
        input_tokens: 0,
        output_tokens: 0,
        cost_usd: 0,
        success: 0,
        error_code: 'llm_error',
        created_at: '2026-11-22T12:01:00.000Z',
      },
    ]);
  });
});
