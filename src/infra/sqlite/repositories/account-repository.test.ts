// The accounts' rows on both stores: names find their rows, a refused file edit leaves the rows as they
// were, one platform user belongs to one account, and processes starting at once agree on the ids.
import { describe, expect, it } from 'vitest';
import { freshPostgres, STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { openPostgres } from '../../postgres/open-postgres.js';
import { AccountRepository } from './account-repository.js';

const refuse = () => {
  throw new Error('the file edit was refused');
};

describe.each(STORES)('AccountRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('gives the default account the seeded row and each further name a row of its own, stable over starts', async () => {
    const rows = new AccountRepository(await stores.open());
    const first = await rows.ensure(['personal', 'work', 'club']);
    expect(first.get('personal')).toBe(DEFAULT_ACCOUNT_ID);
    expect(new Set(first.values()).size).toBe(3);
    expect(await rows.ensure(['personal', 'work', 'club'])).toEqual(first);
    expect((await rows.list()).map((row) => row.name).sort()).toEqual(['club', 'personal', 'work']);
    expect(rows.labelOf(first.get('work') as string)).toBe('work');
  });

  it('claims a row for a new name, and undoes the claim when the file edit inside it is refused', async () => {
    const rows = new AccountRepository(await stores.open());
    await rows.ensure(['default']);
    await expect(rows.claim('work', refuse)).rejects.toThrow('the file edit was refused');
    expect((await rows.list()).map((row) => row.name)).toEqual(['default']);
    let edited = false;
    const claimed = await rows.claim('work', () => {
      edited = true;
    });
    expect(edited).toBe(true);
    expect(claimed.existed).toBe(false);
    expect((await rows.list()).map((row) => [row.name, row.status])).toEqual([
      ['default', 'active'],
      ['work', 'active'],
    ]);
  });

  it('keeps a removed account’s row disabled with its data, and gives it back when the name returns', async () => {
    const rows = new AccountRepository(await stores.open());
    const ids = await rows.ensure(['default', 'work']);
    const work = ids.get('work') as string;
    await expect(rows.disable(work, refuse)).rejects.toThrow();
    expect((await rows.list()).find((row) => row.id === work)?.status).toBe('active');
    await rows.disable(work, () => {});
    expect((await rows.list()).find((row) => row.id === work)?.status).toBe('disabled');
    expect(await rows.claim('work', () => {})).toEqual({ id: work, existed: true });
    expect((await rows.list()).find((row) => row.id === work)?.status).toBe('active');
  });

  it('relabels a row (a rename) only when the edit inside succeeds', async () => {
    const rows = new AccountRepository(await stores.open());
    const work = (await rows.ensure(['default', 'work'])).get('work') as string;
    await expect(rows.relabel(work, 'office', refuse)).rejects.toThrow();
    expect(rows.labelOf(work)).toBe('work');
    await rows.relabel(work, 'office', () => {});
    expect(rows.labelOf(work)).toBe('office');
    expect((await rows.ensure(['default', 'office'])).get('office')).toBe(work);
  });

  it('refuses a platform user another active account holds, naming that account', async () => {
    const rows = new AccountRepository(await stores.open());
    const ids = await rows.ensure(['default', 'work', 'club']);
    const user = { id: '42', username: 'maker' };
    await rows.claimPlatformUser(DEFAULT_ACCOUNT_ID, user, () => undefined);
    await expect(
      rows.claimPlatformUser(ids.get('work') as string, user, () => undefined),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining("account 'default'") });
    // Logged in before rows recorded users: the saved login says who.
    await expect(
      rows.claimPlatformUser(ids.get('work') as string, { id: '7', username: 'other' }, (account) =>
        account.id === ids.get('club') ? '7' : undefined,
      ),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining("account 'club'") });
    expect((await rows.list()).find((row) => row.id === DEFAULT_ACCOUNT_ID)?.platformUserId).toBe('42');
  });

  it('purges a further account’s rows but never the seeded one', async () => {
    const rows = new AccountRepository(await stores.open());
    const work = (await rows.ensure(['default', 'work'])).get('work') as string;
    await expect(rows.purge(DEFAULT_ACCOUNT_ID)).rejects.toThrow('never purged');
    expect(await rows.purge(work)).toBe(0);
    expect((await rows.list()).map((row) => row.name)).toEqual(['default']);
  });
});

describe('AccountRepository across processes (postgres)', () => {
  it('gives processes starting at once the same ids for the same names', async () => {
    const database = await freshPostgres();
    const stores = await Promise.all(
      [1, 2, 3, 4].map(() => openPostgres({ url: database.url, migrate: false })),
    );
    try {
      const names = ['default', 'work', 'club', 'shop'];
      const answers = await Promise.all(stores.map((store) => new AccountRepository(store).ensure(names)));
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(await new AccountRepository(stores[0] as (typeof stores)[number]).list()).toHaveLength(4);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    }
  });
});
