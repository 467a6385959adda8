// The simulation's day report reads on both stores: the account's posts, approval items, refusals and API
// spend in a range (the end excluded), oldest first, never another account's.
import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsSeed } from '../../../../test/support/analytics-seed.js';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { ActivityReportRepository } from './activity-report-repository.js';

const OTHER = '11111111-1111-4111-8111-111111111111';
const SINCE = new Date('2026-11-22T00:00:00.000Z');
const UNTIL = new Date('2026-11-23T00:00:00.000Z');

describe.each(STORES)('ActivityReportRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let store: Store;
  let reports: ActivityReportRepository;

  beforeEach(async () => {
    store = await stores.open();
    await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
    reports = new ActivityReportRepository(store, DEFAULT_ACCOUNT_ID);
  });

  it('lists the posts of the range oldest first', async () => {
    const seed = analyticsSeed(store);
    await seed.post('reply', '2', '2026-11-22T09:00:00.000Z', { target_author_id: 'u9' });
    await seed.post('tweet', '1', '2026-11-22T08:00:00.000Z');
    await seed.post('tweet', '3', '2026-11-23T00:00:00.000Z'); // the end is not in the range
    await analyticsSeed(store, OTHER).post('tweet', '9', '2026-11-22T10:00:00.000Z');
    const posts = await reports.posts(SINCE, UNTIL);
    expect(posts.map((post) => [post.tweet_id, post.kind, post.actor])).toEqual([
      ['1', 'tweet', 'loop:content'],
      ['2', 'reply', 'loop:content'],
    ]);
    expect(posts[1]).toMatchObject({ target_author_id: 'u9', mentions_product: 0, thread_position: null });
  });

  it('lists approval items and refusals of the range', async () => {
    const item = (accountId: string, createdAt: string, content: string) =>
      store.db
        .insertInto('approval_queue')
        .values({
          account_id: accountId,
          action_type: 'tweet',
          payload: '{}',
          content,
          origin: 'loop',
          actor: 'loop:content',
          created_at: createdAt,
          tool_name: null,
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
    await item(DEFAULT_ACCOUNT_ID, '2026-11-22T09:00:00.000Z', 'second');
    await item(DEFAULT_ACCOUNT_ID, '2026-11-22T08:00:00.000Z', 'first');
    await item(OTHER, '2026-11-22T08:30:00.000Z', 'theirs');
    expect((await reports.queued(SINCE, UNTIL)).map((row) => [row.content, row.status])).toEqual([
      ['first', 'pending'],
      ['second', 'pending'],
    ]);

    const audit = (accountId: string, status: string, createdAt: string) =>
      store.db
        .insertInto('mutation_audit')
        .values({
          account_id: accountId,
          correlation_id: `c-${createdAt}`,
          idempotency_key: null,
          tool_name: 'social_post_tweet',
          face: 'mcp',
          params_hash: 'h',
          status,
          policy_decision: null,
          result: null,
          rollback: null,
          error_code: status === 'denied' ? 'policy_denied_rate_limited' : null,
          error_message: null,
          elapsed_ms: null,
          created_at: createdAt,
          completed_at: null,
          actor: 'agent',
        })
        .execute();
    await audit(DEFAULT_ACCOUNT_ID, 'denied', '2026-11-22T08:00:00.000Z');
    await audit(DEFAULT_ACCOUNT_ID, 'success', '2026-11-22T08:10:00.000Z');
    await audit(OTHER, 'denied', '2026-11-22T08:20:00.000Z');
    expect(await reports.refused(SINCE, UNTIL)).toEqual([
      {
        tool_name: 'social_post_tweet',
        actor: 'agent',
        error_code: 'policy_denied_rate_limited',
        error_message: null,
        created_at: '2026-11-22T08:00:00.000Z',
      },
    ]);
  });

  it('sums the platform calls and their cost in a range, or from a time on', async () => {
    expect(await reports.apiSpend(SINCE, UNTIL)).toEqual({ calls: 0, cost_usd: 0 });
    const call = (accountId: string, createdAt: string, cost: number) =>
      store.db
        .insertInto('api_usage')
        .values({
          account_id: accountId,
          host: 'api.x.com',
          method: 'GET',
          endpoint: '/2/users/me',
          status_code: 200,
          latency_ms: 40,
          cost_usd: cost,
          error_code: null,
          actor: null,
          price_kind: null,
          created_at: createdAt,
        })
        .execute();
    await call(DEFAULT_ACCOUNT_ID, '2026-11-22T08:00:00.000Z', 0.1);
    await call(DEFAULT_ACCOUNT_ID, '2026-11-22T09:00:00.000Z', 0.2);
    await call(DEFAULT_ACCOUNT_ID, '2026-11-24T09:00:00.000Z', 0.005);
    await call(OTHER, '2026-11-22T09:00:00.000Z', 5);
    expect(await reports.apiSpend(SINCE, UNTIL)).toEqual({ calls: 2, cost_usd: 0.3 });
    expect(await reports.apiSpend(SINCE)).toEqual({ calls: 3, cost_usd: 0.305 });
  });
});
