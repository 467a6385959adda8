// Every read of the official client, over HTTP against the fake platform, checked against the contracts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TweetSchema, UserSchema } from '../../src/contracts/social.js';
import type { SocialBackend } from '../../src/infra/social/create-social-backend.js';
import { type SocialHarness, startSocialHarness } from '../support/social-harness.js';

let h: SocialHarness;
let social: SocialBackend;
beforeAll(async () => {
  h = await startSocialHarness();
  h.storeToken();
  social = h.backend();
});
afterAll(() => h.close());

describe('SocialApiClient reads', () => {
  it('getMe, getUserById, getUserByUsername and getUsersByIds return validated users with metrics', async () => {
    const me = await social.read.getMe();
    expect(me).toMatchObject({ id: '1000', username: 'app_owner' });
    expect(me.public_metrics?.followers_count).toBeGreaterThan(0);
    expect((await social.read.getUserById('1001')).username).toBe('dana_devrel');
    expect((await social.read.getUserByUsername('@sam_codes')).id).toBe('1002');
    const users = await social.read.getUsersByIds(['1003', '1004']);
    expect(users.map((u) => u.username)).toEqual(['growth_gina', 'indie_ian']);
    for (const user of [me, ...users]) expect(UserSchema.safeParse(user).success).toBe(true);
  });

  it('search walks every page with next_token and respects since_id', async () => {
    const first = await social.read.searchRecent('typescript', { maxResults: 10 });
    expect(first.data.length).toBeGreaterThan(0);
    for (const post of first.data) {
      expect(TweetSchema.safeParse(post).success).toBe(true);
      expect(post.text.toLowerCase()).toContain('typescript');
      expect(post.author_id).toBeDefined();
    }
    expect(first.includes?.users?.length).toBeGreaterThan(0);
    const seen = new Set(first.data.map((t) => t.id));
    let token = first.meta.next_token;
    while (token) {
      const page = await social.read.searchRecent('typescript', { maxResults: 10, paginationToken: token });
      for (const post of page.data) {
        expect(seen.has(post.id)).toBe(false);
        seen.add(post.id);
      }
      token = page.meta.next_token;
    }
    const newest = first.meta.newest_id as string;
    const since = await social.read.searchRecent('typescript', { maxResults: 10, sinceId: newest });
    expect(since.data).toEqual([]);
  });

  it('getTweet and getTweets; a missing post is not_found', async () => {
    const [one] = (await social.read.searchRecent('typescript', { maxResults: 10 })).data;
    const post = await social.read.getTweet(one?.id ?? '');
    expect(post.id).toBe(one?.id);
    expect(post.public_metrics).toBeDefined();
    expect((await social.read.getTweets([post.id])).map((t) => t.id)).toEqual([post.id]);
    await expect(social.read.getTweet('1')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('mentions, user tweets and home timeline page by pagination_token', async () => {
    const mentions = await social.read.getMentions({ maxResults: 5 });
    expect(mentions.data.every((t) => t.text.toLowerCase().includes('@app_owner'))).toBe(true);
    const tweets = await social.read.getUserTweets('1002', { maxResults: 5 });
    expect(tweets.data.every((t) => t.author_id === '1002')).toBe(true);
    const home = await social.read.getHomeTimeline({ maxResults: 5 });
    expect(home.data.length).toBeGreaterThan(0);
    if (home.meta.next_token) {
      const next = await social.read.getHomeTimeline({
        maxResults: 5,
        paginationToken: home.meta.next_token,
      });
      expect(next.data[0]?.id).not.toBe(home.data[0]?.id);
    }
  });

  it('followers, following, liked tweets, liking users and bookmarks', async () => {
    const followers = await social.read.getFollowers('1000', { maxResults: 100 });
    expect(followers.data.length).toBeGreaterThan(0);
    expect((await social.read.getFollowing('1000')).data.length).toBeGreaterThan(0);
    const [target] = (await social.read.searchRecent('typescript', { maxResults: 10 })).data;
    await social.write.like(target?.id ?? '');
    await social.write.bookmark(target?.id ?? '');
    expect((await social.read.getLikedTweets('1000', { maxResults: 10 })).data.map((t) => t.id)).toContain(
      target?.id,
    );
    expect((await social.read.getLikingUsers(target?.id ?? '')).data.map((u) => u.id)).toContain('1000');
    expect((await social.read.getBookmarks()).data.map((t) => t.id)).toContain(target?.id);
  });

  it('reports its provider capabilities exactly as the spec object', () => {
    expect(social.capabilities).toEqual({
      backend: 'social_api',
      mutations_available: true,
      risk_level: 'standard',
      data_confidence: 'high',
      unsupported_methods: [],
      note: expect.any(String),
    });
  });
});
