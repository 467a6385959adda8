// The dashboard as the server hands it out: its pages (and only its client routes) with a strict CSP,
// hashed assets cached for good, nothing outside the build; and the first-run passphrase, settable once,
// from this machine only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness();
});
afterAll(async () => {
  await h.close();
});

const get = (url: string) => h.server.inject({ method: 'GET', url, headers: { host: '127.0.0.1:3001' } });
const setup = (passphrase: string, remoteAddress = '127.0.0.1') =>
  h.server.inject({
    method: 'POST',
    url: '/api/auth/setup',
    remoteAddress,
    headers: { host: '127.0.0.1:3001', 'content-type': 'application/json' },
    payload: { passphrase },
  });

describe('dashboard pages', () => {
  it('serves the app for its client routes only, with a CSP that allows nothing but this server', async () => {
    for (const path of ['/', '/drafts', '/login', '/setup']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'; script-src 'self'");
      expect(page.headers['cache-control']).toBe('no-store');
    }
    expect((await get('/nowhere')).statusCode).toBe(404);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec((await get('/drafts')).body)?.[1] ?? '';
    const asset = await get(script);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/assets/../package.json')).statusCode).toBe(404);
  });
});

describe('first-run passphrase', () => {
  it('only from this machine, at least 12 characters, once; then it signs in', async () => {
    expect((await h.api('GET', '/api/auth/status', undefined, { auth: false })).json).toEqual({
      authenticated: false,
      passphrase_set: false,
    });
    const remote = await setup('correct horse battery', '192.168.1.20');
    expect(remote.statusCode).toBe(403);
    expect((await setup('short')).statusCode).toBe(400);
    const first = await setup('correct horse battery');
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/^app_session=[0-9a-f]+; HttpOnly; SameSite=Strict/);
    expect(first.json().csrf_token).toMatch(/^[0-9a-f]{32}$/);
    expect((await setup('another passphrase')).statusCode).toBe(409);
    const login = await h.api(
      'POST',
      '/api/auth/login',
      { passphrase: 'correct horse battery' },
      { auth: false },
    );
    expect(login.status).toBe(200);
  });
});
