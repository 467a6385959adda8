// Usage accounting of every platform call, and the circuit breaker driven by the fake's faults and clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import type { SocialBackend } from '../../src/infra/social/create-social-backend.js';
import { type SocialHarness, startSocialHarness } from '../support/social-harness.js';

let h: SocialHarness;
beforeAll(async () => {
  h = await startSocialHarness();
});
beforeEach(() => {
  h.fake.faults.clear();
  h.database.sqlite.exec('delete from api_usage');
  h.storeToken();
});
afterAll(() => h.close());

describe('usage accounting', () => {
  it('records every call (retries and failures included) by endpoint template, status and latency', async () => {
    const social = h.backend();
    await social.read.getUserById('1001');
    await social.read.getUserById('1002');
    h.fake.faults.inject({ path: '/2/users/1003', action: faultPresets.serverError(503) });
    await social.read.getUserById('1003');
    await social.write.postTweet({ text: 'counted' });
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.drop() });
    await social.write.postTweet({ text: 'lost' }).catch(() => {});

    const rows = h.database.sqlite
      .prepare('select method, endpoint, status_code, error_code, latency_ms from api_usage order by id')
      .all() as Array<{
      method: string;
      endpoint: string;
      status_code: number;
      error_code: string | null;
      latency_ms: number;
    }>;
    expect(rows.map((r) => `${r.method} ${r.endpoint} ${r.status_code} ${r.error_code ?? '-'}`)).toEqual([
      'GET /2/users/{id} 200 -',
      'GET /2/users/{id} 200 -',
      'GET /2/users/{id} 503 social_api_error',
      'GET /2/users/{id} 200 -',
      'POST /2/tweets 201 -',
      'POST /2/tweets 0 social_network_error',
    ]);
    expect(rows.every((r) => r.latency_ms >= 0)).toBe(true);

    const month = await h.usage.monthlyUsage(h.appClock.now());
    expect(month.map((m) => [m.method, m.endpoint, m.calls, m.errors])).toEqual([
      ['GET', '/2/users/{id}', 4, 1],
      ['POST', '/2/tweets', 2, 1],
    ]);
    const nextMonth = new Date(h.appClock.now().getTime() + 40 * 86_400_000);
    expect(await h.usage.monthlyUsage(nextMonth)).toEqual([]);
  });

  it('records the OAuth token refresh as a platform call too', async () => {
    h.storeToken({ expiresInSeconds: 10 });
    h.clock.advance(20_000);
    await h.backend().read.getMe();
    const endpoints = (
      h.database.sqlite.prepare('select endpoint from api_usage').all() as Array<{ endpoint: string }>
    ).map((r) => r.endpoint);
    expect(endpoints).toEqual(['/2/oauth2/token', '/2/users/me']);
  });
});

describe('circuit breaker', () => {
  let social: SocialBackend;
  beforeEach(() => {
    social = h.backend({
      circuit_breaker: { error_threshold: 3, window_seconds: 60, cooldown_seconds: 300 },
    });
  });

  it('opens after repeated 5xx (and 429) on writes, blocks writes without calling, half-opens after the cooldown', async () => {
    h.fake.faults.inject({
      path: '/2/tweets',
      method: 'POST',
      action: faultPresets.serverError(503),
      times: 3,
    });
    for (let i = 0; i < 3; i++) {
      await expect(social.write.postTweet({ text: `attempt ${i}` })).rejects.toMatchObject({
        code: 'social_api_error',
      });
    }
    expect(social.breaker.snapshot()).toMatchObject({ state: 'open', errorCount: 3 });

    const sent = h.fake.requests.length;
    const blocked = await social.write.postTweet({ text: 'blocked' }).catch((e) => e);
    expect(blocked).toMatchObject({
      code: 'social_rate_limited',
      message: expect.stringContaining('circuit breaker open'),
    });
    expect(blocked.resetAt.getTime()).toBe(h.clock.now() + 300_000);
    expect(h.fake.requests.length).toBe(sent);
    await expect(social.read.getUserById('1001')).resolves.toMatchObject({ id: '1001' });

    h.clock.advance(300_000);
    expect(social.breaker.snapshot().state).toBe('half_open');
    await expect(social.write.postTweet({ text: 'probe' })).resolves.toMatchObject({ text: 'probe' });
    expect(social.breaker.snapshot().state).toBe('closed');
  });

  it('a refused post (403: duplicate content, forbidden) never counts toward it', async () => {
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.forbidden(), times: 5 });
    for (let i = 0; i < 5; i++) await social.write.postTweet({ text: `refused ${i}` }).catch(() => {});
    await social.write.postTweet({ text: 'same text' });
    for (let i = 0; i < 5; i++)
      await expect(social.write.postTweet({ text: 'same text' })).rejects.toMatchObject({
        code: 'social_forbidden',
      });
    expect(social.breaker.snapshot()).toMatchObject({ state: 'closed', errorCount: 0 });
    await expect(social.write.postTweet({ text: 'something else' })).resolves.toMatchObject({
      text: 'something else',
    });
  });

  it('a failed probe re-opens it', async () => {
    h.fake.faults.inject({
      path: '/2/tweets',
      method: 'POST',
      action: faultPresets.serverError(503),
      times: 3,
    });
    for (let i = 0; i < 3; i++) await social.write.postTweet({ text: `refused ${i}` }).catch(() => {});
    h.clock.advance(300_000);
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.rateLimited(30) });
    await expect(social.write.postTweet({ text: 'probe fails' })).rejects.toMatchObject({
      code: 'social_rate_limited',
    });
    expect(social.breaker.snapshot().state).toBe('open');
  });
});
