// Writes and engagement through the official client against the fake: each one acts once and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('SocialApiClient writes', () => {
  it('posts, replies, quotes and deletes', async () => {
    const post = await social.write.postTweet({ text: 'Shipping the fake today' });
    expect(post.text).toBe('Shipping the fake today');
    const reply = await social.write.postTweet({ text: 'and a reply', inReplyToId: post.id });
    const quote = await social.write.postTweet({ text: 'quoting myself', quoteTweetId: post.id });
    const stored = await social.read.getTweet(reply.id);
    expect(stored.referenced_tweets).toEqual([{ type: 'replied_to', id: post.id }]);
    expect((await social.read.getTweet(quote.id)).referenced_tweets).toEqual([
      { type: 'quoted', id: post.id },
    ]);
    expect(await social.write.deleteTweet(reply.id)).toEqual({ deleted: true });
    await expect(social.read.getTweet(reply.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('the platform refuses duplicate text: social_forbidden, not retried', async () => {
    await social.write.postTweet({ text: 'exactly once please' });
    const before = h.fake.requests.length;
    await expect(social.write.postTweet({ text: 'exactly once please' })).rejects.toMatchObject({
      code: 'social_forbidden',
      message: expect.stringContaining('duplicate content'),
    });
    expect(h.fake.requests.length - before).toBe(1);
  });

  it('like/unlike, retweet/unretweet, bookmark/unbookmark, follow/unfollow', async () => {
    const target = (await social.read.getUserTweets('1002', { maxResults: 5 })).data[0]?.id ?? '';
    expect(await social.write.like(target)).toEqual({ liked: true });
    expect(await social.write.unlike(target)).toEqual({ liked: false });
    expect(await social.write.retweet(target)).toEqual({ retweeted: true });
    expect(await social.write.unretweet(target)).toEqual({ retweeted: false });
    expect(await social.write.bookmark(target)).toEqual({ bookmarked: true });
    expect(await social.write.unbookmark(target)).toEqual({ bookmarked: false });
    expect(await social.write.follow('1007')).toEqual({ following: true, pending_follow: false });
    expect(await social.write.follow('1008')).toEqual({ following: false, pending_follow: true });
    expect(await social.write.unfollow('1007')).toEqual({ following: false });
  });

  it('uses the user id recorded at login without asking /users/me', async () => {
    const before = h.seen().filter((s) => s === 'GET /2/users/me').length;
    await social.write.like((await social.read.getUserTweets('1003', { maxResults: 5 })).data[0]?.id ?? '');
    expect(h.seen().filter((s) => s === 'GET /2/users/me').length).toBe(before);
  });
});
