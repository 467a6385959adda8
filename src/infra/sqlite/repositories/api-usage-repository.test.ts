// ApiUsageRepository prices what it records: a read's resources once per UTC day, a reply to a post the
// mentions read returned at the summoned rate, the live price table, and the actor running the call.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { APRIL_2026_PRICES, type ApiPrices } from '../../../contracts/config/api-prices.js';
import { classifyPlatformCall } from '../../../core/domain/platform-prices.js';
import { createActorScope } from '../../process/actor-scope.js';
import { type AppDatabase, openDatabase } from '../open-database.js';
import { ApiUsageRepository } from './api-usage-repository.js';

const ME = '42';
let database: AppDatabase;
let now: Date;
let prices: ApiPrices;
const actors = createActorScope();
let usage: ApiUsageRepository;

beforeEach(() => {
  database = openDatabase({ path: ':memory:' });
  now = new Date('2026-11-22T23:30:00.000Z');
  prices = { ...APRIL_2026_PRICES };
  usage = new ApiUsageRepository(
    database,
    DEFAULT_ACCOUNT_ID,
    { now: () => now },
    { prices: () => prices, actors },
  );
});
afterEach(async () => database.close());

/** Records one answered call as the transport does. */
function call(method: string, path: string, answer: unknown, body?: unknown): void {
  const charge = classifyPlatformCall({ method, host: 'api', path, body, answer, ownUserId: ME });
  usage.record({
    host: 'api.test',
    method,
    endpoint: path,
    status: 200,
    latencyMs: 5,
    ...(charge ? { charge } : {}),
  });
}
const posts = (...ids: string[]) => ({ data: ids.map((id) => ({ id, text: 't' })) });

function rows() {
  return database.sqlite
    .prepare(
      'select endpoint, price_kind, resources, charged_resources, cost_usd, actor from api_usage order by id',
    )
    .all() as Array<{
    endpoint: string;
    price_kind: string | null;
    resources: number;
    charged_resources: number;
    cost_usd: number;
    actor: string | null;
  }>;
}

describe('ApiUsageRepository pricing', () => {
  it('charges a post read once per UTC day, and again the next day', () => {
    call('GET', '/2/tweets/search/recent', posts('1', '2'));
    call('GET', '/2/tweets/search/recent', posts('2', '3'));
    now = new Date('2026-11-23T00:10:00.000Z');
    call('GET', '/2/tweets/search/recent', posts('1', '2'));
    expect(rows().map((r) => [r.price_kind, r.resources, r.charged_resources, r.cost_usd])).toEqual([
      ['post_read', 2, 2, 0.01],
      ['post_read', 2, 1, 0.005],
      ['post_read', 2, 2, 0.01],
    ]);
  });

  it("prices the account's own data at the owned rate", () => {
    call('GET', `/2/users/${ME}/tweets`, posts('1', '2', '3'));
    expect(rows()[0]).toMatchObject({ price_kind: 'owned_read', charged_resources: 3, cost_usd: 0.003 });
  });

  it('prices a reply to a post the mentions read returned as a summoned reply, on any later day', () => {
    call('POST', '/2/tweets', { data: { id: '90' } }, { text: 'hi', reply: { in_reply_to_tweet_id: '7' } });
    call('GET', `/2/users/${ME}/mentions`, posts('7'));
    now = new Date('2026-11-25T09:00:00.000Z');
    call(
      'POST',
      '/2/tweets',
      { data: { id: '91' } },
      { text: 'hi again', reply: { in_reply_to_tweet_id: '7' } },
    );
    call(
      'POST',
      '/2/tweets',
      { data: { id: '92' } },
      { text: 'read https://example.com', reply: { in_reply_to_tweet_id: '7' } },
    );
    expect(rows().map((r) => [r.price_kind, r.cost_usd])).toEqual([
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
      call('POST', '/2/tweets', { data: { id: '1' } }, { text: 'plain' });
    });
    call('GET', '/2/tweets/counts/recent', { data: [{ start: 'x', tweet_count: 1 }] });
    usage.record({
      host: 'api.test',
      method: 'GET',
      endpoint: '/2/tweets',
      status: 503,
      latencyMs: 1,
      errorCode: 'social_api_error',
    });
    expect(rows().map((r) => [r.price_kind, r.cost_usd, r.actor])).toEqual([
      ['post_create', 0.02, 'loop:discovery'],
      [null, 0, null],
      [null, 0, null],
    ]);
  });
});
