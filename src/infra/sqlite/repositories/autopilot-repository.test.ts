// The autopilot loops' reads on both stores: due scheduled jobs and the last original post or thread, each
// from the account's own rows only (two accounts share one database).
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { autopilotStore } from '../../../app/wiring/autopilot-store.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { AutopilotRepository } from './autopilot-repository.js';

const OTHER = '11111111-1111-4111-8111-111111111111';
const PAYLOAD = JSON.stringify({ cards: [{ text: 'x', media_paths: [] }] });

async function seeded(store: Store) {
  await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
  const job = (accountId: string, kind: string, createdAt: string, extra: Record<string, unknown> = {}) =>
    store.db
      .insertInto('posting_jobs')
      .values({
        account_id: accountId,
        kind,
        payload: PAYLOAD,
        origin_type: 'loop',
        actor: 'loop:content',
        created_at: createdAt,
        scheduled_for: null,
        ...extra,
      })
      .execute();
  const post = (accountId: string, kind: string, postedAt: string, position: number | null = null) =>
    store.db
      .insertInto('posts')
      .values({
        account_id: accountId,
        tweet_id: `${accountId.slice(0, 4)}-${postedAt}-${position}`,
        kind,
        posted_at: postedAt,
        thread_position: position,
        actor: 'api',
      })
      .execute();
  const approval = (accountId: string, kind: string, createdAt: string) =>
    store.db
      .insertInto('approval_queue')
      .values({
        account_id: accountId,
        action_type: kind,
        payload: PAYLOAD,
        origin: 'loop',
        actor: 'loop:content',
        created_at: createdAt,
        tool_name: null,
        content: 'x',
        target_tweet_id: null,
        target_author_id: null,
        target_author_username: null,
        reason: null,
        score: null,
        draft_id: null,
        source_node_id: null,
        scheduled_for: null,
        reviewed_by: null,
        review_notes: null,
        reviewed_at: null,
        posted_tweet_ids: null,
        error_code: null,
        error_message: null,
        expires_at: null,
      })
      .execute();
  return { job, post, approval };
}

describe.each(STORES)('AutopilotRepository (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('answers the last original post from posts, jobs and approval items of the account and actor only', async () => {
    const store = await stores.open();
    const { job, post, approval } = await seeded(store);
    const mine = new AutopilotRepository(store, DEFAULT_ACCOUNT_ID);
    expect(await mine.lastOriginalAt('loop:content')).toBeUndefined();

    await post(DEFAULT_ACCOUNT_ID, 'tweet', '2026-11-20T08:00:00.000Z');
    await post(DEFAULT_ACCOUNT_ID, 'reply', '2026-11-21T08:00:00.000Z'); // not an original post
    await post(OTHER, 'tweet', '2026-11-25T08:00:00.000Z');
    await job(OTHER, 'tweet', '2026-11-26T08:00:00.000Z');
    await approval(OTHER, 'tweet', '2026-11-27T08:00:00.000Z');
    expect(await mine.lastOriginalAt('loop:content')).toEqual(new Date('2026-11-20T08:00:00.000Z'));

    await job(DEFAULT_ACCOUNT_ID, 'tweet', '2026-11-22T08:00:00.000Z');
    expect(await mine.lastOriginalAt('loop:content')).toEqual(new Date('2026-11-22T08:00:00.000Z'));
    expect(await mine.lastOriginalAt('agent')).toEqual(new Date('2026-11-20T08:00:00.000Z'));
    await approval(DEFAULT_ACCOUNT_ID, 'tweet', '2026-11-23T08:00:00.000Z');
    expect(await mine.lastOriginalAt('loop:content')).toEqual(new Date('2026-11-23T08:00:00.000Z'));

    expect(await new AutopilotRepository(store, OTHER).lastOriginalAt('loop:content')).toEqual(
      new Date('2026-11-27T08:00:00.000Z'),
    );
  });

  it('answers the last thread by its first card or a thread job of the account', async () => {
    const store = await stores.open();
    const { job, post } = await seeded(store);
    const mine = new AutopilotRepository(store, DEFAULT_ACCOUNT_ID);
    await post(DEFAULT_ACCOUNT_ID, 'thread_card', '2026-11-20T08:00:00.000Z', 0);
    await post(DEFAULT_ACCOUNT_ID, 'thread_card', '2026-11-21T08:00:00.000Z', 1); // not a first card
    await job(OTHER, 'thread', '2026-11-24T08:00:00.000Z');
    expect(await mine.lastThreadAt('loop:content')).toEqual(new Date('2026-11-20T08:00:00.000Z'));
    await job(DEFAULT_ACCOUNT_ID, 'thread', '2026-11-22T08:00:00.000Z');
    expect(await mine.lastThreadAt('loop:content')).toEqual(new Date('2026-11-22T08:00:00.000Z'));
  });

  it('lists the account’s due scheduled jobs that are not finished, oldest first', async () => {
    const store = await stores.open();
    const { job } = await seeded(store);
    const at = '2026-11-20T08:00:00.000Z';
    await job(DEFAULT_ACCOUNT_ID, 'tweet', at, { scheduled_for: '2026-11-22T10:00:00.000Z' });
    await job(DEFAULT_ACCOUNT_ID, 'thread', at, { scheduled_for: '2026-11-22T09:00:00.000Z' });
    await job(DEFAULT_ACCOUNT_ID, 'tweet', at, {
      scheduled_for: '2026-11-22T09:30:00.000Z',
      status: 'posted',
    });
    await job(DEFAULT_ACCOUNT_ID, 'tweet', at, { scheduled_for: '2026-11-22T13:00:00.000Z' }); // not due
    await job(OTHER, 'tweet', at, { scheduled_for: '2026-11-22T08:00:00.000Z' });
    const due = await new AutopilotRepository(store, DEFAULT_ACCOUNT_ID).dueScheduledJobs(
      new Date('2026-11-22T12:00:00.000Z'),
    );
    expect(due.map((row) => row.kind)).toEqual(['thread', 'tweet']);
  });

  it('gives each account of a database its own store', async () => {
    const store = await stores.open();
    const { post } = await seeded(store);
    await post(OTHER, 'tweet', '2026-11-25T08:00:00.000Z');
    expect(
      await autopilotStore({ database: store, accountId: DEFAULT_ACCOUNT_ID }).lastOriginalAt('api'),
    ).toBe(undefined);
    expect(await autopilotStore({ database: store, accountId: OTHER }).lastOriginalAt('api')).toEqual(
      new Date('2026-11-25T08:00:00.000Z'),
    );
  });
});
