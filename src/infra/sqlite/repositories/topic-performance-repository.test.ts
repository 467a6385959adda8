// TopicPerformanceRepository and TargetAccountRepository against a real in-memory database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { type AppDatabase, openDatabase } from '../open-database.js';
import { TargetAccountRepository } from './target-account-repository.js';
import { TopicPerformanceRepository } from './topic-performance-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

let database: AppDatabase;
let repository: TopicPerformanceRepository;

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

function seed(post: PostSeed) {
  const account = post.account ?? DEFAULT_ACCOUNT_ID;
  database.sqlite
    .prepare(
      `insert into posts (account_id, tweet_id, kind, text, topic, format, thread_position, posted_at)
       values (?, ?, ?, 'text', ?, ?, ?, ?)`,
    )
    .run(
      account,
      post.id,
      post.kind ?? 'tweet',
      post.topic ?? null,
      post.format ?? null,
      post.position ?? null,
      post.at ?? daysAgo(1),
    );
  if (post.metrics) {
    const m = post.metrics;
    database.sqlite
      .prepare(
        `insert into post_metrics (account_id, tweet_id, impressions, likes, replies, retweets, performance_score)
         values (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(account, post.id, m.impressions, m.likes, m.replies ?? 0, m.retweets ?? 0, m.score ?? null);
  }
}

beforeEach(() => {
  database = openDatabase({ path: ':memory:' });
  database.sqlite.prepare('insert into accounts (id, label) values (?, ?)').run(OTHER_ACCOUNT, 'other');
  repository = new TopicPerformanceRepository(database, DEFAULT_ACCOUNT_ID);
});
afterEach(async () => database.close());

describe('TopicPerformanceRepository', () => {
  it('groups the period’s posts by topic and format, best average performance first', async () => {
    // 1000 impressions, 10 likes, 2 replies, 1 repost → (30 + 10 + 4) per 1000 = 44.
    seed({
      id: '1',
      topic: 'sqlite',
      format: 'tip',
      metrics: { impressions: 1000, likes: 10, replies: 2, retweets: 1 },
    });
    // A stored performance score wins over the formula.
    seed({ id: '2', topic: 'sqlite', format: 'tip', metrics: { impressions: 500, likes: 1, score: 100 } });
    seed({ id: '3', topic: 'sqlite', format: 'tip' });
    seed({ id: '4', topic: 'docs', format: 'list', metrics: { impressions: 100, likes: 1 } });
    seed({ id: '5', topic: '  ', format: null, metrics: { impressions: 100, likes: 0 } });
    // Left out: replies, later thread cards, posts before the window, another account.
    seed({ id: '6', kind: 'reply', topic: 'sqlite', format: 'tip', metrics: { impressions: 10, likes: 10 } });
    seed({ id: '7', kind: 'thread_card', position: 1, topic: 'docs', format: 'list' });
    seed({ id: '8', kind: 'thread_card', position: 0, topic: 'docs', format: 'list' });
    seed({
      id: '9',
      topic: 'sqlite',
      format: 'tip',
      at: daysAgo(40),
      metrics: { impressions: 1, likes: 100 },
    });
    seed({ id: '10', topic: 'sqlite', format: 'tip', account: OTHER_ACCOUNT });
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

  it('reads the all-time content scores of the account, best first', async () => {
    database.sqlite
      .prepare(
        `insert into content_scores (account_id, topic, format, total_posts, avg_performance) values
         (?, 'docs', '', 4, 12.345), (?, 'sqlite', 'tip', 2, 40), (?, 'secret', '', 1, 99)`,
      )
      .run(DEFAULT_ACCOUNT_ID, DEFAULT_ACCOUNT_ID, OTHER_ACCOUNT);
    expect(await repository.contentScores()).toEqual([
      { topic: 'sqlite', format: 'tip', total_posts: 2, avg_performance: 40 },
      { topic: 'docs', format: '', total_posts: 4, avg_performance: 12.35 },
    ]);
  });
});

describe('TargetAccountRepository', () => {
  it('lists the stored target accounts of the account by handle', async () => {
    database.sqlite
      .prepare(
        `insert into target_accounts (account_id, username, user_id, followers, status, total_replies, added_at)
         values (?, 'zed', '3', 10, 'paused', 2, '2026-11-01T00:00:00.000Z'),
                (?, 'amy', '1', null, 'active', 0, '2026-11-02T00:00:00.000Z'),
                (?, 'other', '9', 1, 'active', 0, '2026-11-02T00:00:00.000Z')`,
      )
      .run(DEFAULT_ACCOUNT_ID, DEFAULT_ACCOUNT_ID, OTHER_ACCOUNT);
    const targets = await new TargetAccountRepository(database, DEFAULT_ACCOUNT_ID).list();
    expect(targets.map((t) => [t.username, t.user_id, t.status, t.total_replies])).toEqual([
      ['amy', '1', 'active', 0],
      ['zed', '3', 'paused', 2],
    ]);
  });
});
