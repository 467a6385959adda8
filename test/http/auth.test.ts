// Every /api route is authenticated; bearer tokens and dashboard sessions (HttpOnly SameSite=Strict cookie,
// CSRF header on writes, throttled login); the Host guard; one error shape; body size limits.
import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { ensureApiToken } from '../../src/infra/security/api-token.js';
import { hashPassphrase } from '../../src/infra/security/passphrase.js';
import { AuthRepository } from '../../src/infra/sqlite/repositories/auth-repository.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
const PASSPHRASE = 'correct horse battery staple';
beforeAll(async () => {
  h = await startHttpHarness();
  await new AuthRepository(h.app.deps.database, DEFAULT_ACCOUNT_ID).setPassphraseHash(
    await hashPassphrase(PASSPHRASE),
    new Date(h.clock.now()),
  );
});
afterAll(() => h.close());

const sample = (path: string) => path.replace(/\{\w+\}/g, '1');

async function login(ip = '127.0.0.1') {
  const response = await h.server.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'localhost:3001' },
    payload: { passphrase: PASSPHRASE },
    remoteAddress: ip,
  });
  const cookie = String(response.headers['set-cookie']);
  return { response, cookie: cookie.split(';')[0] ?? '', csrf: response.json().csrf_token as string };
}

describe('authentication', () => {
  it('refuses every /api route of the registry (and media) without credentials, with the error shape', async () => {
    const routes = [
      ...OPERATIONS.flatMap((op) => (op.http ? [[op.http.method, sample(op.http.path)] as const] : [])),
      ['POST', '/api/media/upload'] as const,
      ['GET', '/api/media/file?path=x.png'] as const,
    ];
    expect(routes.length).toBeGreaterThan(20);
    for (const [method, url] of routes) {
      const response = await h.api(method, url, method === 'GET' ? undefined : {}, { auth: false });
      expect(response.status, `${method} ${url}`).toBe(401);
      expect(response.json).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    }
    expect((await h.api('GET', '/api/health', undefined, { auth: false })).status).toBe(200);
  });

  it('a wrong bearer token is refused; the right one works', async () => {
    const wrong = await h.api('GET', '/api/content/drafts', undefined, {
      auth: false,
      headers: { authorization: `Bearer ${'0'.repeat(64)}` },
    });
    expect(wrong.status).toBe(401);
    expect((await h.api('GET', '/api/content/drafts')).status).toBe(200);
  });

  it('the API token file is created 0600 at first start and reused after', () => {
    const path = h.app.deps.paths.apiTokenPath;
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(h.token).toMatch(/^[0-9a-f]{64}$/);
    expect(ensureApiToken(path)).toBe(h.token);
  });

  it('dashboard login sets an HttpOnly SameSite=Strict cookie; writes need the CSRF header, reads do not', async () => {
    const { response, cookie, csrf } = await login();
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^app_session=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=604800$/,
    );
    const headers = { cookie };
    expect((await h.api('GET', '/api/content/drafts', undefined, { auth: false, headers })).status).toBe(200);
    const noCsrf = await h.api('POST', '/api/content/drafts', { content: 'x' }, { auth: false, headers });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.json.error.message).toContain('CSRF');
    const badCsrf = await h.api(
      'POST',
      '/api/content/drafts',
      { content: 'x' },
      { auth: false, headers: { ...headers, 'x-csrf-token': 'nope' } },
    );
    expect(badCsrf.status).toBe(403);
    const ok = await h.api(
      'POST',
      '/api/content/drafts',
      { content: 'x' },
      { auth: false, headers: { ...headers, 'x-csrf-token': csrf } },
    );
    expect(ok.status).toBe(201);
    // Who did it is who authenticated: a session is a person at the dashboard, the token an API client.
    const actors = () =>
      (
        sqliteOf(h.app.deps.database)
          .sqlite.prepare(
            "select actor, face from mutation_audit where tool_name = 'drafts.create' order by id",
          )
          .all() as Array<{ actor: string; face: string }>
      ).slice(-1);
    expect(actors()).toEqual([{ actor: 'dashboard', face: 'http' }]);
    await h.api('POST', '/api/content/drafts', { content: 'y' });
    expect(actors()).toEqual([{ actor: 'api', face: 'http' }]);
    const status = await h.api('GET', '/api/auth/status', undefined, { auth: false, headers });
    expect(status.json).toMatchObject({ authenticated: true, method: 'session', csrf_token: csrf });

    await h.api('POST', '/api/auth/logout', undefined, { auth: false, headers });
    expect((await h.api('GET', '/api/content/drafts', undefined, { auth: false, headers })).status).toBe(401);
  });

  it('throttles passphrase guessing per address: the 6th try within 15 minutes is 429 with Retry-After', async () => {
    const attempt = (passphrase: string) =>
      h.server.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: 'localhost' },
        payload: { passphrase },
        remoteAddress: '10.0.0.9',
      });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong guess')).statusCode).toBe(401);
    const sixth = await attempt(PASSPHRASE);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('10.0.0.10')).response.statusCode).toBe(200);
  });
});

describe('host guard, error shape, limits', () => {
  it('answers only loopback names and configured hosts (DNS rebinding)', async () => {
    const evil = await h.api('GET', '/api/health', undefined, { headers: { host: 'evil.example:3001' } });
    expect(evil.status).toBe(403);
    expect(evil.json.error).toMatchObject({ code: 'forbidden' });
    for (const host of ['localhost:3001', '127.0.0.1', '[::1]:3001']) {
      expect((await h.api('GET', '/api/health', undefined, { headers: { host } })).status).toBe(200);
    }
  });

  it('unknown routes, invalid input and oversized bodies get the one error shape', async () => {
    expect((await h.api('GET', '/api/nope')).json).toEqual({
      error: { code: 'not_found', message: 'no route GET /api/nope' },
    });
    const invalid = await h.api('GET', '/api/content/drafts?limit=0');
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toMatchObject({
      code: 'validation_error',
      details: { issues: [{ path: 'limit' }] },
    });
    const big = await h.api('POST', '/api/content/drafts', { content: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe('payload_too_large');
    const array = await h.api('POST', '/api/content/drafts', [1, 2]);
    expect(array.status).toBe(400);
  });
});
