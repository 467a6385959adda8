// The account's pacing on both stores: a write takes the next slot and moves it a gap on, an early one is
// told when its turn comes, a held post keeps its first ask, and processes asking at once get one slot.
import { afterEach, describe, expect, it } from 'vitest';
import { type StoreProcesses, storeProcesses } from '../../../../test/support/store-processes.js';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { PacingRequest } from '../../../core/ports/pacing-store.js';
import { PacingRepository } from './pacing-repository.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const seconds = (n: number) => new Date(NOW.getTime() + n * 1000);
const GAP = 60_000;

const ask = (now: Date, more: Partial<PacingRequest> = {}): PacingRequest => ({
  actor: 'agent',
  action: 'like',
  now,
  gapMs: GAP,
  ...more,
});

describe.each(STORES)('PacingRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let processes: StoreProcesses | undefined;
  afterEach(async () => {
    await processes?.close();
    processes = undefined;
  });

  it('grants a slot, refuses until the gap has passed, and keeps accounts apart', async () => {
    const store = await stores.open();
    const pacing = new PacingRepository(store, DEFAULT_ACCOUNT_ID);
    expect(await pacing.nextAllowedAt()).toBeUndefined();
    expect(await pacing.reserve(ask(NOW))).toEqual({ granted: true });
    expect(await pacing.nextAllowedAt()).toEqual(seconds(60));
    expect(await pacing.reserve(ask(seconds(30)))).toEqual({ granted: false, nextAllowedAt: seconds(60) });
    expect(await pacing.reserve(ask(seconds(60)))).toEqual({ granted: true });
    expect(await pacing.nextAllowedAt()).toEqual(seconds(120));

    await store.db.insertInto('accounts').values({ id: 'other', label: 'other' }).execute();
    const other = new PacingRepository(store, 'other');
    expect(await other.reserve(ask(seconds(61)))).toEqual({ granted: true });
  });

  it('keeps a held post’s first ask, so its wait is measured in the figures', async () => {
    const pacing = new PacingRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    await pacing.reserve(ask(NOW));
    const held = { subject: 'job:7', actor: 'loop:content', action: 'tweet' };
    expect((await pacing.reserve(ask(seconds(10), held))).granted).toBe(false);
    expect((await pacing.reserve(ask(seconds(40), held))).granted).toBe(false);
    expect(await pacing.reserve(ask(seconds(70), held))).toEqual({ granted: true });
    // Granted again (a retry of the same post) keeps the first grant.
    await pacing.reserve(ask(seconds(200), held));
    await pacing.reserve(ask(seconds(300)));
    await pacing.reserve(ask(seconds(1300)));
    expect(await pacing.figures(NOW, seconds(3600))).toEqual({
      writes: 4,
      smallestGapSeconds: 70,
      busiestQuarterHour: 3,
      longestWaitSeconds: 60,
    });
    expect(await pacing.figures(seconds(100), seconds(3600))).toEqual({
      writes: 2,
      smallestGapSeconds: 1000,
      busiestQuarterHour: 1,
      longestWaitSeconds: 0,
    });
    expect(await pacing.figures(seconds(4000), seconds(5000))).toEqual({
      writes: 0,
      smallestGapSeconds: null,
      busiestQuarterHour: 0,
      longestWaitSeconds: 0,
    });
  });

  it('gives one slot to the processes asking at the same moment', async () => {
    processes = await storeProcesses(dialect, 3);
    const verdicts = await Promise.all(
      processes.stores.flatMap((store) =>
        [0, 1, 2, 3].map((n) =>
          new PacingRepository(store, DEFAULT_ACCOUNT_ID).reserve(ask(NOW, { subject: `job:${n}` })),
        ),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.granted)).toHaveLength(1);
    expect(verdicts.filter((verdict) => !verdict.granted)).toHaveLength(11);
    expect(
      await new PacingRepository(processes.stores[2] as never, DEFAULT_ACCOUNT_ID).nextAllowedAt(),
    ).toEqual(seconds(60));
  });
});
