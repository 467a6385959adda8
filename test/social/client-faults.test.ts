// Every fault the fake can inject, mapped to the spec's error codes; reads retried, writes never blindly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import type { SocialBackend } from '../../src/infra/social/create-social-backend.js';
import { type SocialHarness, startSocialHarness } from '../support/social-harness.js';

let h: SocialHarness;
let social: SocialBackend;
beforeAll(async () => {
  h = await startSocialHarness();
});
beforeEach(() => {
  h.fake.faults.clear();
  h.fake.requests.length = 0;
  h.storeToken();
  social = h.backend();
});
afterAll(() => h.close());

const countOf = (path: string) => h.seen().filter((s) => s.endsWith(path)).length;

describe('fault mapping', () => {
  it('429 → social_rate_limited with the reset time, then fails fast until the reset', async () => {
    h.fake.faults.inject({ path: '/2/users/1002', action: faultPresets.rateLimited(120) });
    const error = await social.read.getUserById('1002').catch((e) => e);
    expect(error).toMatchObject({ code: 'social_rate_limited', retryable: true });
    expect(error.resetAt.getTime()).toBe(h.clock.now() + 120_000);
    await expect(social.read.getUserById('1002')).rejects.toMatchObject({ code: 'social_rate_limited' });
    expect(countOf('/2/users/1002')).toBe(1);
    h.clock.advance(121_000);
    await expect(social.read.getUserById('1002')).resolves.toMatchObject({ id: '1002' });
  });

  it('401 → one refresh and retry; a second 401 → social_auth_expired', async () => {
    h.fake.faults.inject({ path: '/2/users/1003', action: faultPresets.expiredToken() });
    await expect(social.read.getUserById('1003')).resolves.toMatchObject({ id: '1003' });
    expect(h.fake.state.stats.refreshGrants).toBeGreaterThanOrEqual(1);
    h.fake.faults.inject({ path: '/2/users/1003', action: faultPresets.expiredToken(), times: 2 });
    await expect(social.read.getUserById('1003')).rejects.toMatchObject({
      code: 'social_auth_expired',
      retryable: false,
    });
  });

  it('403 variants → social_forbidden (with the tier named) or social_account_restricted', async () => {
    h.fake.faults.inject({ path: '/2/users/1004', action: faultPresets.forbidden() });
    await expect(social.read.getUserById('1004')).rejects.toMatchObject({ code: 'social_forbidden' });
    h.fake.faults.inject({ path: '/2/users/1004', action: faultPresets.tierForbidden() });
    await expect(social.read.getUserById('1004')).rejects.toMatchObject({
      code: 'social_forbidden',
      message: expect.stringContaining('access tier'),
    });
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.suspended() });
    await expect(social.write.postTweet({ text: 'while suspended' })).rejects.toMatchObject({
      code: 'social_account_restricted',
    });
  });

  it('5xx on a read is retried with back-off and succeeds; persistent 5xx → social_api_error after 3 tries', async () => {
    h.fake.faults.inject({ path: '/2/users/1005', action: faultPresets.serverError(503) });
    await expect(social.read.getUserById('1005')).resolves.toMatchObject({ id: '1005' });
    expect(countOf('/2/users/1005')).toBe(2);
    h.fake.faults.inject({ path: '/2/users/1006', action: faultPresets.serverError(500), times: -1 });
    await expect(social.read.getUserById('1006')).rejects.toMatchObject({
      code: 'social_api_error',
      retryable: true,
    });
    expect(countOf('/2/users/1006')).toBe(3);
  });

  it('a write is never retried blindly: 5xx, dropped connection and drop-after-commit each send once', async () => {
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.serverError(503) });
    await expect(social.write.postTweet({ text: 'once (503)' })).rejects.toMatchObject({
      code: 'social_api_error',
    });
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.drop() });
    await expect(social.write.postTweet({ text: 'once (drop)' })).rejects.toMatchObject({
      code: 'social_network_error',
    });
    const before = h.fake.state.stats.tweetsCreated;
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.dropAfterCommit() });
    await expect(social.write.postTweet({ text: 'once (committed)' })).rejects.toMatchObject({
      code: 'social_network_error',
      retryable: true,
    });
    expect(h.fake.state.stats.tweetsCreated).toBe(before + 1);
    expect(h.seen().filter((s) => s === 'POST /2/tweets')).toHaveLength(3);
  });

  it('a dropped read is retried; a slow answer times out as social_network_error', async () => {
    h.fake.faults.inject({ path: '/2/users/1009', action: faultPresets.drop() });
    await expect(social.read.getUserById('1009')).resolves.toMatchObject({ id: '1009' });
    const slow = h.backend({ social_api: { request_timeout_seconds: 1 } });
    h.fake.faults.inject({ path: '/2/users/1010', action: faultPresets.latency(1500), times: -1 });
    await expect(slow.read.getUserById('1010')).rejects.toMatchObject({
      code: 'social_network_error',
      message: expect.stringContaining('timed out'),
    });
  }, 15_000);

  it('HTML pages, truncated JSON and missing fields → social_api_error with an excerpt, never a crash', async () => {
    h.fake.faults.inject({ path: '/2/users/1011', action: faultPresets.html(502), times: -1 });
    await expect(social.read.getUserById('1011')).rejects.toMatchObject({
      code: 'social_api_error',
      message: expect.stringMatching(/HTTP 502/),
    });
    h.fake.faults.inject({ path: '/2/users/1012', action: faultPresets.malformed() });
    await expect(social.read.getUserById('1012')).rejects.toMatchObject({
      code: 'social_api_error',
      message: expect.stringContaining('malformed response (HTTP 200, not JSON)'),
    });
    h.fake.faults.inject({ path: '/2/users/1001', action: faultPresets.missingFields() });
    await expect(social.read.getUserById('1001')).rejects.toMatchObject({
      code: 'social_api_error',
      message: expect.stringContaining('malformed response'),
    });
  });

  it('no tokens → social_not_configured; a missing scope → social_forbidden before any request', async () => {
    const { rmSync } = await import('node:fs');
    rmSync(h.tokensPath);
    await expect(h.backend().read.getMe()).rejects.toMatchObject({ code: 'social_not_configured' });
    h.storeToken({ scopes: ['tweet.read', 'users.read'] });
    const before = h.fake.requests.length;
    await expect(h.backend().write.like('1')).rejects.toMatchObject({
      code: 'social_forbidden',
      message: expect.stringContaining('like.write'),
    });
    expect(h.fake.requests.length).toBe(before);
  });
});
