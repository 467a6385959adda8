// ApiUsageRepository prices what it records: a read's resources once per UTC day, a reply to a post the
// mentions read returned at the summoned rate, the live price table, and the actor running the call; the
// budget's ledger reads the spend per actor incrementally. On both stores.
import { beforeEach, describe, expect, it } from 'vitest';
import { type StoreProcesses, storeProcesses } from '../../../../test/support/store-processes.js';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { APRIL_2026_PRICES, type ApiPrices } from '../../../contracts/config/api-prices.js';
import { classifyPlatformCall } from '../../../core/domain/platform-prices.js';
import { createActorScope } from '../../process/actor-scope.js';
import type { Store } from '../../storage/store.js';
import { ApiUsageRepository } from './api-usage-repository.js';

const ME = '42';
const actors = createActorScope();
const posts = (...ids: string[]) => ({ data: ids.map((id) => ({ id, text: 't' })) });

describe.each(STORES)('ApiUsageRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let now: Date;
  let prices: ApiPrices;
  let usage: ApiUsageRepository;

  beforeEach(async () => {
    database = await stores.open();
    now = new Date('2026-11-22T23:30:00.000Z');
    prices = { ...APRIL_2026_PRICES };
    usage = new ApiUsageRepository(
      database,
      DEFAULT_ACCOUNT_ID,
      { now: () => now },
      { prices: () => prices, actors },
    );
  });

  /** Records one answered call as the transport does. */
  function call(method: string, path: string, answer: unknown, body?: unknown, by = usage): Promise<void> {
    const charge = classifyPlatformCall({ method, host: 'api', path, body, answer, ownUserId: ME });
    return by.record({
      host: 'api.test',
      method,
      endpoint: path,
      status: 200,
      latencyMs: 5,
      ...(charge ? { charge } : {}),
    });
  }

  function rows(store: Store = database) {
    return store.db
      .selectFrom('api_usage')
      .select(['endpoint', 'price_kind', 'resources', 'charged_resources', 'cost_usd', 'actor'])
      .orderBy('id')
      .execute();
  }

  it('charges a post read once per UTC day, and again the next day', async () => {
    await call('GET', '/2/tweets/search/recent', posts('1', '2'));
    await call('GET', '/2/tweets/search/recent', posts('2', '3'));
    now = new Date('2026-11-23T00:10:00.000Z');
    await call('GET', '/2/tweets/search/recent', posts('1', '2'));
    expect((await rows()).map((r) => [r.price_kind, r.resources, r.charged_resources, r.cost_usd])).toEqual([
      ['post_read', 2, 2, 0.01],
      ['post_read', 2, 1, 0.005],
      ['post_read', 2, 2, 0.01],
    ]);
  });

  it("prices the account's own data at the owned rate", async () => {
    await call('GET', `/2/users/${ME}/tweets`, posts('1', '2', '3'));
    expect((await rows())[0]).toMatchObject({
      price_kind: 'owned_read',
      charged_resources: 3,
      cost_usd: 0.003,
    });
  });

  it('prices a reply to a post the mentions read returned as a summoned reply, on any later day', async () => {
    await call(
      'POST',
      '/2/tweets',
      { data: { id: '90' } },
      { text: 'hi', reply: { in_reply_to_tweet_id: '7' } },
    );
    await call('GET', `/2/users/${ME}/mentions`, posts('7'));
    now = new Date('2026-11-25T09:00:00.000Z');
    await call(
      'POST',
      '/2/tweets',
      { data: { id: '91' } },
      { text: 'hi again', reply: { in_reply_to_tweet_id: '7' } },
    );
    await call(
      'POST',
      '/2/tweets',
      { data: { id: '92' } },
      { text: 'read https://example.com', reply: { in_reply_to_tweet_id: '7' } },
    );
    expect((await rows()).map((r) => [r.price_kind, r.cost_usd])).toEqual([
      ['post_create', 0.015],
      ['owned_read', 0.001],
      ['summoned_reply', 0.01],
      ['post_create_with_link', 0.2],
    ]);
  });

  it('follows the live price table, records the actor, and records unpriced or failed calls at 0', async () => {
    prices = { ...prices, post_create: 0.02 };
    await actors.run('loop:discovery', async () => {
      await Promise.resolve();
      await call('POST', '/2/tweets', { data: { id: '1' } }, { text: 'plain' });
    });
    await call('GET', '/2/tweets/counts/recent', { data: [{ start: 'x', tweet_count: 1 }] });
    await usage.record({
      host: 'api.test',
      method: 'GET',
      endpoint: '/2/tweets',
      status: 503,
      latencyMs: 1,
      errorCode: 'social_api_error',
    });
    expect((await rows()).map((r) => [r.price_kind, r.cost_usd, r.actor])).toEqual([
      ['post_create', 0.02, 'loop:discovery'],
      [null, 0, null],
      [null, 0, null],
    ]);
  });

  it('reads the spend per actor after a row, in the month so far', async () => {
    expect(await usage.spendAfter(0, new Date('2026-11-01T00:00:00.000Z'))).toEqual({
      lastId: 0,
      byActor: [],
    });
    await actors.run('loop:discovery', () => call('GET', '/2/tweets/search/recent', posts('1', '2')));
    await actors.run('agent', () => call('POST', '/2/tweets', { data: { id: '5' } }, { text: 'plain' }));
    await actors.run('loop:discovery', () => call('GET', '/2/tweets/search/recent', posts('3')));
    const first = await usage.spendAfter(0, new Date('2026-11-01T00:00:00.000Z'));
    expect(first.byActor.sort((a, b) => String(a.actor).localeCompare(String(b.actor)))).toEqual([
      { actor: 'agent', costUsd: 0.015 },
      { actor: 'loop:discovery', costUsd: expect.closeTo(0.015, 9) },
    ]);
    await call('GET', '/2/tweets/search/recent', posts('9'));
    const next = await usage.spendAfter(first.lastId, new Date('2026-11-01T00:00:00.000Z'));
    expect(next).toEqual({ lastId: first.lastId + 1, byActor: [{ actor: null, costUsd: 0.005 }] });
    // Rows before the month count nothing, but are seen.
    const later = await usage.spendAfter(first.lastId, new Date('2026-12-01T00:00:00.000Z'));
    expect(later).toEqual({ lastId: first.lastId + 1, byActor: [{ actor: null, costUsd: 0 }] });
  });

  it('sums the calls per endpoint in a calendar month, busiest first', async () => {
    const at = (endpoint: string, status: number, latencyMs: number, errorCode?: string) =>
      usage.record({
        host: 'api.test',
        method: 'GET',
        endpoint,
        status,
        latencyMs,
        ...(errorCode ? { errorCode } : {}),
      });
    await at('/2/users/me', 200, 10);
    await at('/2/tweets/search/recent', 200, 20);
    await at('/2/tweets/search/recent', 429, 31, 'social_rate_limited');
    now = new Date('2026-12-02T00:00:00.000Z');
    await at('/2/users/me', 200, 10);
    expect(await usage.monthlyUsage(new Date('2026-11-15T00:00:00.000Z'))).toEqual([
      {
        host: 'api.test',
        method: 'GET',
        endpoint: '/2/tweets/search/recent',
        calls: 2,
        errors: 1,
        avgLatencyMs: 26,
      },
      { host: 'api.test', method: 'GET', endpoint: '/2/users/me', calls: 1, errors: 0, avgLatencyMs: 10 },
    ]);
  });

  it('charges a post two processes read at once once', async () => {
    const processes: StoreProcesses = await storeProcesses(dialect, 2);
    try {
      const [a, b] = processes.stores.map(
        (store) =>
          new ApiUsageRepository(store, DEFAULT_ACCOUNT_ID, { now: () => now }, { prices: () => prices }),
      ) as [ApiUsageRepository, ApiUsageRepository];
      await Promise.all([
        call('GET', '/2/tweets/search/recent', posts('1', '2', '3'), undefined, a),
        call('GET', '/2/tweets/search/recent', posts('3', '2', '1'), undefined, b),
        call('GET', '/2/tweets/search/recent', posts('2', '1', '3'), undefined, a),
      ]);
      const charged = (await rows(processes.stores[0])).map((row) => row.charged_resources);
      expect(charged.reduce((sum, n) => sum + n, 0)).toBe(3);
    } finally {
      await processes.close();
    }
  });
});
