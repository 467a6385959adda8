// The login throttle on both stores: the window's failures refuse the next attempt with the seconds until
// the oldest leaves, per client and account; success forgives; an abandoned attempt is no guess; and
// attempts made at once (on Postgres from several processes) never get past the limit.
import { describe, expect, it } from 'vitest';
import { freshPostgres, STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { openPostgres } from '../../postgres/open-postgres.js';
import { LoginFailureRepository } from './login-failure-repository.js';

const OTHER = '11111111-1111-4111-8111-111111111111';
const LIMITS = { maxFailures: 3, windowMs: 60_000 };
const at = (seconds: number) => new Date(Date.parse('2026-11-22T08:00:00.000Z') + seconds * 1000);

describe.each(STORES)('LoginFailureRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('refuses a client with a full window until its oldest failure leaves, per client and account', async () => {
    const store = await stores.open();
    await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
    const failures = new LoginFailureRepository(store, DEFAULT_ACCOUNT_ID, LIMITS);
    for (const second of [0, 10, 20])
      expect(await failures.begin('1.2.3.4', at(second))).toMatchObject({ allowed: true });
    expect(await failures.begin('1.2.3.4', at(30))).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await failures.begin('5.6.7.8', at(30))).toMatchObject({ allowed: true });
    expect(await new LoginFailureRepository(store, OTHER, LIMITS).begin('1.2.3.4', at(30))).toMatchObject({
      allowed: true,
    });
    // The first failure left the window: one more try.
    expect(await failures.begin('1.2.3.4', at(61))).toMatchObject({ allowed: true });
    expect(await failures.begin('1.2.3.4', at(62))).toEqual({ allowed: false, retryAfterSeconds: 8 });
  });

  it('forgives a client on success, and an abandoned attempt counts for nothing', async () => {
    const store = await stores.open();
    const failures = new LoginFailureRepository(store, DEFAULT_ACCOUNT_ID, LIMITS);
    await failures.begin('1.2.3.4', at(0));
    await failures.begin('1.2.3.4', at(1));
    const third = await failures.begin('1.2.3.4', at(2));
    if (!third.allowed) throw new Error('the third attempt was refused');
    await failures.abandoned(third.attemptId);
    expect(await failures.begin('1.2.3.4', at(3))).toMatchObject({ allowed: true });
    expect(await failures.begin('1.2.3.4', at(4))).toMatchObject({ allowed: false });
    await failures.succeeded('1.2.3.4');
    expect(await failures.begin('1.2.3.4', at(5))).toMatchObject({ allowed: true });
  });

  it('lets no more than the limit through when attempts come at once', async () => {
    const store = await stores.open();
    const failures = new LoginFailureRepository(store, DEFAULT_ACCOUNT_ID, LIMITS);
    const answers = await Promise.all(Array.from({ length: 10 }, () => failures.begin('1.2.3.4', at(0))));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
  });
});

describe('LoginFailureRepository (postgres, several processes)', () => {
  it('counts the failures of every process: attempts at once from four never get past the limit', async () => {
    const database = await freshPostgres();
    const processes = await Promise.all(
      [1, 2, 3, 4].map(() => openPostgres({ url: database.url, migrate: false })),
    );
    try {
      const answers = await Promise.all(
        processes.flatMap((store) =>
          [1, 2, 3].map(() =>
            new LoginFailureRepository(store, DEFAULT_ACCOUNT_ID, LIMITS).begin('1.2.3.4', at(0)),
          ),
        ),
      );
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
      const refused = await new LoginFailureRepository(
        processes[0] as (typeof processes)[number],
        DEFAULT_ACCOUNT_ID,
        LIMITS,
      ).begin('1.2.3.4', at(1));
      expect(refused).toEqual({ allowed: false, retryAfterSeconds: 59 });
    } finally {
      await Promise.all(processes.map((store) => store.close()));
      await database.drop();
    }
  });
});
