// How the scraper backend fails and recovers, over real HTTP against the fake's faults: guest-token
// renewal, rate limits, HTML and malformed answers, retries of reads (never of writes), timeouts, usage.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../../../test/fakes/scraper/fake-scraper-state.js';
import { type ScraperHarness, startScraperHarness } from '../../../../test/fakes/scraper/scraper-harness.js';
import type { AppError } from '../../../core/errors.js';
import type { ApiCall } from '../../../core/ports/api-usage.js';

let h: ScraperHarness;

beforeAll(async () => {
  h = await startScraperHarness();
});
afterAll(() => h.close());
afterEach(async () => {
  expect(h.calls).toHaveLength(h.fake.requests.length);
  await h.reset();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => expect.fail('expected a failure'),
    (error: AppError) => error,
  );
}

const paths = () => h.fake.requests.map((r) => r.operation ?? r.path.replace('/i/api', ''));

describe('guest tokens', () => {
  it('activates a new guest token once after "Bad guest token" (403, code 239) and retries', async () => {
    const client = h.client();
    await client.getUserById(SEED_IDS.bob);
    h.fake.state.expireGuestTokens();
    expect((await client.getUserById(SEED_IDS.bob)).username).toBe('bob');
    expect(paths()).toEqual([
      '/1.1/guest/activate.json',
      'UserByRestId',
      'UserByRestId',
      '/1.1/guest/activate.json',
      'UserByRestId',
    ]);
    expect(h.calls[2]).toMatchObject({ status: 403, errorCode: 'social_auth_expired' });
    const tokens = h.fake.requests.filter((r) => r.operation).map((r) => r.headers['x-guest-token']);
    expect(tokens[0]).toBe(tokens[1]);
    expect(tokens[2]).not.toBe(tokens[1]);
  });

  it('renews only once: a second refusal is the answer', async () => {
    const refusal = { errors: [{ code: 239, message: 'Bad guest token.' }] };
    h.fake.faults.inject({ path: 'UserByRestId', action: 'status', status: 403, body: refusal, times: 2 });
    const error = await failure(h.client().getUserById(SEED_IDS.bob));
    expect([error.code, error.retryable]).toEqual(['social_forbidden', false]);
    expect(paths()).toEqual([
      '/1.1/guest/activate.json',
      'UserByRestId',
      '/1.1/guest/activate.json',
      'UserByRestId',
    ]);
  });

  it('does not keep a failed activation: the next call activates again', async () => {
    const client = h.client();
    h.fake.faults.inject({ path: 'guest/activate', action: 'status', status: 503, times: 3 });
    const error = await failure(client.getUserById(SEED_IDS.bob));
    expect([error.code, error.retryable]).toEqual(['social_api_error', true]);
    expect(h.sleeps).toHaveLength(2);
    expect((await client.getUserById(SEED_IDS.bob)).id).toBe(SEED_IDS.bob);
  });
});

describe('platform errors', () => {
  it('maps 429 to social_rate_limited with the reset time, without retrying', async () => {
    h.fake.state.setRateLimit('UserByScreenName', 0);
    try {
      const error = await failure(h.client().getUserByUsername('bob'));
      expect([error.code, error.retryable]).toEqual(['social_rate_limited', true]);
      const reset = h.fake.state.rateLimitReset('UserByScreenName') ?? 0;
      expect(error.resetAt?.getTime()).toBe(reset * 1000);
      expect(error.message).toContain(`rate limited (resets ${new Date(reset * 1000).toISOString()})`);
      expect(h.fake.requests.filter((r) => r.operation === 'UserByScreenName')).toHaveLength(1);
      expect(h.calls.at(-1)).toMatchObject({ status: 429, errorCode: 'social_rate_limited' });
    } finally {
      h.fake.state.setRateLimit('UserByScreenName', 500);
    }
  });

  it('reports an HTML page with HTTP 200 as social_api_error with an excerpt', async () => {
    h.fake.faults.inject({ path: 'UserByRestId', action: 'html' });
    const error = await failure(h.client().getUserById(SEED_IDS.bob));
    expect(error.code).toBe('social_api_error');
    expect(error.message).toContain('malformed response (HTTP 200, not JSON)');
    expect(error.message).toContain('Something went wrong');
    expect(error.message).not.toContain('<html>');
    expect(h.calls.at(-1)).toMatchObject({ status: 200, errorCode: 'social_api_error' });
  });

  it('retries a read after 5xx HTML pages with capped jittered back-off, then gives up', async () => {
    h.fake.faults.inject({ path: 'UserByRestId', action: 'html', status: 503, times: 3 });
    const error = await failure(h.client().getUserById(SEED_IDS.bob));
    expect([error.code, error.retryable]).toEqual(['social_api_error', true]);
    expect(error.message).toContain('HTTP 503: Something went wrong');
    expect(h.sleeps).toEqual([562.5, 1125]);
    expect(h.fake.requests.filter((r) => r.operation === 'UserByRestId')).toHaveLength(3);
  });

  it('reports a truncated JSON body as social_api_error with an excerpt', async () => {
    h.fake.faults.inject({ path: 'UserByScreenName', action: 'malformed' });
    const error = await failure(h.client().getUserByUsername('bob'));
    expect([error.code, error.retryable]).toEqual(['social_api_error', false]);
    expect(error.message).toContain('not JSON');
    expect(error.message).toContain('{"data":{"user"');
  });

  it('reports JSON of the wrong shape as social_api_error, never as an exception', async () => {
    const wrongUser = {
      data: { user: { result: { __typename: 'User', rest_id: '1002', legacy: { screen_name: 5 } } } },
    };
    const cases: Array<[unknown, () => Promise<unknown>]> = [
      [wrongUser, () => h.client().getUserById(SEED_IDS.bob)],
      [{}, () => h.client().getUserById(SEED_IDS.bob)],
      [[1, 2], () => h.client().getTweet(SEED_IDS.reply)],
      [{ data: { search_by_raw_query: { search_timeline: {} } } }, () => h.client().searchRecent('x')],
      [{ data: { tweetResult: 'no' } }, () => h.client().getTweets([SEED_IDS.reply])],
      [{ data: { create_tweet: {} } }, () => h.client({ allowMutations: true }).postTweet({ text: 'x' })],
    ];
    h.signIn();
    for (const [body, call] of cases) {
      h.fake.faults.inject({ path: '/graphql/', action: 'status', status: 200, body });
      const error = await failure(call());
      expect(error.code).toBe('social_api_error');
      expect(error.message).toMatch(/malformed response \(HTTP 200, .+\)/);
    }
  });

  it('maps GraphQL errors without data: locked account, unknown error', async () => {
    h.fake.faults.inject({
      path: 'UserByRestId',
      action: 'status',
      status: 200,
      body: { errors: [{ code: 326, message: 'To protect our users from spam, your account is locked.' }] },
    });
    expect((await failure(h.client().getUserById(SEED_IDS.bob))).code).toBe('social_account_restricted');
    h.fake.faults.inject({
      path: 'UserByRestId',
      action: 'status',
      status: 200,
      body: { errors: [{ message: 'Oops' }] },
    });
    const error = await failure(h.client().getUserById(SEED_IDS.bob));
    expect([error.code, error.message]).toEqual([
      'social_api_error',
      'GET /graphql/{queryId}/UserByRestId: Oops',
    ]);
  });

  it('maps 401 with a session to social_auth_expired (no guest fallback)', async () => {
    h.signIn();
    h.fake.faults.inject({
      path: 'UserByRestId',
      action: 'status',
      status: 401,
      body: { errors: [{ code: 32, message: 'Could not authenticate you.' }] },
    });
    expect((await failure(h.client().getUserById(SEED_IDS.bob))).code).toBe('social_auth_expired');
    expect(paths()).toEqual(['UserByRestId']);
  });
});

describe('network failures', () => {
  it('retries a read after a dropped connection', async () => {
    h.fake.faults.inject({ path: 'UserTweets', action: 'drop' });
    const page = await h.client().getUserTweets(SEED_IDS.alice, { maxResults: 2 });
    expect(page.data).toHaveLength(2);
    expect(
      h.calls.filter((c) => c.endpoint.endsWith('UserTweets')).map((c) => [c.status, c.errorCode]),
    ).toEqual([
      [0, 'social_network_error'],
      [200, undefined],
    ]);
  });

  it('gives up on a read after two retries', async () => {
    h.fake.faults.inject({ path: 'UserTweets', action: 'drop', times: 3 });
    const error = await failure(h.client().getUserTweets(SEED_IDS.alice));
    expect([error.code, error.retryable]).toEqual(['social_network_error', true]);
    expect(h.fake.requests.filter((r) => r.operation === 'UserTweets')).toHaveLength(3);
  });

  it('never retries a write whose answer was lost, so it cannot happen twice', async () => {
    h.signIn();
    h.fake.faults.inject({ path: 'CreateTweet', action: 'drop-after' });
    const error = await failure(h.client({ allowMutations: true }).postTweet({ text: 'Sent exactly once' }));
    expect(error.code).toBe('social_network_error');
    expect(h.fake.requests.filter((r) => r.operation === 'CreateTweet')).toHaveLength(1);
    expect(h.fake.state.timeline((p) => p.text === 'Sent exactly once')).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('times out a request that gets no answer', async () => {
    h.fake.faults.inject({ path: 'UserByRestId', action: 'hang' });
    const error = await failure(h.client({ timeoutMs: 150, maxRetries: 0 }).getUserById(SEED_IDS.bob));
    expect(error.code).toBe('social_network_error');
    expect(error.message).toContain('timed out');
  });

  it('records a call to an unreachable host with status 0', async () => {
    const calls: ApiCall[] = [];
    const client = h.client({
      baseUrl: 'http://127.0.0.1:9/i/api',
      usage: { record: async (c) => void calls.push(c) },
    });
    const error = await failure(client.getUserById(SEED_IDS.bob));
    expect(error.code).toBe('social_network_error');
    expect(calls).toHaveLength(3);
    expect(calls[0]).toMatchObject({ host: '127.0.0.1:9', endpoint: '/1.1/guest/activate.json', status: 0 });
  });

  it('uses a query id override from the options', async () => {
    await h.client({ queryIds: { UserByRestId: 'rotatedId123' } }).getUserById(SEED_IDS.bob);
    expect(h.fake.requests.at(-1)?.path).toBe('/i/api/graphql/rotatedId123/UserByRestId');
  });
});
