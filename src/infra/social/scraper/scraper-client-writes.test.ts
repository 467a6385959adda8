// The scraper backend's writes against the fake web API: blocked by default, session required, then each
// mutation reaching the fake with the session's cookies and answering in the official client's shapes.
import { writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_SESSION, SEED_IDS } from '../../../../test/fakes/scraper/fake-scraper-state.js';
import { type ScraperHarness, startScraperHarness } from '../../../../test/fakes/scraper/scraper-harness.js';
import type { AppError } from '../../../core/errors.js';
import type { ScraperClient } from './scraper-client.js';

let h: ScraperHarness;

beforeAll(async () => {
  h = await startScraperHarness();
});
afterAll(() => h.close());
afterEach(async () => {
  expect(h.calls).toHaveLength(h.fake.requests.length);
  await h.reset();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => expect.fail('expected a failure'),
    (error: AppError) => error,
  );
}

const MUTATIONS: Array<[string, (c: ScraperClient) => Promise<unknown>]> = [
  ['postTweet', (c) => c.postTweet({ text: 'hello' })],
  ['deleteTweet', (c) => c.deleteTweet(SEED_IDS.aliceLatest)],
  ['like', (c) => c.like(SEED_IDS.reply)],
  ['unlike', (c) => c.unlike(SEED_IDS.reply)],
  ['retweet', (c) => c.retweet(SEED_IDS.reply)],
  ['unretweet', (c) => c.unretweet(SEED_IDS.reply)],
  ['bookmark', (c) => c.bookmark(SEED_IDS.reply)],
  ['unbookmark', (c) => c.unbookmark(SEED_IDS.reply)],
  ['follow', (c) => c.follow(SEED_IDS.carol)],
  ['unfollow', (c) => c.unfollow(SEED_IDS.bob)],
];

describe('ScraperClient writes', () => {
  it('blocks every mutation unless scraper_allow_mutations, even with a session, sending nothing', async () => {
    h.signIn();
    const client = h.client();
    for (const [method, call] of MUTATIONS) {
      const error = await failure(call(client));
      expect(error.code).toBe('scraper_mutation_blocked');
      expect(error.retryable).toBe(false);
      expect(error.message).toContain(method);
      expect(error.message).toContain('scraper_allow_mutations');
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('needs a browser session when mutations are allowed', async () => {
    const client = h.client({ allowMutations: true });
    for (const [, call] of MUTATIONS) {
      const error = await failure(call(client));
      expect(error.code).toBe('social_not_configured');
      expect(error.message).toMatch(/browser session.*auth_token and ct0/);
      expect(error.message).toContain(h.sessionPath);
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('refuses a broken session file as social_not_configured', async () => {
    writeFileSync(h.sessionPath, '{"auth_token": ""}');
    const error = await failure(h.client({ allowMutations: true }).like(SEED_IDS.reply));
    expect(error.code).toBe('social_not_configured');
    expect(error.message).toContain('is invalid');
  });

  it('posts with the session cookies, then reads the post back', async () => {
    h.signIn();
    const client = h.client({ allowMutations: true });
    const created = await client.postTweet({ text: 'Shipping the scraper backend' });
    expect(created).toEqual({ id: expect.stringMatching(/^\d+$/), text: 'Shipping the scraper backend' });
    const request = h.fake.requests[0];
    expect(request?.operation).toBe('CreateTweet');
    expect(request?.headers).toMatchObject({
      cookie: `auth_token=${FAKE_SESSION.auth_token}; ct0=${FAKE_SESSION.ct0}`,
      'x-csrf-token': FAKE_SESSION.ct0,
      'x-twitter-auth-type': 'OAuth2Session',
      'content-type': 'application/json',
    });
    expect(request?.headers['x-guest-token']).toBeUndefined();
    expect(request?.body).toMatchObject({ queryId: expect.any(String), features: expect.any(Object) });
    expect(h.calls[0]).toMatchObject({
      method: 'POST',
      endpoint: '/graphql/{queryId}/CreateTweet',
      status: 200,
    });

    const read = await client.getTweet(created.id);
    expect(read).toMatchObject({
      id: created.id,
      text: 'Shipping the scraper backend',
      author_id: SEED_IDS.alice,
    });
    // Reads with a session go signed in too: no guest token is ever activated.
    expect(h.fake.requests.map((r) => r.path)).not.toContain('/i/api/1.1/guest/activate.json');
  });

  it('posts replies, quotes and media ids in the web app’s variables', async () => {
    h.signIn();
    const client = h.client({ allowMutations: true });
    const reply = await client.postTweet({
      text: 'A reply',
      inReplyToId: SEED_IDS.aliceLatest,
      mediaIds: ['77'],
    });
    expect(h.fake.requests[0]?.variables).toMatchObject({
      tweet_text: 'A reply',
      reply: { in_reply_to_tweet_id: SEED_IDS.aliceLatest, exclude_reply_user_ids: [] },
      media: { media_entities: [{ media_id: '77', tagged_users: [] }] },
    });
    expect((await client.getTweet(reply.id)).referenced_tweets).toEqual([
      { type: 'replied_to', id: SEED_IDS.aliceLatest },
    ]);
    const quote = await client.postTweet({ text: 'A quote', quoteTweetId: SEED_IDS.reply });
    expect(h.fake.requests.at(-1)?.variables?.attachment_url).toBe(
      `https://x.com/i/status/${SEED_IDS.reply}`,
    );
    expect((await client.getTweet(quote.id)).referenced_tweets).toEqual([
      { type: 'quoted', id: SEED_IDS.reply },
    ]);
  });

  it('maps platform refusals: duplicate post, unknown post', async () => {
    h.signIn();
    const client = h.client({ allowMutations: true });
    await client.postTweet({ text: 'Only once' });
    const duplicate = await failure(client.postTweet({ text: 'Only once' }));
    expect([duplicate.code, duplicate.retryable]).toEqual(['social_api_error', false]);
    expect(duplicate.message).toContain('duplicate');
    expect((await failure(client.like('1234'))).code).toBe('not_found');
    expect((await failure(client.follow('999'))).code).toBe('not_found');
  });

  it('engages and follows, returning the official client’s shapes', async () => {
    h.signIn();
    const client = h.client({ allowMutations: true });
    expect(await client.like(SEED_IDS.quote)).toEqual({ liked: true });
    // Already liked (web error 139) is the outcome the caller wanted.
    expect(await client.like(SEED_IDS.quote)).toEqual({ liked: true });
    expect(h.fake.state.likes.get(SEED_IDS.quote)).toEqual([SEED_IDS.alice]);
    expect(await client.unlike(SEED_IDS.quote)).toEqual({ liked: false });
    expect(await client.retweet(SEED_IDS.quote)).toEqual({ retweeted: true });
    expect(await client.retweet(SEED_IDS.quote)).toEqual({ retweeted: true });
    expect(await client.unretweet(SEED_IDS.quote)).toEqual({ retweeted: false });
    expect(await client.bookmark(SEED_IDS.quote)).toEqual({ bookmarked: true });
    expect(h.fake.state.bookmarks.get(SEED_IDS.quote)?.has(SEED_IDS.alice)).toBe(true);
    expect(await client.unbookmark(SEED_IDS.quote)).toEqual({ bookmarked: false });
    expect(h.fake.requests.find((r) => r.operation === 'DeleteRetweet')?.variables).toMatchObject({
      source_tweet_id: SEED_IDS.quote,
    });

    expect(await client.follow('2001')).toEqual({ following: true, pending_follow: false });
    expect(await client.follow(SEED_IDS.carol)).toEqual({ following: false, pending_follow: true });
    expect(await client.unfollow('2001')).toEqual({ following: false });
    const follow = h.fake.requests.find((r) => r.path.endsWith('/friendships/create.json'));
    expect(follow?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(follow?.body).toMatchObject({ user_id: '2001' });
    expect(h.fake.state.follows.has(`${SEED_IDS.alice}>2001`)).toBe(false);
    expect(h.fake.state.followRequests.has(`${SEED_IDS.alice}>${SEED_IDS.carol}`)).toBe(true);
    expect(h.calls.find((c) => c.endpoint === '/1.1/friendships/create.json')).toMatchObject({
      method: 'POST',
      status: 200,
    });
  });

  it('deletes a post, which then reads as not_found', async () => {
    h.signIn();
    const client = h.client({ allowMutations: true });
    const created = await client.postTweet({ text: 'Short-lived' });
    expect(await client.deleteTweet(created.id)).toEqual({ deleted: true });
    expect((await failure(client.getTweet(created.id))).code).toBe('not_found');
  });

  it('is refused by the platform with a stale session (csrf mismatch) as social_forbidden', async () => {
    h.signIn();
    const seeded = { auth_token: FAKE_SESSION.auth_token, ct0: FAKE_SESSION.ct0, userId: SEED_IDS.alice };
    h.fake.state.addSession({ ...seeded, ct0: 'rotated' });
    try {
      const error = await failure(h.client({ allowMutations: true }).like(SEED_IDS.reply));
      expect([error.code, error.retryable]).toEqual(['social_forbidden', false]);
      expect(h.fake.requests).toHaveLength(1);
    } finally {
      h.fake.state.addSession(seeded);
    }
  });
});
