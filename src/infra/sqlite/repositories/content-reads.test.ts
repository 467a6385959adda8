// The content reads on both stores: the calendar's one query over drafts, jobs, approvals and posts;
// vault context's best posts on keywords (recorded topic, or the text's words for replies) and the
// account's best score; suggestions' topic scores and post engagement; cursors kept per account and key.
import { describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { AssistStatsRepository } from './assist-stats-repository.js';
import { CalendarRepository } from './calendar-repository.js';
import { CursorRepository } from './cursor-repository.js';
import { VaultRepository } from './vault-repository.js';

const OTHER = '11111111-1111-4111-8111-111111111111';
const day = (d: number, hour = 10) =>
  `2026-11-${String(d).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const cards = (...texts: string[]) =>
  JSON.stringify({ cards: texts.map((text) => ({ text, media_paths: [] })) });

async function post(
  store: Store,
  id: string,
  text: string,
  more: {
    kind?: string;
    topic?: string | null;
    likes?: number;
    impressions?: number;
    score?: number | null;
    at?: string;
  } = {},
) {
  await store.db
    .insertInto('posts')
    .values({
      tweet_id: id,
      kind: more.kind ?? 'tweet',
      text,
      topic: more.topic ?? null,
      posted_at: more.at ?? day(10),
    })
    .execute();
  await store.db
    .insertInto('post_metrics')
    .values({
      tweet_id: id,
      likes: more.likes ?? 0,
      impressions: more.impressions ?? 100,
      performance_score: more.score ?? null,
    })
    .execute();
}

describe.each(STORES)('content reads (%s)', (dialect) => {
  const stores = testStores(dialect);

  it('the calendar shows scheduled drafts, lone jobs, pending approvals and posts in time order', async () => {
    const store = await stores.open();
    const { db } = store;
    await db
      .insertInto('drafts')
      .values({
        content_type: 'thread',
        content: JSON.stringify({
          version: 1,
          blocks: [
            { id: 'a', text: 'Draft card one', media_paths: [], order: 0 },
            { id: 'b', text: 'Draft card two', media_paths: [], order: 1 },
          ],
        }),
        status: 'scheduled',
        scheduled_for: day(3),
      })
      .execute();
    await db
      .insertInto('posting_jobs')
      .values([
        {
          kind: 'thread',
          payload: cards('Job first', 'Job second', 'Job third'),
          scheduled_for: day(2),
          origin_type: 'compose',
        },
        {
          kind: 'tweet',
          payload: cards('Claimed job'),
          scheduled_for: day(4),
          origin_type: 'compose',
          claimed_by: 'w1',
        },
      ])
      .execute();
    await db
      .insertInto('approval_queue')
      .values({
        action_type: 'reply',
        payload: '{}',
        content: 'Approval text',
        origin: 'loop',
        scheduled_for: day(5),
      })
      .execute();
    await post(store, '900', 'Out already', { at: day(1) });
    await post(store, '901', 'Out of range', { at: day(20) });
    const entries = await new CalendarRepository(store, DEFAULT_ACCOUNT_ID).entries({
      from: new Date(day(1, 0)),
      to: new Date(day(10, 0)),
      limit: 50,
    });
    expect(entries.map((e) => [e.kind, e.text, e.content_type, e.card_count, e.at, e.movable])).toEqual([
      ['post', 'Out already', 'tweet', 1, day(1), false],
      ['job', 'Job first', 'thread', 3, day(2), true],
      ['draft', 'Draft card one', 'thread', 2, day(3), false],
      ['job', 'Claimed job', 'tweet', 1, day(4), false],
      ['approval', 'Approval text', 'reply', 1, day(5), false],
    ]);
    const limited = await new CalendarRepository(store, DEFAULT_ACCOUNT_ID).entries({
      from: new Date(day(1, 0)),
      to: new Date(day(10, 0)),
      limit: 2,
    });
    expect(limited.map((e) => e.kind)).toEqual(['post', 'job']);
  });

  it('vault context: posts on a keyword by topic, replies by whole words, best first; the best score', async () => {
    const store = await stores.open();
    await post(store, '1', 'Anything at all', { topic: ' Rust ', likes: 10, impressions: 1000 });
    await post(store, '2', 'A reply about rust and borrow checking', {
      kind: 'reply',
      likes: 50,
      impressions: 1000,
    });
    await post(store, '3', 'Trusty tools', { kind: 'reply', likes: 90, impressions: 1000 });
    await post(store, '4', 'Scored already', { topic: 'rust', score: 999 });
    await post(store, '5', 'No views yet, about Rust', { kind: 'reply', likes: 1, impressions: 0 });
    const vault = new VaultRepository(store, DEFAULT_ACCOUNT_ID);
    const found = await vault.winningPosts(['rust', ' '], 10);
    expect(found.map((p) => [p.text, p.performance])).toEqual(
      [
        ['Scored already', 999],
        ['No views yet, about Rust', 3000],
        ['A reply about rust and borrow checking', 150],
        ['Anything at all', 30],
      ].sort((a, b) => Number(b[1]) - Number(a[1])),
    );
    expect(await vault.winningPosts(['borrow checking'], 10)).toHaveLength(1);
    expect(await vault.winningPosts([], 10)).toEqual([]);
    expect(await vault.bestPerformance()).toBe(3000);
  });

  it('suggestions: topic scores weighed by posts, engagement of posts since a time, a thread once', async () => {
    const store = await stores.open();
    await store.db
      .insertInto('content_scores')
      .values([
        { topic: 'rust', format: 'tip', total_posts: 3, avg_performance: 10 },
        { topic: 'rust', format: 'story', total_posts: 1, avg_performance: 50 },
        { topic: 'go', format: 'tip', total_posts: 0, avg_performance: 0 },
        { topic: 'Zig', format: 'tip', total_posts: 2, avg_performance: 20 },
        { topic: 'ada', format: 'tip', total_posts: 2, avg_performance: 20 },
      ])
      .execute();
    const stats = new AssistStatsRepository(store, DEFAULT_ACCOUNT_ID);
    expect(await stats.topicScores(10)).toEqual(
      [
        { topic: 'Zig', avgPerformance: 20, posts: 2 },
        { topic: 'ada', avgPerformance: 20, posts: 2 },
        { topic: 'rust', avgPerformance: 20, posts: 4 },
        { topic: 'go', avgPerformance: 0, posts: 0 },
      ].sort((a, b) => b.avgPerformance - a.avgPerformance || b.posts - a.posts),
    );
    await post(store, '1', 'one', { likes: 1, impressions: 3, at: day(2) });
    await post(store, '2', 'old', { likes: 1, at: day(1) });
    await post(store, '3', 'card 0', { kind: 'thread_card', score: 7, at: day(3) });
    await store.db.updateTable('posts').set({ thread_position: 0 }).where('tweet_id', '=', '3').execute();
    await post(store, '4', 'card 1', { kind: 'thread_card', score: 8, at: day(3, 11) });
    await store.db.updateTable('posts').set({ thread_position: 1 }).where('tweet_id', '=', '4').execute();
    const engagement = await stats.postEngagement(new Date(day(2, 0)));
    expect(engagement.map((e) => [e.postedAt.toISOString(), Math.round(e.engagement * 1000) / 1000])).toEqual(
      [
        [day(2), 1000],
        [day(3), 7],
      ],
    );
  });

  it('cursors: set, read back and replace, per account and key', async () => {
    const store = await stores.open();
    await store.db.insertInto('accounts').values({ id: OTHER, label: 'other' }).execute();
    const mine = new CursorRepository(store, DEFAULT_ACCOUNT_ID);
    const theirs = new CursorRepository(store, OTHER);
    expect(await mine.get('mentions:since_id')).toBeUndefined();
    await mine.set('mentions:since_id', '100', new Date(day(1)));
    await mine.set('mentions:since_id', '200', new Date(day(2)));
    await theirs.set('mentions:since_id', '5', new Date(day(2)));
    expect(await mine.get('mentions:since_id')).toBe('200');
    expect(await theirs.get('mentions:since_id')).toBe('5');
    expect(await mine.get('other')).toBeUndefined();
  });
});
