// AnalyticsWriterRepository against a real, migrated database of each store: snapshots, which posts are due
// a measure (a day after posting, by the database's date arithmetic), gone posts, metrics, topic averages
// and the action log.
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { MeasuredPost } from '../../../core/ports/analytics-writer.js';
import type { Store } from '../../storage/store.js';
import { AnalyticsWriterRepository } from './analytics-writer-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const T0 = new Date('2026-11-22T12:00:00.000Z');

const measured = (tweetId: string, performanceScore: number): MeasuredPost => ({
  tweetId,
  impressions: 100,
  likes: 5,
  replies: 1,
  retweets: 2,
  quotes: 0,
  bookmarks: 3,
  performanceScore,
});

describe.each(STORES)('AnalyticsWriterRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let writer: AnalyticsWriterRepository;

  async function post(
    tweetId: string,
    postedAt: string,
    extra: { topic?: string; format?: string; account?: string } = {},
  ) {
    await database.db
      .insertInto('posts')
      .values({
        account_id: extra.account ?? DEFAULT_ACCOUNT_ID,
        tweet_id: tweetId,
        kind: 'tweet',
        text: 'hi',
        topic: extra.topic ?? null,
        format: extra.format ?? null,
        posted_at: postedAt,
      })
      .execute();
  }

  beforeEach(async () => {
    database = await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    writer = new AnalyticsWriterRepository(database, DEFAULT_ACCOUNT_ID);
  });

  it('keeps one follower snapshot a day, the latest counts winning', async () => {
    expect(await writer.followersOn('2026-11-22')).toBeUndefined();
    await writer.saveSnapshot('2026-11-22', { followers: 100, following: 10, tweets: 5 }, T0);
    await writer.saveSnapshot('2026-11-22', { followers: 98, following: 11, tweets: 6 }, T0);
    expect(await writer.followersOn('2026-11-22')).toBe(98);
    expect(
      await new AnalyticsWriterRepository(database, OTHER_ACCOUNT).followersOn('2026-11-22'),
    ).toBeUndefined();
    const rows = await database.db.selectFrom('follower_snapshots').selectAll().execute();
    expect(rows).toMatchObject([{ followers: 98, following: 11, tweet_count: 6 }]);
  });

  it('measures posts once old enough: never measured, or last measured before they were a day old', async () => {
    await post('1', '2026-11-20T10:00:00.000Z'); // never measured
    await post('2', '2026-11-20T11:00:00.000Z'); // measured at 23:59:59.999 of age: again
    await post('3', '2026-11-20T12:00:00.000Z'); // measured exactly a day old: done
    await post('4', '2026-11-20T13:00:00.000Z'); // gone from the platform
    await post('5', '2026-11-22T11:00:00.000Z'); // too young
    await post('6', '2026-11-20T09:00:00.000Z', { account: OTHER_ACCOUNT });
    await writer.saveMetrics(measured('2', 1), new Date('2026-11-21T10:59:59.999Z'));
    await writer.saveMetrics(measured('3', 1), new Date('2026-11-21T12:00:00.000Z'));
    await writer.markGone(['4'], T0);
    await writer.markGone([], T0);
    const cutoff = new Date('2026-11-21T12:00:00.000Z');
    expect(await writer.postsToMeasure(cutoff, 10)).toEqual([
      { tweetId: '1', kind: 'tweet', postedAt: '2026-11-20T10:00:00.000Z' },
      { tweetId: '2', kind: 'tweet', postedAt: '2026-11-20T11:00:00.000Z' },
    ]);
    expect((await writer.postsToMeasure(cutoff, 1)).map((p) => p.tweetId)).toEqual(['1']);
  });

  it('adds a day across a month end and a leap day', async () => {
    await post('1', '2028-02-28T23:30:00.250Z');
    await post('2', '2026-12-31T23:30:00.000Z');
    await writer.saveMetrics(measured('1', 1), new Date('2028-02-29T23:30:00.249Z'));
    await writer.saveMetrics(measured('2', 1), new Date('2027-01-01T23:30:00.000Z'));
    expect(
      (await writer.postsToMeasure(new Date('2029-01-01T00:00:00.000Z'), 10)).map((p) => p.tweetId),
    ).toEqual(['1']);
  });

  it('keeps the latest metrics of a post and averages them per topic and format', async () => {
    await post('1', '2026-11-20T10:00:00.000Z', { topic: 'rust', format: 'tip' });
    await post('2', '2026-11-20T11:00:00.000Z', { topic: 'rust', format: 'tip' });
    await post('3', '2026-11-20T12:00:00.000Z', { topic: 'rust' });
    await post('4', '2026-11-20T13:00:00.000Z'); // no topic
    await post('5', '2026-11-20T14:00:00.000Z', { topic: 'cli', account: OTHER_ACCOUNT });
    await writer.saveMetrics(measured('1', 10), T0);
    await writer.saveMetrics(measured('1', 40), T0);
    await writer.saveMetrics(measured('2', 21), T0);
    await writer.saveMetrics(measured('3', 7.5), T0);
    await writer.saveMetrics(measured('4', 99), T0);
    await new AnalyticsWriterRepository(database, OTHER_ACCOUNT).saveMetrics(measured('5', 1), T0);
    expect(await writer.refreshContentScores(T0)).toBe(2);
    const scores = await database.db
      .selectFrom('content_scores')
      .select(['account_id', 'topic', 'format', 'total_posts', 'avg_performance', 'updated_at'])
      .orderBy('format')
      .execute();
    expect(scores).toEqual([
      {
        account_id: DEFAULT_ACCOUNT_ID,
        topic: 'rust',
        format: '',
        total_posts: 1,
        avg_performance: 7.5,
        updated_at: T0.toISOString(),
      },
      {
        account_id: DEFAULT_ACCOUNT_ID,
        topic: 'rust',
        format: 'tip',
        total_posts: 2,
        avg_performance: 30.5,
        updated_at: T0.toISOString(),
      },
    ]);
    // Computed afresh: a topic no post has any more is gone.
    await database.db.deleteFrom('posts').where('tweet_id', 'in', ['1', '2']).execute();
    expect(await writer.refreshContentScores(T0)).toBe(1);
  });

  it('writes an action to the log with its metadata', async () => {
    await writer.logAction(
      { type: 'follower_alert', status: 'warning', message: 'fell', metadata: { drop: 3 } },
      T0,
    );
    await writer.logAction({ type: 'note', status: 'success', message: 'plain' }, T0);
    const rows = await database.db
      .selectFrom('action_log')
      .select(['account_id', 'action_type', 'status', 'message', 'metadata', 'created_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        account_id: DEFAULT_ACCOUNT_ID,
        action_type: 'follower_alert',
        status: 'warning',
        message: 'fell',
        metadata: '{"drop":3}',
        created_at: T0.toISOString(),
      },
      {
        account_id: DEFAULT_ACCOUNT_ID,
        action_type: 'note',
        status: 'success',
        message: 'plain',
        metadata: '{}',
        created_at: T0.toISOString(),
      },
    ]);
  });
});
