// Every read of the scraper backend against the fake web API over HTTP, checked against the contract
// schemas; plus the unsupported methods and the capability object.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEED_IDS } from '../../../../test/fakes/scraper/fake-scraper-state.js';
import { type ScraperHarness, startScraperHarness } from '../../../../test/fakes/scraper/scraper-harness.js';
import {
  IncludesSchema,
  type Page,
  PageMetaSchema,
  ProviderCapabilitiesSchema,
  TweetSchema,
  UserSchema,
} from '../../../contracts/social.js';
import type { AppError } from '../../../core/errors.js';
import type { ScraperClient } from './scraper-client.js';

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), includes: IncludesSchema.optional(), meta: PageMetaSchema });

let h: ScraperHarness;
let client: ScraperClient;

beforeAll(async () => {
  h = await startScraperHarness();
  client = h.client();
});
afterAll(() => h.close());
afterEach(async () => {
  // Every request that reached the fake was recorded in the usage log, and nothing else was.
  expect(h.calls).toHaveLength(h.fake.requests.length);
  await h.reset();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => expect.fail('expected a failure'),
    (error: AppError) => error,
  );
}

/** Follows next_token to the end; every page must validate. */
async function all<T>(
  read: (token?: string) => Promise<Page<T>>,
  schema: z.ZodType,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let token: string | undefined;
  for (let pages = 1; pages < 20; pages++) {
    const page = await read(token);
    pageOf(schema).parse(page);
    expect(page.meta.result_count).toBe(page.data.length);
    items.push(...page.data);
    token = page.meta.next_token;
    if (!token) return { items, pages };
  }
  throw new Error('pagination did not end');
}

describe('ScraperClient reads', () => {
  it('getTweet maps a web post to the contract, metrics and views included', async () => {
    const tweet = await client.getTweet(SEED_IDS.aliceLatest);
    expect(TweetSchema.parse(tweet)).toEqual(tweet);
    expect(tweet).toEqual({
      id: SEED_IDS.aliceLatest,
      text: 'The composer ships drafts on time #12',
      author_id: SEED_IDS.alice,
      created_at: '2026-01-05T21:00:00.000Z',
      conversation_id: SEED_IDS.aliceLatest,
      public_metrics: {
        retweet_count: 1,
        reply_count: 1,
        like_count: 2,
        quote_count: 1,
        impression_count: 1200,
        bookmark_count: 0,
      },
    });
    // Guest mode: one activation, then the query with the token.
    expect(h.calls.map((c) => c.endpoint)).toEqual([
      '/1.1/guest/activate.json',
      '/graphql/{queryId}/TweetResultByRestId',
    ]);
    const query = h.fake.requests[1];
    expect(query?.headers['x-guest-token']).toMatch(/^gt-/);
    expect(query?.headers.authorization).toMatch(/^Bearer AAAA/);
    expect(query?.headers.cookie).toBeUndefined();
    expect(h.calls[1]).toMatchObject({ method: 'GET', status: 200, host: new URL(h.fake.url).host });
  });

  it('maps replies, quotes and posts behind a visibility wrapper', async () => {
    const reply = await client.getTweet(SEED_IDS.reply);
    expect(reply.in_reply_to_user_id).toBe(SEED_IDS.alice);
    expect(reply.referenced_tweets).toEqual([{ type: 'replied_to', id: SEED_IDS.aliceLatest }]);
    expect(reply.conversation_id).toBe(SEED_IDS.aliceLatest);
    const quote = await client.getTweet(SEED_IDS.quote);
    expect(quote.referenced_tweets).toEqual([{ type: 'quoted', id: SEED_IDS.aliceLatest }]);
    const limited = await client.getTweet(SEED_IDS.limited);
    expect(limited).toMatchObject({
      id: SEED_IDS.limited,
      author_id: SEED_IDS.carol,
      text: 'A limited composer post',
    });
  });

  it('reports deleted and unknown posts as not_found, and a bad id before sending anything', async () => {
    expect((await failure(client.getTweet(SEED_IDS.deleted))).code).toBe('not_found');
    expect((await failure(client.getTweet('1234'))).code).toBe('not_found');
    const requests = h.fake.requests.length;
    expect((await failure(client.getTweet('12a'))).code).toBe('invalid_input');
    expect(h.fake.requests).toHaveLength(requests);
  });

  it('getTweets leaves out posts that are gone', async () => {
    const tweets = await client.getTweets([SEED_IDS.aliceLatest, SEED_IDS.deleted, '42', SEED_IDS.reply]);
    expect(tweets.map((t) => t.id)).toEqual([SEED_IDS.aliceLatest, SEED_IDS.reply]);
    expect(await client.getTweets([])).toEqual([]);
  });

  it('searchRecent pages with the bottom cursor until an empty page', async () => {
    const { items, pages } = await all(
      (token) => client.searchRecent('composer', { maxResults: 3, paginationToken: token }),
      TweetSchema,
    );
    expect(items.map((t) => t.id)).toEqual([
      SEED_IDS.limited,
      SEED_IDS.quote,
      SEED_IDS.reply,
      '1800000000000000012',
      '1800000000000000009',
      '1800000000000000006',
      '1800000000000000003',
    ]);
    // 3 + 3 + 1 results; the page after the last one is empty and has no next_token.
    expect(pages).toBe(4);
    const search = h.fake.requests.filter((r) => r.operation === 'SearchTimeline');
    expect(search[0]?.variables).toMatchObject({ rawQuery: 'composer', count: 3, product: 'Latest' });
    expect(search[0]?.variables?.cursor).toBeUndefined();
    expect(search[1]?.variables?.cursor).toEqual(expect.any(String));
  });

  it('searchRecent lists the authors in includes and honours since_id', async () => {
    const page = await client.searchRecent('composer', { sinceId: '1800000000000000012' });
    expect(page.data.map((t) => t.id)).toEqual([SEED_IDS.limited, SEED_IDS.quote, SEED_IDS.reply]);
    expect(page.includes?.users?.map((u) => u.username).sort()).toEqual(['bob', 'carol', 'dave']);
    expect(h.fake.requests.at(-1)?.variables?.rawQuery).toBe('composer since_id:1800000000000000012');
  });

  it('getUserById and getUserByUsername map a web user to the contract', async () => {
    const alice = await client.getUserByUsername('@alice');
    expect(UserSchema.parse(alice)).toEqual(alice);
    expect(alice).toEqual({
      id: SEED_IDS.alice,
      username: 'alice',
      name: 'Alice Example',
      created_at: '2018-10-10T20:19:24.000Z',
      description: 'Alice Example writes about composing posts.',
      location: 'Internet',
      url: 'https://alice.example',
      profile_image_url: `https://pbs.twimg.com/profile_images/${SEED_IDS.alice}/avatar_normal.jpg`,
      protected: false,
      verified: true,
      public_metrics: {
        followers_count: 14,
        following_count: 2,
        tweet_count: 12,
        listed_count: 12,
        like_count: 2,
      },
    });
    expect(await client.getUserById(SEED_IDS.alice)).toEqual(alice);
    expect(h.fake.requests.at(-1)?.variables).toMatchObject({ userId: SEED_IDS.alice });
  });

  it('reports unknown and suspended users as not_found', async () => {
    expect((await failure(client.getUserByUsername('nobody'))).code).toBe('not_found');
    expect((await failure(client.getUserById(SEED_IDS.suspended))).code).toBe('not_found');
    expect((await failure(client.getUserTweets('999'))).code).toBe('not_found');
  });

  it('getUsersByIds skips unknown users', async () => {
    const users = await client.getUsersByIds([SEED_IDS.bob, '999', SEED_IDS.carol]);
    expect(users.map((u) => [u.username, u.protected])).toEqual([
      ['bob', false],
      ['carol', true],
    ]);
  });

  it('getUserTweets pages through all of a user’s posts', async () => {
    const { items, pages } = await all(
      (token) => client.getUserTweets(SEED_IDS.alice, { maxResults: 5, paginationToken: token }),
      TweetSchema,
    );
    expect(items).toHaveLength(12);
    expect(items[0]?.id).toBe(SEED_IDS.aliceLatest);
    expect(pages).toBe(4);
  });

  it('getFollowers and getFollowing page user lists', async () => {
    const followers = await all(
      (token) => client.getFollowers(SEED_IDS.alice, { maxResults: 5, paginationToken: token }),
      UserSchema,
    );
    expect(followers.items).toHaveLength(14);
    expect(new Set(followers.items.map((u) => u.id)).size).toBe(14);
    const following = await client.getFollowing(SEED_IDS.alice);
    expect(following.data.map((u) => u.username)).toEqual(['bob', 'dave']);
    expect(following.meta).toMatchObject({ result_count: 2, next_token: expect.any(String) });
  });

  it('getLikedTweets and getLikingUsers', async () => {
    const liked = await client.getLikedTweets(SEED_IDS.alice);
    pageOf(TweetSchema).parse(liked);
    expect(liked.data.map((t) => t.id)).toEqual(['1800000000000000006', '1800000000000000003']);
    const likers = await client.getLikingUsers(SEED_IDS.aliceLatest);
    pageOf(UserSchema).parse(likers);
    expect(likers.data.map((u) => u.username)).toEqual(['dave', 'bob']);
  });
});

describe('ScraperClient limits', () => {
  it('fails the unsupported methods at once, sending nothing', async () => {
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ['getMentions', () => client.getMentions()],
      ['getHomeTimeline', () => client.getHomeTimeline()],
      ['getMe', () => client.getMe()],
      ['getBookmarks', () => client.getBookmarks()],
      ['uploadMedia', () => client.uploadMedia('/tmp/a.png')],
    ];
    for (const [method, call] of attempts) {
      const error = await failure(call());
      expect(error.code).toBe('validation_error');
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(
        new RegExp(`^${method} is not supported by the scraper backend \\(.+\\)`),
      );
      expect(error.message).toContain('set social_api.provider_backend = "social_api"');
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('describes itself with the spec capability object', () => {
    expect(ProviderCapabilitiesSchema.parse(client.capabilities)).toEqual({
      backend: 'scraper',
      mutations_available: false,
      risk_level: 'elevated',
      data_confidence: 'medium',
      unsupported_methods: ['get_user_mentions', 'get_home_timeline', 'get_me', 'get_bookmarks'],
      note: expect.stringContaining('elevated account-restriction risk'),
    });
    expect(h.client({ allowMutations: true }).capabilities.mutations_available).toBe(true);
  });
});
