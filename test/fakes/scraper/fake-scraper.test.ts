// The fake web API itself, spoken to with plain fetch: auth rules, shapes, cursors, limits and faults.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeScraper, startFakeScraper } from './fake-scraper.js';
import { FAKE_SESSION, SEED_IDS } from './fake-scraper-state.js';

let fake: FakeScraper;
const BEARER = { authorization: 'Bearer test-web-bearer' };
const FEATURES = encodeURIComponent('{}');

beforeAll(async () => {
  fake = await startFakeScraper();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.faults.clear();
  fake.requests.length = 0;
});

async function guestToken(): Promise<string> {
  const response = await fetch(`${fake.url}/1.1/guest/activate.json`, { method: 'POST', headers: BEARER });
  return ((await response.json()) as { guest_token: string }).guest_token;
}

function gql(operation: string, variables: unknown, headers: Record<string, string>) {
  const query = `variables=${encodeURIComponent(JSON.stringify(variables))}&features=${FEATURES}`;
  return fetch(`${fake.url}/graphql/anyQueryId/${operation}?${query}`, {
    headers: { ...BEARER, ...headers },
  });
}

const sessionHeaders = {
  cookie: `auth_token=${FAKE_SESSION.auth_token}; ct0=${FAKE_SESSION.ct0}`,
  'x-csrf-token': FAKE_SESSION.ct0,
};

describe('fake scraper', () => {
  it('serves web-app shaped users to a guest and refuses expired guest tokens with code 239', async () => {
    const token = await guestToken();
    const ok = await gql('UserByScreenName', { screen_name: 'alice' }, { 'x-guest-token': token });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as {
      data: { user: { result: { rest_id: string; legacy: Record<string, unknown> } } };
    };
    expect(body.data.user.result.rest_id).toBe(SEED_IDS.alice);
    expect(body.data.user.result.legacy.created_at).toBe('Wed Oct 10 20:19:24 +0000 2018');
    expect(ok.headers.get('x-rate-limit-limit')).toBe('500');

    fake.state.expireGuestTokens();
    const expired = await gql('UserByScreenName', { screen_name: 'alice' }, { 'x-guest-token': token });
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ errors: [{ code: 239, message: 'Bad guest token.' }] });
  });

  it('pages a timeline with a bottom cursor that keeps coming on the last page', async () => {
    const headers = { 'x-guest-token': await guestToken() };
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const response = await gql('UserTweets', { userId: SEED_IDS.alice, count: 5, cursor }, headers);
      const text = await response.text();
      ids.push(...[...text.matchAll(/"entryId":"tweet-(\d+)"/g)].map((m) => m[1] ?? ''));
      cursor = /"value":"([^"]+)","cursorType":"Bottom"/.exec(text)?.[1];
      expect(cursor).toBeDefined();
    }
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it('accepts a mutation only with a matching session cookie and csrf header', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${fake.url}/graphql/q/FavoriteTweet`, {
        method: 'POST',
        headers: { ...BEARER, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ variables: { tweet_id: SEED_IDS.reply }, queryId: 'q' }),
      });
    expect((await post({ ...sessionHeaders, 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect((await post({ 'x-guest-token': await guestToken() })).status).toBe(403);
    const liked = await post(sessionHeaders);
    expect(await liked.json()).toEqual({ data: { favorite_tweet: 'Done' } });
    expect(fake.state.likes.get(SEED_IDS.reply)).toContain(SEED_IDS.alice);
  });

  it('rate-limits an operation with x-rate-limit headers', async () => {
    fake.state.setRateLimit('UserByRestId', 1);
    const headers = { 'x-guest-token': await guestToken() };
    expect((await gql('UserByRestId', { userId: SEED_IDS.bob }, headers)).status).toBe(200);
    const limited = await gql('UserByRestId', { userId: SEED_IDS.bob }, headers);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    // wall clock: the fake keeps real time
    expect(Number(limited.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000);
    fake.state.setRateLimit('UserByRestId', 500);
  });

  it('injects faults by path and count', async () => {
    const headers = { 'x-guest-token': await guestToken() };
    fake.faults.inject({ path: 'UserByRestId', action: 'html', status: 503 });
    fake.faults.inject({ path: 'UserByRestId', action: 'malformed' });
    fake.faults.inject({ path: 'UserByRestId', action: 'status', status: 502, times: 2 });
    fake.faults.inject({ path: 'UserByRestId', action: 'drop' });
    const html = await gql('UserByRestId', { userId: SEED_IDS.bob }, headers);
    expect([html.status, html.headers.get('content-type')]).toEqual([503, 'text/html; charset=utf-8']);
    expect(
      (await gql('UserByRestId', { userId: SEED_IDS.bob }, headers).then((r) => r.text())).endsWith('"10'),
    ).toBe(true);
    expect((await gql('UserByRestId', { userId: SEED_IDS.bob }, headers)).status).toBe(502);
    expect((await gql('UserByRestId', { userId: SEED_IDS.bob }, headers)).status).toBe(502);
    await expect(gql('UserByRestId', { userId: SEED_IDS.bob }, headers)).rejects.toThrow();
    expect((await gql('UserByRestId', { userId: SEED_IDS.bob }, headers)).status).toBe(200);
    expect(fake.faults.pending()).toBe(0);
    expect(fake.requests.filter((r) => r.operation === 'UserByRestId')).toHaveLength(6);
  });
});
