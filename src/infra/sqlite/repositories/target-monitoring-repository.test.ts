// TargetMonitoringRepository against a real, migrated database of each store: profiles by handle in any
// case, checks and replies, and one loop's committed replies counted once across the three tables.
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { TargetAccountRepository } from './target-account-repository.js';
import { TargetMonitoringRepository } from './target-monitoring-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const T0 = new Date('2026-11-22T12:00:00.000Z');
const DAY_START = new Date('2026-11-22T00:00:00.000Z');

describe.each(STORES)('TargetMonitoringRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let store: TargetMonitoringRepository;
  let tweets = 0;

  async function post(actor: string, postedAt: string, kind = 'reply', account = DEFAULT_ACCOUNT_ID) {
    tweets += 1;
    await database.db
      .insertInto('posts')
      .values({ account_id: account, tweet_id: `${tweets}`, kind, text: 'hi', actor, posted_at: postedAt })
      .execute();
  }

  async function approval(actor: string, status: string, createdAt: string): Promise<number> {
    const row = await database.db
      .insertInto('approval_queue')
      .values({ action_type: 'reply', payload: '{}', origin: 'loop', actor, status, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function job(actor: string, status: string, createdAt: string, approvalId: number | null = null) {
    await database.db
      .insertInto('posting_jobs')
      .values({
        kind: 'reply',
        payload: '{}',
        status,
        origin_type: 'loop',
        actor,
        approval_id: approvalId,
        created_at: createdAt,
      })
      .execute();
  }

  beforeEach(async () => {
    database = await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    store = new TargetMonitoringRepository(database, DEFAULT_ACCOUNT_ID);
  });

  it('keeps one row per handle whatever its case: profile, checks, replies, a forgotten id', async () => {
    expect(await store.get('Dana_DevRel')).toBeUndefined();
    await store.saveProfile('Dana_DevRel', { user_id: '42', display_name: 'Dana', followers: 10 }, T0);
    await store.saveProfile('dana_devrel', { user_id: '42', display_name: 'Dana R', followers: 12 }, T0);
    await store.markChecked('DANA_DEVREL', T0);
    await store.recordReply('dana_devrel', T0);
    await store.recordReply('dana_devrel', new Date(T0.getTime() + 60_000));
    expect(await store.get('dana_DEVREL')).toMatchObject({
      username: 'Dana_DevRel',
      user_id: '42',
      display_name: 'Dana R',
      followers: 12,
      status: 'active',
      added_at: T0.toISOString(),
      last_checked_at: T0.toISOString(),
      last_reply_at: '2026-11-22T12:01:00.000Z',
      total_replies: 2,
    });
    await store.forgetUser('Dana_DevRel');
    expect((await store.get('Dana_DevRel'))?.user_id).toBeNull();
  });

  it("counts the actor's replies since a moment: posted, queued jobs and live approval items, once each", async () => {
    const actor = 'loop:targets';
    await post(actor, '2026-11-22T08:00:00.000Z');
    await post(actor, '2026-11-21T23:59:59.999Z'); // yesterday
    await post(actor, '2026-11-22T09:00:00.000Z', 'tweet'); // not a reply
    await post('loop:mentions', '2026-11-22T09:00:00.000Z'); // another loop
    await post(actor, '2026-11-22T09:00:00.000Z', 'reply', OTHER_ACCOUNT); // another account
    await job(actor, 'queued', '2026-11-22T10:00:00.000Z');
    await job(actor, 'posted', '2026-11-22T10:00:00.000Z'); // its post is what counts
    await approval(actor, 'pending', '2026-11-22T10:30:00.000Z');
    await approval(actor, 'rejected', '2026-11-22T10:30:00.000Z');
    await approval(actor, 'expired', '2026-11-22T10:30:00.000Z');
    await approval(actor, 'pending', '2026-11-21T10:30:00.000Z'); // queued yesterday
    // An approved item on its way out: its job does not count a second time.
    await job(
      actor,
      'in_progress',
      '2026-11-22T11:00:00.000Z',
      await approval(actor, 'posting', '2026-11-22T11:00:00.000Z'),
    );
    expect(await store.countReplies(actor, DAY_START)).toBe(4);
    expect(await store.countReplies('loop:mentions', DAY_START)).toBe(1);
    expect(await store.countReplies(actor, T0)).toBe(0);
  });

  it('lists the targets by handle ignoring case, each as it was first written', async () => {
    for (const name of ['carol', 'Bob', 'alice', 'ALICE', 'Dave']) {
      await store.saveProfile(name, { user_id: '1', display_name: null, followers: null }, T0);
    }
    const listed = await new TargetAccountRepository(database, DEFAULT_ACCOUNT_ID).list();
    expect(listed.map((row) => row.username)).toEqual(['alice', 'Bob', 'carol', 'Dave']);
    expect(await new TargetAccountRepository(database, OTHER_ACCOUNT).list()).toEqual([]);
  });
});
