// ActivityRepository on both stores, every migration applied.
import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsSeed } from '../../../../test/support/analytics-seed.js';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { ActivityRepository } from './activity-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const SINCE = new Date('2026-11-21T12:00:00.000Z');

describe.each(STORES)('ActivityRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let repository: ActivityRepository;

  beforeEach(async () => {
    database = await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    repository = new ActivityRepository(database, DEFAULT_ACCOUNT_ID);
  });

  it('counts posts by kind in the window, a thread once, and never another account', async () => {
    const seed = analyticsSeed(database);
    await seed.post('tweet', '1', '2026-11-22T08:00:00.000Z');
    await seed.post('tweet', '2', '2026-11-20T08:00:00.000Z'); // before the window
    await seed.post('reply', '3', '2026-11-22T09:00:00.000Z');
    await seed.post('quote', '4', '2026-11-22T09:30:00.000Z');
    for (const position of [0, 1, 2]) {
      await seed.post('thread_card', `5${position}`, '2026-11-22T10:00:00.000Z', {
        thread_position: position,
      });
    }
    await analyticsSeed(database, OTHER_ACCOUNT).post('reply', '9', '2026-11-22T10:00:00.000Z');

    expect(await repository.postCounts(SINCE)).toEqual({
      tweets: 1,
      replies: 1,
      quotes: 1,
      threads: 1,
      total: 4,
    });
    expect((await repository.postCounts(undefined)).tweets).toBe(2);
  });

  it('sums measured engagement and ranks posts by the stored or computed performance score', async () => {
    const seed = analyticsSeed(database);
    await seed.post('tweet', '1', '2026-11-22T08:00:00.000Z');
    await seed.post('tweet', '2', '2026-11-22T09:00:00.000Z');
    await seed.post('tweet', '3', '2026-11-22T09:00:00.000Z'); // not measured yet
    await seed.metrics('1', { impressions: 1000, likes: 10, replies: 2, retweets: 1 }); // (30+10+4)/1000*1000 = 44
    await seed.metrics('2', { impressions: 100, likes: 5, quotes: 1 }); // 15/100*1000 = 150

    expect(await repository.engagement(SINCE)).toEqual({
      measured_posts: 2,
      impressions: 1100,
      likes: 15,
      replies: 2,
      retweets: 1,
      quotes: 1,
      bookmarks: 0,
      avg_performance_score: 97,
    });
    const top = await repository.topPosts(SINCE, 5);
    expect(top.map((p) => [p.tweet_id, p.performance_score])).toEqual([
      ['2', 150],
      ['1', 44],
    ]);
  });

  it('reads follower snapshots from a day on, oldest first, and the latest overall', async () => {
    const seed = analyticsSeed(database);
    await seed.snapshot('2026-11-22', 1030);
    await seed.snapshot('2026-11-20', 1000);
    await seed.snapshot('2026-11-21', 1010);
    expect((await repository.followerSnapshots('2026-11-21')).map((s) => [s.date, s.followers])).toEqual([
      ['2026-11-21', 1010],
      ['2026-11-22', 1030],
    ]);
    expect(await repository.latestFollowerSnapshot()).toEqual({
      date: '2026-11-22',
      followers: 1030,
      following: 100,
      tweet_count: 500,
    });
  });

  it('filters the action log newest first with parsed metadata, and counts it by type and status', async () => {
    const seed = analyticsSeed(database);
    await seed.action('discovery_reply', 'success', '2026-11-22T08:00:00.000Z', { tweet_id: '7' });
    await seed.action('discovery_reply', 'failure', '2026-11-22T09:00:00.000Z');
    await seed.action('mcp_policy', 'denied', '2026-11-22T10:00:00.000Z');
    await seed.action('mcp_policy', 'denied', '2026-11-20T10:00:00.000Z');

    const log = await repository.actionLog({ limit: 10, since: SINCE });
    expect(log.map((e) => e.created_at)).toEqual([
      '2026-11-22T10:00:00.000Z',
      '2026-11-22T09:00:00.000Z',
      '2026-11-22T08:00:00.000Z',
    ]);
    expect(log[2]?.metadata).toEqual({ tweet_id: '7' });
    expect(await repository.actionLog({ limit: 10, actionType: 'mcp_policy' })).toHaveLength(2);
    expect(await repository.actionLog({ limit: 1 })).toHaveLength(1);
    expect(await repository.actionCounts(SINCE)).toEqual([
      { action_type: 'discovery_reply', status: 'failure', count: 1 },
      { action_type: 'discovery_reply', status: 'success', count: 1 },
      { action_type: 'mcp_policy', status: 'denied', count: 1 },
    ]);
    expect(
      (await repository.actionCounts(undefined)).find((r) => r.action_type === 'mcp_policy')?.count,
    ).toBe(2);
  });

  it('lists replies newest first with metrics once measured, and counts a cap window with its oldest post', async () => {
    const seed = analyticsSeed(database);
    await seed.post('reply', '1', '2026-11-22T08:00:00.000Z', {
      in_reply_to_tweet_id: '100',
      target_author_username: 'alice',
    });
    await seed.post('reply', '2', '2026-11-22T09:00:00.000Z');
    await seed.metrics('1', { impressions: 50, likes: 3 });

    const replies = await repository.recentReplies({ limit: 10 });
    expect(replies.map((r) => r.tweet_id)).toEqual(['2', '1']);
    expect(replies[0]?.metrics).toBeNull();
    expect(replies[1]).toMatchObject({
      in_reply_to_tweet_id: '100',
      target_author_username: 'alice',
      metrics: { impressions: 50, likes: 3, replies: 0, retweets: 0 },
    });
    expect(
      await repository.recentReplies({ limit: 10, since: new Date('2026-11-22T08:30:00.000Z') }),
    ).toHaveLength(1);
    expect(await repository.capUsage('reply', SINCE)).toEqual({
      count: 2,
      oldest: new Date('2026-11-22T08:00:00.000Z'),
    });
    expect(await repository.capUsage('thread', SINCE)).toEqual({ count: 0 });
  });
});
