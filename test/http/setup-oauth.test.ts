// Connect account from the browser: POST /api/auth/platform/start, the fake platform's consent page
// followed with fetch, the public callback, GET /api/auth/platform/status. The tokens land as `app auth`
// stores them; a replayed state, a wrong state and a refused consent store nothing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID } from '../../src/infra/sandbox/social/index.js';
import { type SetupWorld, startSetupWorld } from '../support/setup-world.js';

const BASE = 'http://127.0.0.1:3001';
const CALLBACK = `${BASE}/api/auth/platform/callback`;

let w: SetupWorld;
beforeEach(async () => {
  w = await startSetupWorld();
  w.fake.state.registerClient({ clientId: 'test-client', redirectUris: [CALLBACK] });
});
afterEach(() => w.close());

const tokensPath = () => `${w.home.dir}/tokens.json`;

/** Starts a login and follows the consent page: the callback URL the platform sends the browser to. */
async function consent(): Promise<{ back: URL; state: string }> {
  const start = await w.api('POST', '/api/auth/platform/start', { base_url: BASE });
  expect(start.status).toBe(200);
  expect(start.json.redirect_uri).toBe(CALLBACK);
  const authorize = new URL(start.json.authorization_url);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  // The verifier never leaves the server.
  expect(JSON.stringify(start.json)).not.toMatch(/verifier/);
  const answer = await fetch(authorize, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return { back: new URL(answer.headers.get('location') ?? ''), state: start.json.state };
}

/** The browser arriving at the callback with what the platform put on the URL. */
async function callback(back: URL) {
  const response = await w.server.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { host: '127.0.0.1:3001', accept: 'text/html' },
  });
  return {
    status: response.statusCode,
    html: response.body,
    csp: response.headers['content-security-policy'],
  };
}

describe('Connect account (platform OAuth 2.0 PKCE from the browser)', () => {
  it('stores the tokens the platform issued (0600), tells the opener, and the status shows the account', async () => {
    expect((await w.api('GET', '/api/auth/platform/status')).json).toMatchObject({ linked: false });
    const { back, state } = await consent();
    expect(back.searchParams.get('state')).toBe(state);
    const page = await callback(back);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Platform account connected');
    expect(page.html).toContain('"type":"platform_linked"');
    expect(page.csp).toContain("default-src 'none'");

    expect(statSync(tokensPath()).mode & 0o777).toBe(0o600);
    const tokens = JSON.parse(readFileSync(tokensPath(), 'utf8'));
    // The access token is one the fake platform issued for this client and the consenting user.
    const issued = w.fake.state.auth.tokens.get(tokens.access_token);
    expect(issued).toMatchObject({ clientId: 'test-client', userId: DEFAULT_USER_ID });
    expect(tokens.user_id).toBe(DEFAULT_USER_ID);
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const status = (await w.api('GET', '/api/auth/platform/status')).json;
    expect(status).toMatchObject({ linked: true, user_id: DEFAULT_USER_ID, username: tokens.username });
    expect((await w.api('GET', '/api/setup/status')).json.platform.linked).toBe(true);
  });

  it('refuses a replayed state: the second arrival stores nothing new', async () => {
    const { back } = await consent();
    expect((await callback(back)).status).toBe(200);
    const first = readFileSync(tokensPath(), 'utf8');
    const replay = await callback(back);
    expect(replay.status).toBe(400);
    expect(replay.html).toContain('unknown, used or expired');
    expect(replay.html).toContain('"type":"platform_link_failed"');
    expect(readFileSync(tokensPath(), 'utf8')).toBe(first);
  });

  it('refuses a state it never handed out', async () => {
    const { back } = await consent();
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-a-state-we-issued');
    const page = await callback(forged);
    expect(page.status).toBe(400);
    expect(page.html).toContain('Connecting the platform account failed');
    expect(existsSync(tokensPath())).toBe(false);
    // An API client (no text/html) gets the JSON error shape.
    const json = await w.server.inject({
      method: 'GET',
      url: `${forged.pathname}${forged.search}`,
      headers: { host: '127.0.0.1:3001' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('validation_error');
  });

  it('a refused consent says so and stores nothing', async () => {
    w.fake.state.setConsent('deny');
    const { back } = await consent();
    expect(back.searchParams.get('error')).toBe('access_denied');
    const page = await callback(back);
    expect(page.status).toBe(400);
    expect(page.html).toContain('did not grant access (access_denied)');
    expect(existsSync(tokensPath())).toBe(false);
    expect((await w.api('GET', '/api/auth/platform/status')).json.linked).toBe(false);
  });

  it('only sends the browser back to a host this server answers to', async () => {
    const start = await w.api('POST', '/api/auth/platform/start', { base_url: 'https://evil.example' });
    expect(start.status).toBe(400);
    expect(start.json.error.message).toContain('allowed_hosts');
  });

  it('needs a client id first', async () => {
    await w.close();
    w = await startSetupWorld({ clientId: false });
    const start = await w.api('POST', '/api/auth/platform/start', { base_url: BASE });
    expect(start.json.error.code).toBe('social_not_configured');
  });
});
