// The refresh marker as a cross-process lock, state by state: free, held by a live process, abandoned
// (holder dead, stale, unreadable, or in doubt after network trouble), and released only by its holder.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformOAuth } from '../../src/infra/social/platform-oauth.js';
import { TokenManager } from '../../src/infra/social/token-manager.js';
import { TokenStore } from '../../src/infra/social/token-store.js';
import { refusedUrl } from '../support/refused-port.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const T0 = new Date('2026-11-22T12:00:00.000Z');
const LATER = new Date(T0.getTime() + 1000);
const STALE_MS = 30_000;

let home: TempHome;
let store: TokenStore;
beforeEach(() => {
  home = createTempHome();
  store = new TokenStore(`${home.dir}/tokens.json`);
});
afterEach(() => home.cleanup());

const markerPath = () => `${store.path}.refreshing`;
const marker = () => (existsSync(markerPath()) ? readFileSync(markerPath(), 'utf8') : undefined);
/** A live process that is not this one: the test runner that started us. */
const livePid = () => process.ppid;
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('refresh lock', () => {
  it('a free lock is claimed with the start time and pid; nothing else is left beside it', () => {
    expect(store.claimRefresh(T0, STALE_MS)).toEqual({});
    expect(marker()).toBe(`${T0.toISOString()} ${process.pid}`);
    expect(readdirSync(home.dir).filter((name) => name.startsWith('tokens.json'))).toEqual([
      'tokens.json.refreshing',
    ]);
    store.releaseRefresh();
    expect(marker()).toBeUndefined();
  });

  it('a fresh claim of another live process holds', () => {
    writeFileSync(markerPath(), `${T0.toISOString()} ${livePid()}`);
    expect(store.claimRefresh(LATER, STALE_MS)).toBeUndefined();
    expect(marker()).toBe(`${T0.toISOString()} ${livePid()}`);
  });

  it.each([
    ['its holder is dead', () => `${T0.toISOString()} ${deadPid()}`, LATER],
    ['it is stale', () => `${T0.toISOString()} ${livePid()}`, new Date(T0.getTime() + STALE_MS)],
    ['its holder gave up in doubt', () => `${T0.toISOString()} ${livePid()} in-doubt`, LATER],
  ])('an abandoned claim is taken over when %s, naming when it started', (_, text, at) => {
    writeFileSync(markerPath(), text());
    expect(store.claimRefresh(at, STALE_MS)).toEqual({ interrupted: T0 });
    expect(marker()).toBe(`${at.toISOString()} ${process.pid}`);
  });

  it('an unreadable marker is taken over rather than waited for', () => {
    writeFileSync(markerPath(), 'garbage');
    expect(store.claimRefresh(T0, STALE_MS)).toEqual({ interrupted: new Date(0) });
    expect(marker()).toBe(`${T0.toISOString()} ${process.pid}`);
  });

  it('releasing in doubt keeps the record for the next refresh but lets waiters take over', () => {
    store.claimRefresh(T0, STALE_MS);
    store.releaseInDoubt();
    expect(marker()).toBe(`${T0.toISOString()} ${process.pid} in-doubt`);
    expect(store.interruptedRefresh()).toEqual(T0);
    expect(new TokenStore(store.path).claimRefresh(LATER, STALE_MS)).toEqual({ interrupted: T0 });
  });

  it('a holder never releases a claim that is no longer its own', () => {
    store.claimRefresh(T0, STALE_MS);
    const taker = `${LATER.toISOString()} ${livePid()}`;
    writeFileSync(markerPath(), taker); // taken over meanwhile (stale)
    store.releaseRefresh();
    expect(marker()).toBe(taker);
    store.releaseInDoubt();
    expect(marker()).toBe(taker);
  });

  it('a new login clears any record', () => {
    writeFileSync(markerPath(), `${T0.toISOString()} ${livePid()}`);
    store.clearRefreshMarker();
    expect(marker()).toBeUndefined();
    expect(store.interruptedRefresh()).toBeUndefined();
  });

  it('a refresh that never reached the platform leaves no record: nothing was spent', async () => {
    store.write({
      access_token: 'old-access',
      refresh_token: 'old-refresh',
      token_type: 'bearer',
      expires_at: T0.toISOString(),
      scopes: ['tweet.read'],
    });
    const closed = refusedUrl(); // the connection is refused
    const manager = new TokenManager({
      store,
      oauth: new PlatformOAuth({
        clientId: 'test-client',
        authorizeUrl: `${closed}/i/oauth2/authorize`,
        tokenUrl: `${closed}/2/oauth2/token`,
        timeoutMs: 2000,
      }),
      clock: { now: () => LATER },
    });
    await expect(manager.current()).rejects.toMatchObject({ code: 'social_network_error' });
    expect(marker()).toBeUndefined();
    expect(store.interruptedRefresh()).toBeUndefined();
  });
});
