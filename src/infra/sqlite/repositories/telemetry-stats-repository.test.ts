// TelemetryStatsRepository on both stores, seeded through the tool server's recorder (TelemetryRepository).
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { ToolInvocation } from '../../../core/ports/telemetry-store.js';
import { TelemetryRepository } from './telemetry-repository.js';
import { TelemetryStatsRepository } from './telemetry-stats-repository.js';

const SINCE = new Date('2026-11-22T00:00:00.000Z');
const OTHER = '11111111-1111-4111-8111-111111111111';

const call = (fields: Partial<ToolInvocation> & Pick<ToolInvocation, 'tool_name'>): ToolInvocation => ({
  category: 'read',
  profile: 'write',
  latency_ms: 10,
  success: true,
  at: new Date('2026-11-22T10:00:00.000Z'),
  ...fields,
});

describe.each(STORES)('TelemetryStatsRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let recorder: TelemetryRepository;
  let repository: TelemetryStatsRepository;

  beforeEach(async () => {
    const store = await stores.open();
    await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
    recorder = new TelemetryRepository(store, DEFAULT_ACCOUNT_ID);
    repository = new TelemetryStatsRepository(store, DEFAULT_ACCOUNT_ID);
    // Another account's calls are never counted.
    const other = new TelemetryRepository(store, OTHER);
    other.record(
      call({ tool_name: 'get_stats', success: false, error_code: 'db_error', policy_decision: 'denied' }),
    );
    await other.flush();
  });

  /** Records one call and writes it at once (the recorder buffers rows). */
  async function record(fields: Partial<ToolInvocation> & Pick<ToolInvocation, 'tool_name'>): Promise<void> {
    recorder.record(call(fields));
    await recorder.flush();
  }

  it('writes every buffered call on flush, those a full buffer sent on its own included', async () => {
    for (let i = 0; i < 300; i++) recorder.record(call({ tool_name: 'get_stats', latency_ms: i }));
    await recorder.flush();
    expect(await repository.toolAggregates(SINCE)).toEqual([
      { tool_name: 'get_stats', category: 'read', total_calls: 300, success_count: 300 },
    ]);
  });

  it('aggregates calls per tool in the window and lists latencies ascending', async () => {
    for (const latency of [30, 10, 20])
      await record({ tool_name: 'get_stats', category: 'analytics', latency_ms: latency });
    await record({
      tool_name: 'get_stats',
      category: 'analytics',
      latency_ms: 5,
      success: false,
      error_code: 'db_error',
    });
    await record({ tool_name: 'get_tweet_by_id', latency_ms: 99 });
    await record({ tool_name: 'get_tweet_by_id', latency_ms: 1, at: new Date('2026-11-21T10:00:00.000Z') });

    expect(await repository.toolAggregates(SINCE)).toEqual([
      { tool_name: 'get_stats', category: 'analytics', total_calls: 4, success_count: 3 },
      { tool_name: 'get_tweet_by_id', category: 'read', total_calls: 1, success_count: 1 },
    ]);
    const latencies = await repository.latencies(SINCE);
    expect(latencies.get('get_stats')).toEqual([5, 10, 20, 30]);
    expect(latencies.get('get_tweet_by_id')).toEqual([99]);
  });

  it('breaks failures down by tool and error code with the latest time, and counts policy decisions', async () => {
    const like = { tool_name: 'social_like_tweet', category: 'engage', success: false };
    await record({ ...like, error_code: 'policy_denied_rate_limited', policy_decision: 'denied' });
    await record({
      ...like,
      error_code: 'policy_denied_rate_limited',
      policy_decision: 'denied',
      at: new Date('2026-11-22T11:00:00.000Z'),
    });
    await record({ ...like, error_code: 'social_api_error' });
    await record({ tool_name: 'social_like_tweet', category: 'engage', policy_decision: 'allowed' });
    await record({
      tool_name: 'social_post_tweet',
      category: 'write',
      policy_decision: 'routed_to_approval',
    });

    expect(await repository.errors(SINCE)).toEqual([
      {
        tool_name: 'social_like_tweet',
        error_code: 'policy_denied_rate_limited',
        count: 2,
        latest_at: '2026-11-22T11:00:00.000Z',
      },
      {
        tool_name: 'social_like_tweet',
        error_code: 'social_api_error',
        count: 1,
        latest_at: '2026-11-22T10:00:00.000Z',
      },
    ]);
    expect(await repository.policyDecisions(SINCE)).toEqual([
      { tool_name: 'social_like_tweet', policy_decision: 'allowed', count: 1 },
      { tool_name: 'social_like_tweet', policy_decision: 'denied', count: 2 },
      { tool_name: 'social_post_tweet', policy_decision: 'routed_to_approval', count: 1 },
    ]);
  });
});
