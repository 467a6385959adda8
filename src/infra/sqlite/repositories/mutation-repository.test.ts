// The gateway's audit log and policy counters on both stores: counters over a sliding window with the
// oldest event still inside, the idempotency memory (a success, or a thread cut short), and an audit row
// closed and counted together.
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { AuditEntry } from '../../../core/ports/mutation-store.js';
import { MutationRepository } from './mutation-repository.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const pending = (id: string, createdAt: Date, hash = 'h1'): AuditEntry => ({
  correlation_id: id,
  tool_name: 'social_post_tweet',
  face: 'mcp',
  actor: 'agent',
  params_hash: hash,
  params: { text: 'hi' },
  status: 'pending',
  policy_decision: 'allowed',
  created_at: createdAt.toISOString(),
});

describe.each(STORES)('MutationRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('counts events under keys in a sliding window, with the oldest one inside', async () => {
    const store = await stores.open();
    const mutations = new MutationRepository(store, DEFAULT_ACCOUNT_ID);
    expect(await mutations.usage('mcp_mutation', 3600, NOW)).toEqual({ count: 0 });
    await mutations.count(['mcp_mutation', 'like:daily'], minutes(-90));
    await mutations.count(['mcp_mutation'], minutes(-50));
    await mutations.count(['mcp_mutation'], minutes(-10));
    expect(await mutations.usage('mcp_mutation', 3600, NOW)).toEqual({ count: 2, oldest: minutes(-50) });
    expect(await mutations.usage('like:daily', 86_400, NOW)).toEqual({ count: 1, oldest: minutes(-90) });
    // Another account's counters are its own.
    await store.db.insertInto('accounts').values({ id: 'other', label: 'other' }).execute();
    expect(await new MutationRepository(store, 'other').usage('mcp_mutation', 3600, NOW)).toEqual({
      count: 0,
    });
  });

  it('closes an audit row and counts it at once, and remembers what took effect', async () => {
    const mutations = new MutationRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    await mutations.audit(pending('a', minutes(-3)));
    expect(await mutations.recentSuccess('social_post_tweet', 'h1', minutes(-5))).toBeUndefined();
    await mutations.complete('a', { status: 'success', result: { id: '9' }, elapsed_ms: 12 }, minutes(-3), [
      'mcp_mutation',
      'post:daily',
    ]);
    expect(await mutations.usage('post:daily', 3600, NOW)).toEqual({ count: 1, oldest: minutes(-3) });
    expect(await mutations.recentSuccess('social_post_tweet', 'h1', minutes(-5))).toMatchObject({
      correlation_id: 'a',
      status: 'success',
      params: { text: 'hi' },
      result: { id: '9' },
      elapsed_ms: 12,
      completed_at: minutes(-3).toISOString(),
    });
    // Outside the window, or other parameters: nothing to repeat.
    expect(await mutations.recentSuccess('social_post_tweet', 'h1', minutes(-2))).toBeUndefined();
    expect(await mutations.recentSuccess('social_post_tweet', 'h2', minutes(-5))).toBeUndefined();
    // A thread that went out in part took effect; another failure did not. The newest one is answered.
    await mutations.audit(pending('b', minutes(-2), 'h2'));
    await mutations.complete(
      'b',
      { status: 'failure', error_code: 'thread_partial_failure', error_message: 'cut', elapsed_ms: 5 },
      minutes(-2),
    );
    await mutations.audit(pending('c', minutes(-1), 'h2'));
    await mutations.complete(
      'c',
      { status: 'failure', error_code: 'platform_error', error_message: 'no', elapsed_ms: 5 },
      minutes(-1),
    );
    expect(await mutations.recentSuccess('social_post_tweet', 'h2', minutes(-5))).toMatchObject({
      correlation_id: 'b',
      error_code: 'thread_partial_failure',
    });
    expect(await mutations.usage('mcp_mutation', 3600, NOW)).toEqual({ count: 1, oldest: minutes(-3) });
  });
});
