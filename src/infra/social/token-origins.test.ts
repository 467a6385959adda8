// Platform tokens are sent only to the origins they were issued for: a file from before that record is
// bound to the config in force at its first use; a config naming another origin since gets no token.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenManager } from './token-manager.js';
import { TokenStore } from './token-store.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const clock = { now: () => NOW };
const HERE = {
  token: 'https://api.x.com',
  api: 'https://api.x.com',
  upload: 'https://api.x.com',
  legacy_upload: 'https://upload.twitter.com',
  ads: 'https://ads-api.x.com',
};
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function storeWith(origins?: Record<string, string>): TokenStore {
  dir = mkdtempSync(join(tmpdir(), 'token-origins-'));
  const store = new TokenStore(join(dir, 'tokens.json'));
  store.write({
    access_token: 'access-1',
    token_type: 'bearer',
    expires_at: '2026-11-23T12:00:00.000Z',
    scopes: ['tweet.read'],
    ...(origins ? { origins } : {}),
  });
  return store;
}

describe('platform tokens and their origins', () => {
  it('binds a file from before the record to the config at first use, then refuses another origin', async () => {
    const store = storeWith();
    expect((await new TokenManager({ store, clock, origins: HERE }).current()).accessToken).toBe('access-1');
    expect(JSON.parse(readFileSync(store.path, 'utf8')).origins).toEqual(HERE);
    const moved = new TokenManager({ store, clock, origins: { ...HERE, api: 'http://127.0.0.1:9999' } });
    await expect(moved.current()).rejects.toMatchObject({
      code: 'social_not_configured',
      message:
        'the saved platform login was made for https://api.x.com (api); the config now names http://127.0.0.1:9999, where it is never sent: run `app auth` to sign in there',
    });
    expect(moved.health()).toMatchObject({ state: 'invalid' });
  });

  it('tokens issued for these origins work here, and a moved token endpoint refuses them too', async () => {
    const store = storeWith(HERE);
    expect((await new TokenManager({ store, clock, origins: HERE }).current()).accessToken).toBe('access-1');
    await expect(
      new TokenManager({ store, clock, origins: { ...HERE, token: 'https://evil.example' } }).current(),
    ).rejects.toMatchObject({ code: 'social_not_configured' });
  });
});
