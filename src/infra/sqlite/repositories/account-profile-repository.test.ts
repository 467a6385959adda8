// The kept account profile on both stores: saved and read back per account, the picture's bytes kept,
// replaced or dropped as asked, and a 'keep' with no row yet saving no picture.
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { AccountProfileRepository } from './account-profile-repository.js';

const OTHER = '11111111-1111-4111-8111-111111111111';
const PNG = { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), content_type: 'image/png' as const };
const AT = new Date('2026-11-22T08:00:00.000Z');
const profile = (name: string, url: string | null) => ({
  user_id: `u-${name}`,
  username: name,
  display_name: name.toUpperCase(),
  picture_url: url,
  fetched_at: AT,
});

describe.each(STORES)('AccountProfileRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('keeps one profile per account, with its picture read apart', async () => {
    const store = await stores.open();
    await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
    const mine = new AccountProfileRepository(store, DEFAULT_ACCOUNT_ID);
    expect(await mine.read()).toBeUndefined();
    await mine.save({ ...profile('ada', 'https://pbs/a.png'), picture: PNG });
    expect(await mine.read()).toEqual({ ...profile('ada', 'https://pbs/a.png'), has_picture: true });
    expect(await mine.picture()).toEqual({ bytes: PNG.bytes, content_type: 'image/png' });
    const other = new AccountProfileRepository(store, OTHER);
    expect(await other.read()).toBeUndefined();
    expect(await other.picture()).toBeUndefined();
  });

  it('keeps the bytes on keep, drops them on null, and saves none on a first keep', async () => {
    const store = await stores.open();
    const mine = new AccountProfileRepository(store, DEFAULT_ACCOUNT_ID);
    await mine.save({ ...profile('ada', 'https://pbs/a.png'), picture: 'keep' });
    expect((await mine.read())?.has_picture).toBe(false);
    await mine.save({ ...profile('ada', 'https://pbs/a.png'), picture: PNG });
    await mine.save({ ...profile('ada lovelace', 'https://pbs/a.png'), picture: 'keep' });
    expect(await mine.read()).toMatchObject({ username: 'ada lovelace', has_picture: true });
    expect((await mine.picture())?.bytes).toEqual(PNG.bytes);
    await mine.save({ ...profile('ada', null), picture: null });
    expect(await mine.read()).toMatchObject({ picture_url: null, has_picture: false });
    expect(await mine.picture()).toBeUndefined();
  });
});
