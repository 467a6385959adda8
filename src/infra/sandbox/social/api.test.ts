// The v2 API surface against the fake: auth and scopes, rate-limit headers and 429, pagination, posting
// rules, fields/expansions and not-found shapes, engagement metrics, and the elevated-tier gate.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, client } from '../../../../test/support/fake-social-client.js';
import { PageMetaSchema, TweetSchema, UserSchema } from '../../../contracts/social.js';
import { createFakeClock } from './clock.js';
import { type FakeSocial, startFakeSocial } from './server.js';

type Body = Record<string, unknown> & { data?: unknown; meta?: Record<string, unknown>; errors?: unknown[] };
let fake: FakeSocial;
let api: Client;
const clock = createFakeClock({ frozen: true });

beforeAll(async () => {
  fake = await startFakeSocial({ clock });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.state.reset();
  api = client(fake.url, fake.state.issueToken({ scopes: fake.state.allScopes() }).accessToken);
});

describe('auth and scopes', () => {
  it('answers 401 without or with an unknown token', async () => {
    const unauthorized = { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' };
    for (const reply of [
      await client(fake.url).get('/2/users/me'),
      await client(fake.url, 'nope').get('/2/users/me'),
    ]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(unauthorized);
    }
  });

  it('names the first missing scope and guards acting-user routes', async () => {
    const reader = client(
      fake.url,
      fake.state.issueToken({ scopes: ['tweet.read', 'users.read'] }).accessToken,
    );
    const post = await reader.post('/2/tweets', { text: 'hello' });
    expect(post.status).toBe(403);
    expect(post.body).toEqual({
      title: 'Forbidden',
      type: 'about:blank',
      status: 403,
      detail: 'Missing required OAuth 2.0 scope: tweet.write',
    });
    const other = await api.post('/2/users/1002/likes', { tweet_id: '1' });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ detail: 'You are not permitted to perform this action.' });
  });
});

describe('rate limits', () => {
  it('sends the three headers and 429 once the window is spent, then resets', async () => {
    fake.state.setRateLimit('GET /2/tweets/search/recent', 2);
    const first = await api.get('/2/tweets/search/recent', { query: 'typescript' });
    expect(first.headers.get('x-rate-limit-limit')).toBe('2');
    expect(first.headers.get('x-rate-limit-remaining')).toBe('1');
    const reset = Number(first.headers.get('x-rate-limit-reset'));
    expect(reset).toBe(Math.ceil((clock.now() + 15 * 60_000) / 1000));
    await api.get('/2/tweets/search/recent', { query: 'typescript' });
    const limited = await api.get('/2/tweets/search/recent', { query: 'typescript' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      title: 'Too Many Requests',
      detail: 'Too Many Requests',
      type: 'about:blank',
      status: 429,
    });
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    // Other endpoints have their own budget.
    expect((await api.get('/2/users/me')).status).toBe(200);
    clock.advance(15 * 60_000);
    expect((await api.get('/2/tweets/search/recent', { query: 'typescript' })).status).toBe(200);
  });
});

describe('pagination', () => {
  it('walks search results with next_token without gaps or repeats', async () => {
    const tweets = Array.from({ length: 23 }, (_, index) => ({
      author_id: '1003',
      text: `pagewalk item ${index}`,
      minutes_ago: 100 - index,
    }));
    const seeded = fake.state.seed({ tweets }).tweets;
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const reply = await api.get<Body>('/2/tweets/search/recent', {
        query: 'pagewalk',
        max_results: '10',
        ...(token ? { next_token: token } : {}),
      });
      const meta = PageMetaSchema.parse(reply.body.meta);
      const data = TweetSchema.array().parse(reply.body.data);
      expect(meta.result_count).toBe(data.length);
      expect(meta.newest_id).toBe(data[0]?.id);
      seen.push(...data.map((tweet) => tweet.id));
      token = meta.next_token;
      pages += 1;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual([...seeded].reverse());
  });

  it('filters with since_id and bounds max_results like the platform', async () => {
    const [older, newer] = fake.state.seed({
      tweets: [
        { author_id: '1004', text: 'sinceword one', minutes_ago: 5 },
        { author_id: '1004', text: 'sinceword two', minutes_ago: 1 },
      ],
    }).tweets;
    const reply = await api.get<Body>('/2/tweets/search/recent', {
      query: 'sinceword',
      since_id: older ?? '',
    });
    expect((reply.body.data as Array<{ id: string }>).map((tweet) => tweet.id)).toEqual([newer]);
    const bad = await api.get('/2/tweets/search/recent', { query: 'x', max_results: '5' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      errors: [
        {
          parameters: { max_results: ['5'] },
          message: 'The `max_results` query parameter value [5] is not between 10 and 100',
        },
      ],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    });
    expect((await api.get('/2/users/1000/tweets', { max_results: '5' })).status).toBe(200);
    expect((await api.get('/2/users/1000/followers', { max_results: '1001' })).status).toBe(400);
  });
});

describe('search query language', () => {
  it('supports AND, OR, phrases, negation and operators, case-insensitively', async () => {
    fake.state.seed({
      tweets: [
        { author_id: '1009', text: 'Zebra crossing at dawn', minutes_ago: 9 },
        { author_id: '1010', text: 'zebra stripes everywhere', minutes_ago: 8 },
        { author_id: '1010', text: 'Yak shaving season', minutes_ago: 7 },
      ],
    });
    const ids = async (query: string) => {
      const reply = await api.get<Body>('/2/tweets/search/recent', { query, 'tweet.fields': 'author_id' });
      return ((reply.body.data ?? []) as Array<{ text: string }>).map((tweet) => tweet.text);
    };
    expect(await ids('ZEBRA')).toEqual(['zebra stripes everywhere', 'Zebra crossing at dawn']);
    expect(await ids('zebra from:design_dan')).toEqual(['zebra stripes everywhere']);
    expect(await ids('zebra -stripes')).toEqual(['Zebra crossing at dawn']);
    expect(await ids('yak OR "crossing at"')).toEqual(['Yak shaving season', 'Zebra crossing at dawn']);
    expect(await ids('"at crossing"')).toEqual([]);
    const replies = await ids('to:app_owner is:reply');
    expect(replies.length).toBeGreaterThan(0);
    expect(await ids('strict mode -is:retweet')).toEqual([
      'TypeScript strict mode caught three bugs in my scheduler today. Worth it.',
    ]);
    expect((await api.get('/2/tweets/search/recent', { query: '-zebra' })).status).toBe(400);
    expect((await api.get('/2/tweets/search/recent', { query: 'bogus:op' })).status).toBe(400);
    const counts = await api.get<Body>('/2/tweets/counts/recent', { query: 'zebra', granularity: 'day' });
    expect(counts.body.meta).toEqual({ total_tweet_count: 2 });
  });
});

describe('posting', () => {
  it('creates posts, refuses duplicates, long text and replies to missing posts', async () => {
    const created = await api.post<Body>('/2/tweets', { text: 'A brand new post' });
    expect(created.status).toBe(201);
    const data = created.body.data as { id: string };
    expect(created.body).toEqual({
      data: { id: data.id, text: 'A brand new post', edit_history_tweet_ids: [data.id] },
    });

    const duplicate = await api.post('/2/tweets', { text: 'A brand new post' });
    expect(duplicate.status).toBe(403);
    expect(duplicate.body).toEqual({
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    });
    expect((await api.post('/2/tweets', { text: 'x'.repeat(281) })).status).toBe(400);
    expect(
      (
        await api.post('/2/tweets', {
          text: `${'x'.repeat(256)} https://example.com/a/very/long/path/indeed`,
        })
      ).status,
    ).toBe(201);
    const orphan = await api.post('/2/tweets', { text: 'reply', reply: { in_reply_to_tweet_id: '42' } });
    expect(orphan.status).toBe(403);
    expect(orphan.body).toMatchObject({
      detail: 'You attempted to reply to a Tweet that is deleted or not visible to you.',
    });
    expect((await api.post('/2/tweets', { text: 'pic', media: { media_ids: ['123'] } })).body).toMatchObject({
      errors: [{ message: 'Your media IDs are invalid.' }],
    });
  });

  it('threads replies and quotes, and deletes only own posts', async () => {
    const root = fake.state.seed({ tweets: [{ author_id: '1002', text: 'root post' }] }).tweets[0] ?? '';
    const reply = await api.post<Body>('/2/tweets', {
      text: 'my reply',
      reply: { in_reply_to_tweet_id: root },
    });
    const replyId = (reply.body.data as { id: string }).id;
    const looked = await api.get<Body>(`/2/tweets/${replyId}`, {
      'tweet.fields':
        'conversation_id,in_reply_to_user_id,referenced_tweets,created_at,author_id,public_metrics',
      expansions: 'author_id,referenced_tweets.id',
    });
    const tweet = TweetSchema.parse(looked.body.data);
    expect(tweet).toMatchObject({
      conversation_id: root,
      in_reply_to_user_id: '1002',
      referenced_tweets: [{ type: 'replied_to', id: root }],
      author_id: '1000',
    });
    expect(tweet.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(looked.body.includes).toMatchObject({ users: [{ id: '1000' }], tweets: [{ id: root }] });
    expect((await api.del(`/2/tweets/${root}`)).status).toBe(403);
    expect((await api.del(`/2/tweets/${replyId}`)).body).toEqual({ data: { deleted: true } });
  });
});

describe('lookups', () => {
  it('returns 200 with errors for missing posts and users', async () => {
    expect((await api.get('/2/tweets/123')).body).toEqual({
      errors: [
        {
          value: '123',
          detail: 'Could not find tweet with id: [123].',
          title: 'Not Found Error',
          resource_type: 'tweet',
          parameter: 'id',
          resource_id: '123',
          type: 'https://api.twitter.com/2/problems/resource-not-found',
        },
      ],
    });
    const many = await api.get<Body>('/2/users', {
      ids: '1001,999',
      'user.fields': 'public_metrics,created_at,verified',
    });
    expect(UserSchema.array().parse(many.body.data)).toHaveLength(1);
    expect(many.body.errors).toMatchObject([{ value: '999', parameter: 'ids', resource_type: 'user' }]);
    const byName = await api.get<Body>('/2/users/by/username/technews_daily', {
      'user.fields': 'public_metrics',
    });
    expect(UserSchema.parse(byName.body.data).public_metrics?.followers_count).toBeGreaterThan(1_000_000);
    expect((await api.get('/2/users/me', { 'user.fields': 'nonsense' })).status).toBe(400);
  });

  it('answers 200 with a "suspended" error for a suspended user, by name, by id and for its posts', async () => {
    const [id] = fake.state.seed({
      users: [{ id: '4242', username: 'gone_dark', suspended: true }],
      tweets: [{ author_id: '4242', text: 'before the ban', minutes_ago: 5 }],
    }).users;
    const entry = (parameter: string, value: string) => ({
      value,
      detail: `User has been suspended: [${value}].`,
      title: 'Forbidden',
      resource_type: 'user',
      parameter,
      resource_id: value,
      type: 'https://api.twitter.com/2/problems/resource-not-found',
    });
    const byName = await api.get<Body>('/2/users/by/username/gone_dark');
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ errors: [entry('username', 'gone_dark')] });
    expect((await api.get<Body>(`/2/users/${id}`)).body).toEqual({ errors: [entry('id', '4242')] });
    expect((await api.get<Body>(`/2/users/${id}/tweets`)).body).toEqual({ errors: [entry('id', '4242')] });
    const search = await api.get<Body>('/2/tweets/search/recent', { query: 'ban' });
    expect(JSON.stringify(search.body)).not.toContain('before the ban');
  });

  it('lists mentions of the acting user and its home timeline', async () => {
    const mentions = await api.get<Body>('/2/users/1000/mentions', { 'tweet.fields': 'author_id' });
    const texts = (mentions.body.data as Array<{ text: string; author_id: string }>).map(
      (tweet) => tweet.text,
    );
    expect(texts.length).toBeGreaterThanOrEqual(5);
    expect(texts.every((text) => /@app_owner/i.test(text))).toBe(true);
    const home = await api.get<Body>('/2/users/1000/timelines/reverse_chronological', {
      'tweet.fields': 'author_id',
    });
    const authors = new Set((home.body.data as Array<{ author_id: string }>).map((tweet) => tweet.author_id));
    expect(authors.has('1007')).toBe(false);
    expect(authors.has('1005')).toBe(true);
  });
});

describe('engagement', () => {
  it('updates metrics on like and follows protected accounts as pending', async () => {
    const id = fake.state.seed({ tweets: [{ author_id: '1004', text: 'like me' }] }).tweets[0] ?? '';
    expect((await api.post('/2/users/1000/likes', { tweet_id: id })).body).toEqual({ data: { liked: true } });
    const after = await api.get<Body>(`/2/tweets/${id}`, { 'tweet.fields': 'public_metrics' });
    expect((after.body.data as { public_metrics: { like_count: number } }).public_metrics.like_count).toBe(1);
    expect((await api.del(`/2/users/1000/likes/${id}`)).body).toEqual({ data: { liked: false } });
    expect((await api.post('/2/users/1000/following', { target_user_id: '1008' })).body).toEqual({
      data: { following: false, pending_follow: true },
    });
    expect((await api.post('/2/users/1000/following', { target_user_id: '1003' })).body).toEqual({
      data: { following: true, pending_follow: false },
    });
  });
});

describe('elevated tier', () => {
  it('refuses compliance and stream rules on the basic tier', async () => {
    const basic = await startFakeSocial({ tier: 'basic' });
    try {
      const token = basic.state.issueToken({ scopes: basic.state.allScopes() }).accessToken;
      const reply = await client(basic.url, token).post('/2/compliance/jobs', { type: 'tweets' });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({
        client_id: 'fake-client-id',
        title: 'Client Forbidden',
        reason: 'client-not-enrolled',
        required_enrollment: 'Appropriate Level of API Access',
        type: 'https://api.twitter.com/2/problems/client-forbidden',
      });
      expect((await client(basic.url, token).get('/2/tweets/search/stream/rules')).status).toBe(403);
    } finally {
      await basic.close();
    }
    const job = await api.post<Body>('/2/compliance/jobs', { type: 'tweets', name: 'nightly' });
    expect(job.body.data).toMatchObject({ type: 'tweets', name: 'nightly', status: 'created' });
    const rules = await api.post<Body>('/2/tweets/search/stream/rules', {
      add: [{ value: 'cat has:media', tag: 'cats' }, { value: 'cat has:media' }],
    });
    expect(rules.body.meta).toMatchObject({ summary: { created: 1, not_created: 1, valid: 2, invalid: 0 } });
  });
});
