// The loop board on both stores: the last snapshot published is what another process reads, per account;
// a row in a shape this version cannot read says nothing.
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { LoopBoardSnapshot } from '../../../core/ports/loop-board.js';
import { LoopBoardRepository } from './loop-board-repository.js';

const OTHER = '11111111-1111-4111-8111-111111111111';

const snapshot = (stopped: boolean, at: string): LoopBoardSnapshot => ({
  pid: 4242,
  publishedAt: new Date(at),
  stopped,
  loops: [],
});

describe.each(STORES)('LoopBoardRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('reads back the last snapshot published for the account, and nothing for another', async () => {
    const store = await stores.open();
    await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
    const board = new LoopBoardRepository(store, DEFAULT_ACCOUNT_ID);
    expect(await board.read()).toBeUndefined();
    await board.publish(snapshot(false, '2026-11-22T08:00:00.000Z'));
    await board.publish(snapshot(true, '2026-11-22T08:00:15.000Z'));
    expect(await board.read()).toEqual(snapshot(true, '2026-11-22T08:00:15.000Z'));
    expect(await new LoopBoardRepository(store, OTHER).read()).toBeUndefined();
  });

  it('reads nothing from a row it cannot parse', async () => {
    const store = await stores.open();
    const board = new LoopBoardRepository(store, DEFAULT_ACCOUNT_ID);
    await store.db
      .insertInto('app_state')
      .values({
        account_id: DEFAULT_ACCOUNT_ID,
        key: 'runtime:loops',
        value: '{"pid":"x"}',
        updated_at: '2026-11-22T08:00:00.000Z',
      })
      .execute();
    expect(await board.read()).toBeUndefined();
  });
});
