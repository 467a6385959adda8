// TopicPerformanceRepository and TargetAccountRepository against a real, migrated database of each store.
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { TargetAccountRepository } from './target-account-repository.js';
import { TopicPerformanceRepository } from './topic-performance-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

interface PostSeed {
  id: string;
  kind?: string;
  topic?: string | null;
  format?: string | null;
  at?: string;
  position?: number;
  account?: string;
  metrics?: { impressions: number; likes: number; replies?: number; retweets?: number; score?: number };
}

describe.each(STORES)('TopicPerformanceRepository and TargetAccountRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let repository: TopicPerformanceRepository;

  async function seed(post: PostSeed) {
    const account = post.account ?? DEFAULT_ACCOUNT_ID;
    await database.db
      .insertInto('posts')
      .values({
        account_id: account,
        tweet_id: post.id,
        kind: post.kind ?? 'tweet',
        text: 'text',
        topic: post.topic ?? null,
        format: post.format ?? null,
        thread_position: post.position ?? null,
        posted_at: post.at ?? daysAgo(1),
      })
      .execute();
    if (post.metrics) {
      const m = post.metrics;
      await database.db
        .insertInto('post_metrics')
        .values({
          account_id: account,
          tweet_id: post.id,
          impressions: m.impressions,
          likes: m.likes,
          replies: m.replies ?? 0,
          retweets: m.retweets ?? 0,
          performance_score: m.score ?? null,
        })
        .execute();
    }
  }

  beforeEach(async () => {
    database = await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    repository = new TopicPerformanceRepository(database, DEFAULT_ACCOUNT_ID);
  });

  it('groups the period’s posts by topic and format, best average performance first', async () => {
    // 1000 impressions, 10 likes, 2 replies, 1 repost → (30 + 10 + 4) per 1000 = 44.
    await seed({
      id: '1',
      topic: 'sqlite',
      format: 'tip',
      metrics: { impressions: 1000, likes: 10, replies: 2, retweets: 1 },
    });
    // A stored performance score wins over the formula.
    await seed({
      id: '2',
      topic: 'sqlite',
      format: 'tip',
      metrics: { impressions: 500, likes: 1, score: 100 },
    });
    await seed({ id: '3', topic: 'sqlite', format: 'tip' });
    await seed({ id: '4', topic: 'docs', format: 'list', metrics: { impressions: 100, likes: 1 } });
    await seed({ id: '5', topic: '  ', format: null, metrics: { impressions: 100, likes: 0 } });
    // Left out: replies, later thread cards, posts before the window, another account.
    await seed({
      id: '6',
      kind: 'reply',
      topic: 'sqlite',
      format: 'tip',
      metrics: { impressions: 10, likes: 10 },
    });
    await seed({ id: '7', kind: 'thread_card', position: 1, topic: 'docs', format: 'list' });
    await seed({ id: '8', kind: 'thread_card', position: 0, topic: 'docs', format: 'list' });
    await seed({
      id: '9',
      topic: 'sqlite',
      format: 'tip',
      at: daysAgo(40),
      metrics: { impressions: 1, likes: 100 },
    });
    await seed({ id: '10', topic: 'sqlite', format: 'tip', account: OTHER_ACCOUNT });
    const rows = await repository.performanceSince(new Date(daysAgo(30)));
    expect(rows).toEqual([
      {
        topic: 'sqlite',
        format: 'tip',
        posts: 3,
        measured: 2,
        impressions: 1500,
        likes: 11,
        replies: 2,
        retweets: 1,
        avg_performance: 72,
      },
      {
        topic: 'docs',
        format: 'list',
        posts: 2,
        measured: 1,
        impressions: 100,
        likes: 1,
        replies: 0,
        retweets: 0,
        avg_performance: 30,
      },
      {
        topic: null,
        format: null,
        posts: 1,
        measured: 1,
        impressions: 100,
        likes: 0,
        replies: 0,
        retweets: 0,
        avg_performance: 0,
      },
    ]);
  });

  it('orders unmeasured groups last, equal ones by posts, then topic with no topic first, in byte order', async () => {
    await seed({ id: '1', topic: 'b' });
    await seed({ id: '2', topic: 'A' });
    await seed({ id: '3', topic: null });
    await seed({ id: '4', topic: 'c' });
    await seed({ id: '5', topic: 'c' });
    await seed({ id: '6', topic: 'z', metrics: { impressions: 0, likes: 1 } });
    const rows = await repository.performanceSince(new Date(daysAgo(30)));
    expect(rows.map((row) => [row.topic, row.avg_performance])).toEqual([
      ['z', 3000],
      ['c', null],
      [null, null],
      ['A', null],
      ['b', null],
    ]);
  });

  it('reads the all-time content scores of the account, best first', async () => {
    await database.db
      .insertInto('content_scores')
      .values([
        {
          account_id: DEFAULT_ACCOUNT_ID,
          topic: 'docs',
          format: '',
          total_posts: 4,
          avg_performance: 12.345,
        },
        {
          account_id: DEFAULT_ACCOUNT_ID,
          topic: 'sqlite',
          format: 'tip',
          total_posts: 2,
          avg_performance: 40,
        },
        { account_id: OTHER_ACCOUNT, topic: 'secret', format: '', total_posts: 1, avg_performance: 99 },
      ])
      .execute();
    expect(await repository.contentScores()).toEqual([
      { topic: 'sqlite', format: 'tip', total_posts: 2, avg_performance: 40 },
      { topic: 'docs', format: '', total_posts: 4, avg_performance: 12.35 },
    ]);
  });

  it('lists the stored target accounts of the account by handle', async () => {
    const target = { followers: 1, status: 'active', total_replies: 0, added_at: '2026-11-02T00:00:00.000Z' };
    await database.db
      .insertInto('target_accounts')
      .values([
        {
          ...target,
          account_id: DEFAULT_ACCOUNT_ID,
          username: 'zed',
          user_id: '3',
          followers: 10,
          status: 'paused',
          total_replies: 2,
          added_at: '2026-11-01T00:00:00.000Z',
        },
        { ...target, account_id: DEFAULT_ACCOUNT_ID, username: 'amy', user_id: '1', followers: null },
        { ...target, account_id: OTHER_ACCOUNT, username: 'other', user_id: '9' },
      ])
      .execute();
    const targets = await new TargetAccountRepository(database, DEFAULT_ACCOUNT_ID).list();
    expect(targets.map((t) => [t.username, t.user_id, t.status, t.total_replies])).toEqual([
      ['amy', '1', 'active', 0],
      ['zed', '3', 'paused', 2],
    ]);
  });
});
