// Fault injection: every preset, rule matching (method, prefix, RegExp, times), and dropAfterCommit
// leaving the post in place although the client never saw the answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, client } from '../../../../test/support/fake-social-client.js';
import { createFakeClock } from './clock.js';
import { faultPresets } from './faults.js';
import { type FakeSocial, startFakeSocial } from './server.js';

let fake: FakeSocial;
let api: Client;
const clock = createFakeClock({ frozen: true });

beforeAll(async () => {
  fake = await startFakeSocial({ clock });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.state.reset();
  fake.faults.clear();
  api = client(fake.url, fake.state.issueToken({ scopes: fake.state.allScopes() }).accessToken);
});

const ME = '/2/users/me';

describe('presets', () => {
  it('rateLimited: 429 with the three headers and remaining 0', async () => {
    fake.faults.inject({ path: ME, action: faultPresets.rateLimited(60) });
    const reply = await api.get(ME);
    expect(reply.status).toBe(429);
    expect(reply.body).toEqual({
      title: 'Too Many Requests',
      detail: 'Too Many Requests',
      type: 'about:blank',
      status: 429,
    });
    expect(reply.headers.get('x-rate-limit-limit')).toBe('75');
    expect(reply.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(reply.headers.get('x-rate-limit-reset')).toBe(String(Math.ceil(clock.now() / 1000) + 60));
    expect((await api.get(ME)).status).toBe(200);
  });

  it('answers with the platform bodies for auth, permission and server failures', async () => {
    const cases = [
      [faultPresets.expiredToken(), 401, { title: 'Unauthorized', detail: 'Unauthorized' }],
      [faultPresets.forbidden(), 403, { title: 'Forbidden', status: 403 }],
      [faultPresets.tierForbidden(), 403, { title: 'Client Forbidden', reason: 'client-not-enrolled' }],
      [
        faultPresets.suspended(),
        403,
        { detail: 'Your account is suspended and is not permitted to access this feature.' },
      ],
      [faultPresets.serverError(), 503, { title: 'Service Unavailable', status: 503 }],
      [faultPresets.serverError(500), 500, { title: 'Internal Server Error' }],
      [faultPresets.status(418, { custom: true }, { 'retry-after': '7' }), 418, { custom: true }],
      [faultPresets.missingFields(), 200, { data: {} }],
    ] as const;
    for (const [action, status, body] of cases) {
      fake.faults.inject({ path: ME, action });
      const reply = await api.get(ME);
      expect(reply.status).toBe(status);
      expect(reply.body).toMatchObject(body);
    }
  });

  it('html and malformed break the JSON contract', async () => {
    fake.faults.inject({ path: ME, action: faultPresets.html(502) });
    const html = await api.get(ME);
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.text.startsWith('<html>')).toBe(true);
    fake.faults.inject({ path: ME, action: faultPresets.malformed() });
    const malformed = await api.get(ME);
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.text)).toThrow();
  });

  it('redirect answers a 3xx with a Location elsewhere, once', async () => {
    fake.faults.inject({
      path: ME,
      action: faultPresets.redirect('http://169.254.169.254/latest/meta-data/'),
    });
    const moved = await api.get(ME);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://169.254.169.254/latest/meta-data/');
    expect((await api.get(ME)).status).toBe(200);
  });

  it('latency delays, then the request is handled normally', async () => {
    fake.faults.inject({ path: ME, action: faultPresets.latency(150) });
    const started = performance.now();
    const reply = await api.get(ME);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(reply.status).toBe(200);
  });

  it('drop closes the socket without a response', async () => {
    fake.faults.inject({ path: ME, action: faultPresets.drop() });
    await expect(api.get(ME)).rejects.toThrow();
    expect(fake.requests.at(-1)).toMatchObject({ path: ME, status: 0, dropped: true, fault: 'drop' });
    expect((await api.get(ME)).status).toBe(200);
  });

  it('dropAfterCommit creates the post and then loses the answer', async () => {
    fake.faults.inject({ method: 'POST', path: '/2/tweets', action: faultPresets.dropAfterCommit() });
    await expect(api.post('/2/tweets', { text: 'Did this go out?' })).rejects.toThrow();
    const found = await api.get<{ data?: Array<{ text: string }> }>('/2/users/1000/tweets', {
      max_results: '5',
    });
    expect(found.body.data?.[0]?.text).toBe('Did this go out?');
    const retry = await api.post('/2/tweets', { text: 'Did this go out?' });
    expect(retry.status).toBe(403);
  });
});

describe('rule matching', () => {
  it('honours times, method, RegExp paths and clear()', async () => {
    fake.faults.inject({ path: /^\/2\/users\/\d+$/, times: 2, action: faultPresets.serverError() });
    expect((await api.get('/2/users/1001')).status).toBe(503);
    expect((await api.get(ME)).status).toBe(200);
    expect((await api.get('/2/users/1002')).status).toBe(503);
    expect((await api.get('/2/users/1002')).status).toBe(200);

    fake.faults.inject({ method: 'DELETE', times: -1, action: faultPresets.forbidden() });
    expect((await api.get(ME)).status).toBe(200);
    expect((await api.del('/2/users/1000/likes/1')).status).toBe(403);
    expect((await api.del('/2/users/1000/likes/1')).status).toBe(403);
    fake.faults.clear();
    expect((await api.del('/2/users/1000/likes/1')).status).toBe(200);
  });

  it('hits only the requests of one user when the rule names it (one account down, the other not)', async () => {
    const other = client(
      fake.url,
      fake.state.issueToken({ scopes: fake.state.allScopes(), userId: '1001' }).accessToken,
    );
    fake.faults.inject({ userId: '1001', times: -1, action: faultPresets.serverError() });
    expect((await other.get(ME)).status).toBe(503);
    expect((await api.get(ME)).status).toBe(200);
    expect((await other.get(ME)).status).toBe(503);
    expect(fake.faults.list()).toMatchObject([{ userId: '1001', remaining: -1 }]);
    // Over the control API as `user_id`; a request without a token is no user's.
    fake.faults.clear();
    await client(fake.url).post('/__control/faults', { user_id: '1000', action: { type: 'forbidden' } });
    expect((await other.get(ME)).status).toBe(200);
    expect((await client(fake.url).get(ME)).status).toBe(401);
    expect((await api.get(ME)).status).toBe(403);
  });

  it('is reachable over the control API with re: paths', async () => {
    const control = client(fake.url);
    const created = await control.post('/__control/faults', {
      path: 're:^/2/tweets/search',
      times: -1,
      action: { type: 'rateLimited', resetInSeconds: 30 },
    });
    expect(created.status).toBe(201);
    expect((await api.get('/2/tweets/search/recent', { query: 'x' })).status).toBe(429);
    expect((await api.get('/2/tweets/search/recent', { query: 'x' })).status).toBe(429);
    expect((await control.del('/__control/faults')).status).toBe(200);
    expect((await api.get('/2/tweets/search/recent', { query: 'x' })).status).toBe(200);
  });
});

describe('skip and holdAfterCommit', () => {
  it('skip lets the first matching requests through; holdAfterCommit commits, then answers late', async () => {
    const fake = await startFakeSocial();
    try {
      const token = fake.state.issueToken({ scopes: fake.state.allScopes() }).accessToken;
      const post = (text: string) =>
        fetch(`${fake.url}/2/tweets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
      fake.faults.inject({ path: '/2/tweets', method: 'POST', skip: 2, action: faultPresets.forbidden() });
      expect((await post('one')).status).toBe(201);
      expect((await post('two')).status).toBe(201);
      expect((await post('three')).status).toBe(403);
      expect((await post('four')).status).toBe(201);

      fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.holdAfterCommit(300) });
      const before = fake.state.stats.tweetsCreated;
      // wall clock: an elapsed time
      const started = Date.now();
      const held = post('held');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fake.state.stats.tweetsCreated).toBe(before + 1);
      expect((await held).status).toBe(201);
      // wall clock: an elapsed time
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      await fake.close();
    }
  });
});
