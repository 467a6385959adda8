// DiscoveryRepository against a real, migrated database of each store.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { NewDiscoveredPost } from '../../../core/ports/discovery-store.js';
import type { Store } from '../../storage/store.js';
import { DiscoveryRepository } from './discovery-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const T0 = new Date('2026-11-22T12:00:00.000Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

function post(id: string, overrides: Partial<NewDiscoveredPost> = {}): NewDiscoveredPost {
  return {
    tweet_id: id,
    author_id: '2001',
    author_username: 'Dana_DevRel',
    author_followers: 5000,
    text: `post ${id} about rust cli tools`,
    tweet_created_at: '2026-11-22T11:50:00.000Z',
    like_count: 20,
    retweet_count: 5,
    reply_count: 3,
    quote_count: 0,
    impression_count: 900,
    has_media: false,
    is_quote: false,
    score: 74.03,
    score_breakdown: { total: 74.03, matched_keywords: ['rust', 'cli'] },
    matched_keyword: 'rust',
    source: 'search',
    ...overrides,
  };
}

/** A reply the account posted, as the publisher records it. */
async function postedReply(
  database: Store,
  tweetId: string,
  inReplyTo: string,
  account = DEFAULT_ACCOUNT_ID,
) {
  await database.db
    .insertInto('posts')
    .values({
      account_id: account,
      tweet_id: tweetId,
      kind: 'reply',
      text: 'thanks!',
      in_reply_to_tweet_id: inReplyTo,
      posted_at: '2026-11-22T12:30:00.000Z',
    })
    .execute();
}

describe.each(STORES)('DiscoveryRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let repository: DiscoveryRepository;

  beforeEach(async () => {
    database = await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    repository = new DiscoveryRepository(database, DEFAULT_ACCOUNT_ID);
  });

  it('stores a post with every field and reads it back unreplied', async () => {
    await repository.save([post('100', { has_media: true, is_quote: true })], T0);
    expect(await repository.byIds(['100'])).toEqual([
      {
        ...post('100', { has_media: true, is_quote: true }),
        discovered_at: T0.toISOString(),
        replied_to: false,
        reply_tweet_id: null,
      },
    ]);
  });

  it('a second sighting refreshes metrics and score but keeps first discovery, source and replied state', async () => {
    await repository.save([post('100', { source: 'mention' })], T0);
    await repository.markReplied('100', '900');
    await repository.save(
      [post('100', { like_count: 99, score: 40, matched_keyword: 'cli', source: 'search' })],
      later(30),
    );
    const [again] = await repository.byIds(['100']);
    expect(again).toMatchObject({
      like_count: 99,
      score: 40,
      matched_keyword: 'cli',
      source: 'mention',
      discovered_at: T0.toISOString(),
      replied_to: true,
      reply_tweet_id: '900',
    });
  });

  it('the feed is best score first, filtered by score range and keyword, and limited', async () => {
    await repository.save(
      [
        post('1', { score: 30 }),
        post('2', { score: 80, matched_keyword: 'cli' }),
        post('3', { score: 65 }),
        post('4', { score: 65 }),
      ],
      T0,
    );
    await repository.save([post('5', { score: 65 })], later(5));
    const ids = (posts: { tweet_id: string }[]) => posts.map((p) => p.tweet_id);
    // Equal scores: the newest discovery first, then the higher id.
    expect(ids(await repository.feed({ limit: 10 }))).toEqual(['2', '5', '4', '3', '1']);
    expect(ids(await repository.feed({ limit: 10, minScore: 50, maxScore: 70 }))).toEqual(['5', '4', '3']);
    expect(ids(await repository.feed({ limit: 10, keyword: 'cli' }))).toEqual(['2']);
    expect(ids(await repository.feed({ limit: 2 }))).toEqual(['2', '5']);
  });

  it('a reply found in posts counts as replied even when the post was never marked', async () => {
    await repository.save([post('1'), post('2'), post('3')], T0);
    await postedReply(database, '901', '2');
    await repository.markReplied('3', null);
    const feed = await repository.feed({ limit: 10 });
    expect(Object.fromEntries(feed.map((p) => [p.tweet_id, p.replied_to]))).toEqual({
      '1': false,
      '2': true,
      '3': true,
    });
    expect((await repository.feed({ limit: 10, unrepliedOnly: true })).map((p) => p.tweet_id)).toEqual(['1']);
  });

  it('finds stored posts by id in the order asked, and says which ids it knows', async () => {
    await repository.save([post('1'), post('2')], T0);
    expect((await repository.byIds(['2', '9', '1', '2'])).map((p) => p.tweet_id)).toEqual(['2', '1', '2']);
    expect(await repository.knownIds(['1', '9', '2'])).toEqual(new Set(['1', '2']));
    expect(await repository.byIds([])).toEqual([]);
  });

  it("an author's posts by id, or by handle case-insensitively, with count and average score", async () => {
    await repository.save(
      [
        post('1', { score: 60 }),
        post('2', { score: 71, author_id: null }),
        post('3', { author_id: '2002', author_username: 'someone_else' }),
      ],
      T0,
    );
    await repository.save([post('4', { score: 80 })], later(1));
    const byId = await repository.byAuthor({ id: '2001' }, 2);
    expect(byId.total).toBe(2);
    expect(byId.avgScore).toBe(70);
    expect(byId.posts.map((p) => p.tweet_id)).toEqual(['4', '1']);
    const both = await repository.byAuthor({ id: '2001', username: 'dana_devrel' }, 10);
    expect(both.total).toBe(3);
    expect(both.avgScore).toBe(70.33);
    expect(await repository.byAuthor({}, 10)).toEqual({ total: 0, avgScore: null, posts: [] });
    expect(await repository.byAuthor({ username: 'nobody' }, 10)).toEqual({
      total: 0,
      avgScore: null,
      posts: [],
    });
  });

  it('marks a reply, lists matched keywords by frequency, and prunes only old unreplied posts', async () => {
    await repository.save(
      [post('1', { matched_keyword: 'cli' }), post('2'), post('3'), post('4', { matched_keyword: null })],
      T0,
    );
    await repository.save([post('5')], later(60 * 24 * 8));
    expect(await repository.markReplied('1', '777')).toBe(true);
    expect(await repository.markReplied('404', null)).toBe(false);
    expect(await repository.keywords()).toEqual(['rust', 'cli']);
    await postedReply(database, '902', '2');
    expect(await repository.pruneUnreplied(later(60 * 24 * 7))).toBe(2);
    expect([...(await repository.knownIds(['1', '2', '3', '4', '5']))].sort()).toEqual(['1', '2', '5']);
  });

  it('a batch naming a post twice stores it once: the later sighting, with the first one’s source', async () => {
    await repository.save([post('1', { source: 'mention', score: 10 }), post('1', { score: 20 })], T0);
    expect(await repository.byIds(['1'])).toMatchObject([{ source: 'mention', score: 20 }]);
  });

  it('lists keywords of equal frequency in byte order, as SQLite compares text', async () => {
    await repository.save(
      [post('1', { matched_keyword: 'cli' }), post('2', { matched_keyword: 'Rust' }), post('3')],
      T0,
    );
    expect(await repository.keywords()).toEqual(['Rust', 'cli', 'rust']);
    expect(await repository.keywordCounts()).toEqual(
      new Map([
        ['cli', 1],
        ['rust', 2],
      ]),
    );
  });

  it('keeps accounts apart', async () => {
    const other = new DiscoveryRepository(database, OTHER_ACCOUNT);
    await other.save([post('1', { score: 99 })], T0);
    await repository.save([post('1', { score: 10 })], T0);
    await postedReply(database, '903', '1', OTHER_ACCOUNT);
    expect(await repository.byIds(['1'])).toMatchObject([{ score: 10, replied_to: false }]);
    expect(await other.byIds(['1'])).toMatchObject([{ score: 99, replied_to: true }]);
    expect(await repository.feed({ limit: 10, minScore: 50 })).toEqual([]);
  });

  it('reports a corrupted breakdown as db_error', async () => {
    await repository.save([post('1')], T0);
    // The schema refuses such a row: let it in as a damaged file or a hand edit would.
    if (database.dialect === 'sqlite') database.sqlite.pragma('ignore_check_constraints = ON');
    else
      await sql`alter table discovered_tweets drop constraint discovered_tweets_score_breakdown_check`.execute(
        database.db,
      );
    await sql`update discovered_tweets set score_breakdown = '[1]' where tweet_id = '1'`.execute(database.db);
    await expect(repository.byIds(['1'])).rejects.toMatchObject({ code: 'db_error' });
    if (database.dialect === 'postgres') {
      await sql`alter table discovered_tweets add constraint discovered_tweets_score_breakdown_check
        check (json_text_valid(score_breakdown) and json_text_type(score_breakdown) = 'object') not valid`.execute(
        database.db,
      );
    }
  });
});
