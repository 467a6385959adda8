// Dashboard sessions and the passphrase on both stores: a session is found by its token until it expires
// and only for its account, setting the passphrase signs every session out, the first passphrase is set once.
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { AuthRepository } from './auth-repository.js';

const OTHER = '11111111-1111-4111-8111-111111111111';
const AT = new Date('2026-11-22T08:00:00.000Z');
const LATER = new Date('2026-11-29T08:00:00.000Z');

describe.each(STORES)('AuthRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('finds a live session by its token for its account only, and not after logout or expiry', async () => {
    const store = await stores.open();
    await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
    const auth = new AuthRepository(store, DEFAULT_ACCOUNT_ID);
    await auth.createSession({ id: 's1', token: 'token-1', csrfToken: 'csrf-1', expiresAt: LATER }, AT);
    await auth.createSession({ id: 's2', token: 'token-2', csrfToken: 'csrf-2', expiresAt: LATER }, AT);
    expect(await auth.findSession('token-1', AT)).toEqual({
      id: 's1',
      csrfToken: 'csrf-1',
      expiresAt: LATER.toISOString(),
    });
    expect(await auth.findSession('token-1', LATER)).toBeUndefined();
    expect(await new AuthRepository(store, OTHER).findSession('token-1', AT)).toBeUndefined();
    await auth.deleteSession('token-1');
    expect(await auth.findSession('token-1', AT)).toBeUndefined();
    expect(await auth.findSession('token-2', AT)).toMatchObject({ id: 's2' });
    const rows = await store.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain('token-2');
  });

  it('sets the first passphrase once, and a new passphrase signs every session of the account out', async () => {
    const store = await stores.open();
    await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
    const auth = new AuthRepository(store, DEFAULT_ACCOUNT_ID);
    const other = new AuthRepository(store, OTHER);
    expect(await auth.passphraseHash()).toBeUndefined();
    expect(await auth.setFirstPassphraseHash('hash-1', AT)).toBe(true);
    expect(await auth.setFirstPassphraseHash('hash-2', AT)).toBe(false);
    expect(await auth.passphraseHash()).toBe('hash-1');
    expect(await other.passphraseHash()).toBeUndefined();

    await auth.createSession({ id: 's1', token: 'token-1', csrfToken: 'c', expiresAt: LATER }, AT);
    await other.createSession({ id: 's9', token: 'token-9', csrfToken: 'c', expiresAt: LATER }, AT);
    await auth.setPassphraseHash('hash-3', AT);
    expect(await auth.passphraseHash()).toBe('hash-3');
    expect(await auth.findSession('token-1', AT)).toBeUndefined();
    expect(await other.findSession('token-9', AT)).toMatchObject({ id: 's9' });
  });
});
