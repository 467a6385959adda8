// Token refresh against the fake: single-flight under concurrency, rotated tokens saved before use,
// crash safety of the token file, and a dead refresh chain reported plainly.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokenRefreshLoop } from '../../src/automation/loops/token-refresh.js';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { platformOAuth } from '../../src/infra/social/create-social-backend.js';
import { TokenManager } from '../../src/infra/social/token-manager.js';
import { TokenStore } from '../../src/infra/social/token-store.js';
import { type SocialHarness, startSocialHarness } from '../support/social-harness.js';

let h: SocialHarness;
beforeAll(async () => {
  h = await startSocialHarness();
});
beforeEach(() => {
  h.fake.faults.clear();
  h.fake.requests.length = 0;
  new TokenStore(h.tokensPath).clearRefreshMarker();
});
afterAll(() => h.close());

const stored = () => JSON.parse(readFileSync(h.tokensPath, 'utf8'));

describe('token refresh', () => {
  it('10 parallel calls with an expired token cause exactly one refresh', async () => {
    h.storeToken({ expiresInSeconds: 60 });
    h.clock.advance(120_000);
    const social = h.backend();
    const before = h.fake.state.stats.refreshGrants;
    const users = await Promise.all(Array.from({ length: 10 }, () => social.read.getUserById('1001')));
    expect(users.every((u) => u.id === '1001')).toBe(true);
    expect(h.fake.state.stats.refreshGrants - before).toBe(1);
    expect(h.seen().filter((s) => s === 'POST /2/oauth2/token')).toHaveLength(1);
  });

  it('saves the rotated tokens before use: a fresh process picks them up, the spent refresh token is dead', async () => {
    const original = h.storeToken({ expiresInSeconds: 60 });
    h.clock.advance(120_000);
    await h.backend().read.getMe();
    const rotated = stored();
    expect(rotated.refresh_token).not.toBe(original.refresh_token);
    expect(rotated.access_token).not.toBe(original.access_token);
    expect(new Date(rotated.expires_at).getTime()).toBeGreaterThan(h.clock.now());
    expect(rotated.user_id).toBe('1000');

    // "Restart": a new backend reads only what is on disk.
    await expect(h.backend().read.getUserById('1002')).resolves.toMatchObject({ id: '1002' });
    const reuse = await fetch(`${h.fake.url}/2/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: original.refresh_token ?? '',
        client_id: 'test-client',
      }),
    });
    expect(reuse.status).toBe(400);
  });

  it('refreshes shortly before expiry (background job), not after', async () => {
    h.storeToken({ expiresInSeconds: 3600 });
    const social = h.backend();
    const logger = { warn() {}, error() {}, info() {} };
    const before = h.fake.state.stats.refreshGrants;
    await tokenRefreshLoop.run({ social, logger } as never, { signal: new AbortController().signal });
    expect(h.fake.state.stats.refreshGrants).toBe(before);
    h.clock.advance((3600 - 200) * 1000);
    await tokenRefreshLoop.run({ social, logger } as never, { signal: new AbortController().signal });
    expect(h.fake.state.stats.refreshGrants).toBe(before + 1);
    expect(social.tokens?.health()).toMatchObject({ state: 'valid' });
  });

  it('a refresh interrupted after the platform rotated the token is reported as a dead chain, clearly', async () => {
    const original = h.storeToken({ expiresInSeconds: 60 });
    h.clock.advance(120_000);
    h.fake.faults.inject({ path: '/2/oauth2/token', action: faultPresets.dropAfterCommit() });
    await expect(h.backend().read.getMe()).rejects.toMatchObject({ code: 'social_network_error' });
    // Nothing on disk was damaged: the old tokens are intact, the interruption is recorded.
    expect(stored().refresh_token).toBe(original.refresh_token);
    expect(new TokenStore(h.tokensPath).interruptedRefresh()).toBeInstanceOf(Date);

    h.clock.advance(60_000);
    const error = await h
      .backend()
      .read.getMe()
      .catch((e) => e);
    expect(error.code).toBe('social_auth_expired');
    expect(error.message).toMatch(
      /refresh chain is dead: a refresh started at .* was interrupted .*; run `app auth`/,
    );
    const social = h.backend();
    await social.read.getMe().catch(() => {});
    expect(social.tokens?.health()).toMatchObject({ state: 'dead' });
  });

  it('a new login (tokens.json rewritten) revives a dead chain without a restart', async () => {
    h.storeToken({ expiresInSeconds: 60 });
    h.clock.advance(120_000);
    h.fake.faults.inject({
      path: '/2/oauth2/token',
      action: faultPresets.status(400, { error: 'invalid_request' }),
    });
    const social = h.backend();
    await expect(social.read.getMe()).rejects.toMatchObject({ code: 'social_auth_expired' });
    h.storeToken();
    await expect(social.read.getMe()).resolves.toMatchObject({ id: '1000' });
  });

  it('waits for another live process that is refreshing instead of spending the token twice', async () => {
    h.storeToken({ expiresInSeconds: 60 });
    h.clock.advance(120_000);
    const other = fork('-e', ['setTimeout(() => {}, 10000)'], { stdio: 'ignore' });
    try {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${h.tokensPath}.refreshing`, `${h.appClock.now().toISOString()} ${other.pid}`);
      const manager = new TokenManager({
        store: new TokenStore(h.tokensPath),
        oauth: platformOAuth(h.config()),
        clock: h.appClock,
      });
      const before = h.fake.state.stats.refreshGrants;
      const waiting = manager.current();
      setTimeout(() => h.storeToken(), 250); // the other process saves its refreshed tokens
      const grant = await waiting;
      expect(grant.accessToken).toBe(stored().access_token);
      expect(h.fake.state.stats.refreshGrants).toBe(before);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('the token file survives a kill mid-write: always complete JSON of one version', async () => {
    const child = fork(
      new URL('../support/token-writer-child.ts', import.meta.url).pathname,
      [h.tokensPath],
      {
        execArgv: ['--import', 'tsx'],
        stdio: 'ignore',
      },
    );
    await new Promise((resolve) => child.once('message', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const file = new TokenStore(h.tokensPath).read();
    expect(file.state).toBe('ok');
    if (file.state === 'ok') expect(file.tokens.access_token).toMatch(/^access-\d+-x{2000}$/);
  });
});
