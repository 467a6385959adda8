// Token refresh across real processes: when the process holding the refresh lock is refused, killed or
// cut off, a waiting process stops waiting at once and reports what really happened. The stale window is
// ten minutes, so a waiter that sat it out would make these tests time out.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { TokenStore } from '../../src/infra/social/token-store.js';
import { type SocialHarness, startSocialHarness } from '../support/social-harness.js';
import type { RefreshOutcome } from '../support/token-refresh-child.js';

const CHILD = new URL('../support/token-refresh-child.ts', import.meta.url).pathname;
const TEN_MINUTES = 600_000;
const TOKEN_PATH = '/2/oauth2/token';

let h: SocialHarness;
const children: ChildProcess[] = [];
beforeAll(async () => {
  h = await startSocialHarness();
});
beforeEach(() => {
  h.fake.faults.clear();
  h.fake.requests.length = 0;
  new TokenStore(h.tokensPath).clearRefreshMarker();
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => h.close());

interface Refresher {
  pid: number;
  /** Asks the child for a usable token; resolves with what it reported. */
  go(): Promise<RefreshOutcome>;
  kill(): Promise<void>;
}

/** Starts a process with its own TokenManager on the harness's tokens, ready to refresh on go(). */
async function startRefresher(): Promise<Refresher> {
  const child = fork(
    CHILD,
    [h.tokensPath, `${h.fake.url}${TOKEN_PATH}`, h.appClock.now().toISOString(), String(TEN_MINUTES)],
    { execArgv: ['--import', 'tsx'], stdio: 'ignore' },
  );
  children.push(child);
  await new Promise((resolve) => child.once('message', resolve));
  return {
    pid: child.pid as number,
    go() {
      const outcome = new Promise<RefreshOutcome>((resolve) => child.once('message', resolve));
      child.send('go');
      return outcome;
    },
    async kill() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const markerPath = () => `${h.tokensPath}.refreshing`;
const marker = () => (existsSync(markerPath()) ? readFileSync(markerPath(), 'utf8') : undefined);
const stored = () => JSON.parse(readFileSync(h.tokensPath, 'utf8'));
const tokenRequests = () => h.seen().filter((s) => s === `POST ${TOKEN_PATH}`).length;

/** An expired token with a refresh token, as a long-idle install has it. */
function expiredLogin() {
  const login = h.storeToken({ expiresInSeconds: 60 });
  h.clock.advance(120_000);
  return login;
}

/**
 * Starts the processes, lets the holder claim the refresh and reach the platform (`arrived` says when),
 * then sets the waiters going while the holder still holds the lock.
 */
async function holderThenWaiters(arrived: () => boolean, waiterCount = 1) {
  const [holder, ...waiters] = await Promise.all(
    Array.from({ length: waiterCount + 1 }, () => startRefresher()),
  );
  if (!holder) throw new Error('no holder started');
  const order: string[] = [];
  const holderDone = holder.go().then((outcome) => {
    order.push('holder');
    return outcome;
  });
  await vi.waitFor(
    () => {
      expect(marker()).toMatch(new RegExp(`^\\S+ ${holder.pid}$`));
      expect(arrived()).toBe(true);
    },
    { timeout: 5000, interval: 20 },
  );
  const waitersDone = waiters.map((waiter) =>
    waiter.go().then((outcome) => {
      order.push('waiter');
      return outcome;
    }),
  );
  return { holder, holderDone, waitersDone, order };
}

/** One holder and one waiter. */
async function holderThenWaiter(arrived: () => boolean) {
  const run = await holderThenWaiters(arrived);
  return { ...run, waiterDone: run.waitersDone[0] as Promise<RefreshOutcome> };
}

const faultTaken = () => h.fake.faults.list().length === 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('token refresh across processes', { timeout: 15_000 }, () => {
  it('holder refused: the waiter stops when the lock is released and reports the dead chain', async () => {
    const login = expiredLogin();
    h.fake.state.auth.revoke(login.refresh_token as string); // the platform no longer accepts the chain
    h.fake.faults.inject({ path: TOKEN_PATH, action: faultPresets.latency(1000) });
    const run = await holderThenWaiter(faultTaken);

    const holder = await run.holderDone;
    const waiter = await run.waiterDone;
    expect(holder).toMatchObject({ ok: false, code: 'social_auth_expired' });
    expect(waiter).toMatchObject({ ok: false, code: 'social_auth_expired' });
    if (!waiter.ok) {
      expect(waiter.message).toMatch(/refresh chain is dead: the platform no longer accepts .*`app auth`/);
    }
    // It waited for the holder, then asked the platform once itself.
    expect(run.order).toEqual(['holder', 'waiter']);
    expect(tokenRequests()).toBe(2);
    expect(stored().refresh_token).toBe(login.refresh_token);
    expect(marker()).toBeUndefined();
  });

  it('holder killed before the platform saw its refresh: the waiter takes over and succeeds', async () => {
    const login = expiredLogin();
    const grants = h.fake.state.stats.refreshGrants;
    // The holder's request sits in the platform's queue; it is answered only after the holder is gone.
    h.fake.faults.inject({ path: TOKEN_PATH, action: faultPresets.latency(1500) });
    const run = await holderThenWaiter(faultTaken);
    await pause(100); // the waiter is now waiting on the live holder
    await run.holder.kill();

    const waiter = await run.waiterDone;
    expect(waiter.ok).toBe(true);
    const saved = stored();
    expect(saved.refresh_token).not.toBe(login.refresh_token);
    expect(waiter).toEqual({ ok: true, accessToken: saved.access_token });
    expect(h.fake.state.stats.refreshGrants).toBe(grants + 1);
    expect(marker()).toBeUndefined();
  });

  it('holder killed after the platform rotated the token: the waiter reports the interrupted refresh', async () => {
    const login = expiredLogin();
    const grants = h.fake.state.stats.refreshGrants;
    h.fake.faults.inject({ path: TOKEN_PATH, action: faultPresets.holdAfterCommit(3000) });
    const run = await holderThenWaiter(() => h.fake.state.stats.refreshGrants === grants + 1);
    const claimedAt = marker()?.split(' ')[0];
    await pause(100); // the waiter is now waiting on the live holder
    await run.holder.kill();

    const waiter = await run.waiterDone;
    expect(waiter).toMatchObject({ ok: false, code: 'social_auth_expired' });
    if (!waiter.ok) {
      expect(waiter.message).toContain(
        `refresh chain is dead: a refresh started at ${claimedAt} was interrupted before its tokens were saved`,
      );
    }
    // Nothing on disk was damaged: the old tokens are intact, and the waiter released the lock.
    expect(stored().refresh_token).toBe(login.refresh_token);
    expect(marker()).toBeUndefined();
  });

  it('holder cut off after the platform rotated the token: it stays alive, the waiter reports the interruption', async () => {
    const login = expiredLogin();
    h.fake.faults.inject({ path: TOKEN_PATH, action: faultPresets.latency(1000) });
    h.fake.faults.inject({ path: TOKEN_PATH, action: faultPresets.dropAfterCommit() });
    const run = await holderThenWaiter(faultTaken);

    const holder = await run.holderDone;
    const waiter = await run.waiterDone;
    expect(holder).toMatchObject({ ok: false, code: 'social_network_error' });
    expect(waiter).toMatchObject({ ok: false, code: 'social_auth_expired' });
    if (!waiter.ok) expect(waiter.message).toMatch(/a refresh started at .* was interrupted/);
    expect(run.order).toEqual(['holder', 'waiter']);
    expect(children[0]?.exitCode).toBeNull(); // the holder is alive: only its doubt released the lock
    expect(stored().refresh_token).toBe(login.refresh_token);
  });

  it('holder cut off before the platform saw its refresh: the waiter takes over and succeeds', async () => {
    const login = expiredLogin();
    h.fake.faults.inject({ path: TOKEN_PATH, action: faultPresets.latency(1000) });
    h.fake.faults.inject({ path: TOKEN_PATH, action: faultPresets.drop() });
    const run = await holderThenWaiter(faultTaken);

    const holder = await run.holderDone;
    const waiter = await run.waiterDone;
    expect(holder).toMatchObject({ ok: false, code: 'social_network_error' });
    expect(waiter).toEqual({ ok: true, accessToken: stored().access_token });
    expect(stored().refresh_token).not.toBe(login.refresh_token);
    expect(run.order).toEqual(['holder', 'waiter']);
    expect(marker()).toBeUndefined();
  });

  it('several waiters, holder killed before the platform saw its refresh: exactly one takes over, all use its tokens', async () => {
    expiredLogin();
    const grants = h.fake.state.stats.refreshGrants;
    h.fake.faults.inject({ path: TOKEN_PATH, action: faultPresets.latency(1500) });
    const run = await holderThenWaiters(faultTaken, 3);
    await pause(100); // the waiter is now waiting on the live holder
    await run.holder.kill();

    const outcomes = await Promise.all(run.waitersDone);
    const saved = stored();
    expect(outcomes).toEqual(outcomes.map(() => ({ ok: true, accessToken: saved.access_token })));
    expect(h.fake.state.stats.refreshGrants).toBe(grants + 1);
    expect(marker()).toBeUndefined();
  });
});
