// TargetMonitoringRepository against a real in-memory database with all migrations: profiles by handle in
// any case, checks and replies, and one loop's committed replies counted once across the three tables.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { type AppDatabase, openDatabase } from '../open-database.js';
import { TargetMonitoringRepository } from './target-monitoring-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const T0 = new Date('2026-11-22T12:00:00.000Z');
const DAY_START = new Date('2026-11-22T00:00:00.000Z');

let database: AppDatabase;
let store: TargetMonitoringRepository;

function post(actor: string, postedAt: string, kind = 'reply', account = DEFAULT_ACCOUNT_ID) {
  database.sqlite
    .prepare(
      `insert into posts (account_id, tweet_id, kind, text, actor, posted_at)
       values (?, ?, ?, 'hi', ?, ?)`,
    )
    .run(account, `${Math.random()}`, kind, actor, postedAt);
}

function approval(actor: string, status: string, createdAt: string): number {
  const row = database.sqlite
    .prepare(
      `insert into approval_queue (action_type, payload, origin, actor, status, created_at)
       values ('reply', '{}', 'loop', ?, ?, ?) returning id`,
    )
    .get(actor, status, createdAt) as { id: number };
  return row.id;
}

function job(actor: string, status: string, createdAt: string, approvalId: number | null = null) {
  database.sqlite
    .prepare(
      `insert into posting_jobs (kind, payload, status, origin_type, actor, approval_id, created_at)
       values ('reply', '{}', ?, 'loop', ?, ?, ?)`,
    )
    .run(status, actor, approvalId, createdAt);
}

beforeEach(() => {
  database = openDatabase({ path: ':memory:' });
  database.sqlite.prepare('insert into accounts (id, label) values (?, ?)').run(OTHER_ACCOUNT, 'other');
  store = new TargetMonitoringRepository(database, DEFAULT_ACCOUNT_ID);
});
afterEach(async () => database.close());

describe('TargetMonitoringRepository', () => {
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
    post(actor, '2026-11-22T08:00:00.000Z');
    post(actor, '2026-11-21T23:59:59.999Z'); // yesterday
    post(actor, '2026-11-22T09:00:00.000Z', 'tweet'); // not a reply
    post('loop:mentions', '2026-11-22T09:00:00.000Z'); // another loop
    post(actor, '2026-11-22T09:00:00.000Z', 'reply', OTHER_ACCOUNT); // another account
    job(actor, 'queued', '2026-11-22T10:00:00.000Z');
    job(actor, 'posted', '2026-11-22T10:00:00.000Z'); // its post is what counts
    approval(actor, 'pending', '2026-11-22T10:30:00.000Z');
    approval(actor, 'rejected', '2026-11-22T10:30:00.000Z');
    approval(actor, 'expired', '2026-11-22T10:30:00.000Z');
    approval(actor, 'pending', '2026-11-21T10:30:00.000Z'); // queued yesterday
    // An approved item on its way out: its job does not count a second time.
    job(
      actor,
      'in_progress',
      '2026-11-22T11:00:00.000Z',
      approval(actor, 'posting', '2026-11-22T11:00:00.000Z'),
    );
    expect(await store.countReplies(actor, DAY_START)).toBe(4);
    expect(await store.countReplies('loop:mentions', DAY_START)).toBe(1);
    expect(await store.countReplies(actor, T0)).toBe(0);
  });
});
