// Mapping of web-app GraphQL objects and timelines to contract types, including the shapes it refuses.
import { describe, expect, it } from 'vitest';
import {
  cursorEntry,
  type FakePost,
  type FakeUser,
  timelineInstructions,
  tweetEntry,
  userEntry,
  webTweet,
  webUser,
} from '../../../../test/fakes/scraper/web-shapes.js';
import { TweetSchema, UserSchema } from '../../../contracts/social.js';
import { graphqlData, readTimeline } from './graphql-answer.js';
import { mapTweet, mapUser, ShapeError, webDateToIso } from './graphql-mapping.js';

const user: FakeUser = {
  id: '42',
  screen_name: 'jo',
  name: 'Jo',
  description: '',
  location: '',
  created_at: new Date('2020-02-29T23:59:59Z'),
  protected: false,
  verified: false,
  listed_count: 0,
};
const counts = { followers: 1, following: 2, statuses: 3, likes: 4 };
const post: FakePost = {
  id: '500',
  text: 'hi',
  author_id: '42',
  created_at: new Date('2026-03-01T00:00:00Z'),
  conversation_id: '500',
  views: 9,
};
const postCounts = { retweets: 0, replies: 0, likes: 0, quotes: 0, bookmarks: 0 };
const author = webUser(user, counts);

describe('web dates', () => {
  it('converts the web format, offsets included, and refuses others', () => {
    expect(webDateToIso('Wed Oct 10 20:19:24 +0000 2018')).toBe('2018-10-10T20:19:24.000Z');
    expect(webDateToIso('Wed Oct 10 20:19:24 +0130 2018')).toBe('2018-10-10T18:49:24.000Z');
    expect(webDateToIso('Sat Feb 29 23:59:59 +0000 2020')).toBe('2020-02-29T23:59:59.000Z');
    expect(webDateToIso('2018-10-10T20:19:24Z')).toBeUndefined();
    expect(webDateToIso('Wed Foo 10 20:19:24 +0000 2018')).toBeUndefined();
  });
});

describe('mapUser / mapTweet', () => {
  it('maps users and posts to valid contract objects', () => {
    const mapped = mapUser(author);
    expect(UserSchema.parse(mapped)).toMatchObject({
      id: '42',
      username: 'jo',
      created_at: '2020-02-29T23:59:59.000Z',
    });
    expect(mapped?.public_metrics).toEqual({
      followers_count: 1,
      following_count: 2,
      tweet_count: 3,
      listed_count: 0,
      like_count: 4,
    });
    const tweet = mapTweet(webTweet(post, postCounts, author));
    expect(TweetSchema.parse(tweet?.tweet)).toMatchObject({ id: '500', author_id: '42', text: 'hi' });
    expect(tweet?.author?.username).toBe('jo');
  });

  it('prefers the full text of long posts and reads retweets', () => {
    const long = webTweet(post, postCounts, author) as { legacy: Record<string, unknown> } & Record<
      string,
      unknown
    >;
    long.note_tweet = { note_tweet_results: { result: { text: 'a very long text' } } };
    long.legacy.retweeted_status_result = { result: webTweet({ ...post, id: '400' }, postCounts, author) };
    const mapped = mapTweet(long)?.tweet;
    expect(mapped?.text).toBe('a very long text');
    expect(mapped?.referenced_tweets).toEqual([{ type: 'retweeted', id: '400' }]);
  });

  it('reads profile fields that newer builds moved out of legacy', () => {
    const web = webUser(user, counts) as { legacy: Record<string, unknown> } & Record<string, unknown>;
    delete web.legacy.screen_name;
    delete web.legacy.name;
    web.core = { screen_name: 'jo2', name: 'Jo Two' };
    expect(mapUser(web)).toMatchObject({ username: 'jo2', name: 'Jo Two' });
  });

  it('treats tombstones, unavailable users and empty results as absent', () => {
    expect(mapTweet(webTweet({ ...post, deleted: true }, postCounts, author))).toBeUndefined();
    expect(mapTweet({})).toBeUndefined();
    expect(mapTweet({ __typename: 'TweetWithVisibilityResults', tweet: {} })).toBeUndefined();
    expect(mapUser({ __typename: 'UserUnavailable', reason: 'Suspended' })).toBeUndefined();
  });

  it('throws ShapeError for shapes it does not know', () => {
    expect(() => mapUser({ __typename: 'User', rest_id: '1', legacy: {} })).toThrow(ShapeError);
    expect(() => mapUser('jo')).toThrow(ShapeError);
    const badDate = webTweet(post, postCounts, author) as { legacy: Record<string, unknown> };
    badDate.legacy.created_at = 'yesterday';
    expect(() => mapTweet(badDate)).toThrow(/created_at 'yesterday'/);
  });
});

describe('timelines and GraphQL answers', () => {
  it('collects results and the bottom cursor from first and later pages, skipping ads', () => {
    const tweet = webTweet(post, postCounts, author);
    const first = timelineInstructions([tweetEntry(tweet, '500')], { top: 'T', bottom: 'B1' }, true);
    expect(readTimeline(first, 'tweet')).toEqual({ results: [tweet], bottomCursor: 'B1' });
    const later = timelineInstructions([tweetEntry(tweet, '500')], { top: 'T', bottom: 'B2' }, false);
    expect(readTimeline(later, 'tweet').bottomCursor).toBe('B2');
    const ad = { ...tweetEntry(tweet, '9'), entryId: 'promoted-tweet-9' };
    const module = {
      entryId: 'profile-conversation-1',
      content: { items: [{ item: { itemContent: { tweet_results: { result: tweet } } } }] },
    };
    const mixed = [
      {
        type: 'TimelineAddEntries',
        entries: [ad, module, userEntry(author, '42'), cursorEntry('Bottom', 'C')],
      },
    ];
    expect(readTimeline(mixed, 'tweet')).toEqual({ results: [tweet], bottomCursor: 'C' });
    expect(readTimeline(mixed, 'user').results).toEqual([author]);
  });

  it('refuses instructions and entries of unknown shape', () => {
    expect(() => readTimeline({}, 'tweet')).toThrow(ShapeError);
    expect(() => readTimeline([{ entries: [] }], 'tweet')).toThrow(ShapeError);
    expect(() => readTimeline([{ type: 'TimelineAddEntries', entries: [{ content: {} }] }], 'tweet')).toThrow(
      ShapeError,
    );
  });

  it('turns errors without data into AppErrors and keeps data that came with errors', () => {
    expect(() => graphqlData({ errors: [{ code: 144, message: 'No status found' }] }, 'q')).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    expect(graphqlData({ data: { a: 1 }, errors: [{ message: 'partial' }] }, 'q')).toEqual({ a: 1 });
    expect(() => graphqlData('<html>', 'q')).toThrow(ShapeError);
  });
});
