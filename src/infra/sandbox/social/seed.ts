// The demo world every fresh or reset fake starts with (the acting user app_owner, a dozen others, posts
// over the last two days, follows, lists, spaces, DMs, an ads account) and the extra-seed entry point.

import { DEFAULT_CLIENT_ID, DEFAULT_USER_ID } from './constants.js';
import { addRetweet, addTweet, addUser } from './factory.js';
import type { TweetRecord } from './model.js';
import { FOLLOWS, POSTS, USERS } from './seed-data.js';
import type { SeedTarget } from './seed-target.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function seedDemo(state: SeedTarget): void {
  const now = state.now();
  for (const [id, username, name, followers, extra] of USERS) {
    addUser(state, {
      id,
      username,
      name,
      createdAt: now - (400 + Number(id) - 1000) * DAY,
      ...extra,
      extra: { followers, following: Math.round(followers / 20), tweets: 300 },
    });
  }
  for (const [from, to] of FOLLOWS) state.follows.add(from, to);

  const posts: TweetRecord[] = [];
  for (const seed of POSTS) {
    posts.push(
      addTweet(state, {
        authorId: seed.by,
        text: seed.text,
        createdAt: now - seed.at * MINUTE,
        inReplyToTweetId: seed.replyTo === undefined ? undefined : posts[seed.replyTo]?.id,
        quotedTweetId: seed.quotes === undefined ? undefined : posts[seed.quotes]?.id,
        extra: {
          likes: seed.likes ?? 0,
          impressions: seed.views ?? 0,
          retweets: Math.floor((seed.likes ?? 0) / 4),
        },
      }),
    );
  }
  const post = (index: number): string => posts[index]?.id ?? '';
  const strictMode = posts[18];
  if (strictMode) addRetweet(state, '1002', strictMode, now - 180 * MINUTE);
  for (const index of [1, 10, 18]) state.likes.add('1002', post(index));
  for (const index of [6, 20, 30]) state.likes.add(DEFAULT_USER_ID, post(index));
  for (const index of [5, 16]) state.bookmarks.add(DEFAULT_USER_ID, post(index));
  const owner = state.users.get(DEFAULT_USER_ID);
  if (owner) owner.pinnedTweetId = post(1);

  seedLists(state, now);
  seedSpaces(state, now, post(6));
  seedDms(state, now);
  seedAds(state, now);
  state.registerClient({
    clientId: DEFAULT_CLIENT_ID,
    redirectUris: [
      'http://127.0.0.1:3001/api/auth/callback',
      'http://localhost:3001/api/auth/callback',
      'http://127.0.0.1:8080/callback',
    ],
  });
}

function seedLists(state: SeedTarget, now: number): void {
  const lists = [
    [
      'Builders',
      'People shipping in public',
      false,
      DEFAULT_USER_ID,
      ['1004', '1006', '1011', '1012'],
      ['1002'],
    ],
    ['AI folks', 'Models and retrieval', true, DEFAULT_USER_ID, ['1009', '1001'], []],
    ['Tech press', 'News accounts', false, '1005', ['1005'], [DEFAULT_USER_ID]],
  ] as const;
  for (const [name, description, isPrivate, ownerId, members, followers] of lists) {
    const createdAt = now - 30 * DAY;
    const id = state.ids.snowflake(createdAt);
    state.lists.set(id, {
      id,
      name,
      description,
      private: isPrivate,
      ownerId,
      createdAt,
      members: new Set(members),
      followers: new Set(followers),
    });
    if (name === 'Builders') state.pinnedLists.add(DEFAULT_USER_ID, id);
  }
}

function seedSpaces(state: SeedTarget, now: number, docsPostId: string): void {
  state.spaces.set('1DXxyRYNejbKM', {
    id: '1DXxyRYNejbKM',
    state: 'live',
    title: 'Docs as a product',
    creatorId: '1001',
    hostIds: ['1001'],
    speakerIds: ['1001', '1006'],
    createdAt: now - 50 * MINUTE,
    startedAt: now - 45 * MINUTE,
    participantCount: 214,
    isTicketed: false,
    buyerIds: [],
    tweetIds: [docsPostId],
    lang: 'en',
  });
  state.spaces.set('1OdKrBnaEPXKX', {
    id: '1OdKrBnaEPXKX',
    state: 'scheduled',
    title: 'Build in public AMA',
    creatorId: DEFAULT_USER_ID,
    hostIds: [DEFAULT_USER_ID],
    speakerIds: [],
    createdAt: now - DAY,
    scheduledStart: now + 2 * 60 * MINUTE,
    participantCount: 0,
    isTicketed: true,
    buyerIds: ['1002', '1004'],
    tweetIds: [],
    lang: 'en',
  });
}

function seedDms(state: SeedTarget, now: number): void {
  const direct = { id: `${DEFAULT_USER_ID}-1002`, participantIds: [DEFAULT_USER_ID, '1002'] };
  state.dmConversations.set(direct.id, { ...direct, type: 'OneToOne', createdAt: now - 2 * DAY });
  const lines: Array<[number, string, string]> = [
    [2 * 24 * 60, '1002', 'Hey! Saw your composer post.'],
    [2 * 24 * 60 - 5, DEFAULT_USER_ID, 'Thanks! Want to try the beta?'],
    [2 * 24 * 60 - 9, '1002', 'Absolutely.'],
  ];
  for (const [minutesAgo, senderId, text] of lines) {
    const createdAt = now - minutesAgo * MINUTE;
    const id = state.ids.snowflake(createdAt);
    state.dmEvents.push({
      id,
      conversationId: direct.id,
      eventType: 'MessageCreate',
      text,
      senderId,
      createdAt,
    });
  }
  const groupCreated = now - DAY;
  const groupId = state.ids.snowflake(groupCreated);
  state.dmConversations.set(groupId, {
    id: groupId,
    type: 'Group',
    participantIds: [DEFAULT_USER_ID, '1006', '1011'],
    createdAt: groupCreated,
  });
  state.dmEvents.push({
    id: state.ids.snowflake(groupCreated + MINUTE),
    conversationId: groupId,
    eventType: 'MessageCreate',
    text: 'Welcome to the builders chat!',
    senderId: '1006',
    createdAt: groupCreated + MINUTE,
  });
}

function seedAds(state: SeedTarget, now: number): void {
  const stamp = new Date(now - 90 * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const accountId = '18ce54d4x5t';
  state.ads.accounts.set(accountId, {
    id: accountId,
    name: 'App Owner Ads',
    business_name: null,
    business_id: null,
    timezone: 'Europe/Lisbon',
    timezone_switch_at: stamp,
    approval_status: 'ACCEPTED',
    salt: 'f1a0e3c5b2d4',
    created_at: stamp,
    updated_at: stamp,
    deleted: false,
  });
  state.ads.accountOwners.set(accountId, DEFAULT_USER_ID);
  const fundingId = 'lygyi';
  state.ads.fundingInstruments.set(fundingId, {
    id: fundingId,
    account_id: accountId,
    type: 'CREDIT_CARD',
    description: 'Visa ending in 4242',
    currency: 'EUR',
    able_to_fund: true,
    entity_status: 'ACTIVE',
    cancelled: false,
    paused: false,
    credit_limit_local_micro: null,
    credit_remaining_local_micro: null,
    funded_amount_local_micro: 0,
    reasons_not_able_to_fund: [],
    start_time: stamp,
    end_time: null,
    created_at: stamp,
    updated_at: stamp,
    deleted: false,
  });
}

export interface SeedInput {
  users?: Array<{
    id?: string;
    username: string;
    name?: string;
    description?: string;
    protected?: boolean;
    verified?: boolean;
    followers_count?: number;
    suspended?: boolean;
  }>;
  tweets?: Array<{
    id?: string;
    author_id?: string;
    author_username?: string;
    text: string;
    created_at?: string;
    minutes_ago?: number;
    in_reply_to_tweet_id?: string;
    quote_tweet_id?: string;
    like_count?: number;
    impression_count?: number;
  }>;
  follows?: Array<{ from: string; to: string }>;
}

/** Control-API seeding: posts are added oldest first so a reply can point at an older seeded post. */
export function seedExtra(state: SeedTarget, input: SeedInput): { users: string[]; tweets: string[] } {
  const users = (input.users ?? []).map((user) => {
    const added = addUser(state, {
      id: user.id,
      username: user.username,
      name: user.name ?? user.username,
      description: user.description,
      protected: user.protected,
      verified: user.verified,
      extra: { followers: user.followers_count ?? 0 },
    });
    if (user.suspended) added.suspended = true;
    return added.id;
  });
  const now = state.now();
  const tweets = (input.tweets ?? [])
    .map((tweet, index) => {
      const at = tweet.created_at ? Date.parse(tweet.created_at) : now - (tweet.minutes_ago ?? 0) * MINUTE;
      return { tweet, index, at: Number.isNaN(at) ? now : at };
    })
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ tweet, index, at }) => {
      const authorId =
        tweet.author_id ??
        (tweet.author_username ? state.userByUsername(tweet.author_username)?.id : undefined);
      if (!authorId || !state.users.has(authorId))
        throw new Error(`seed: unknown author for tweet #${index}`);
      const created = addTweet(state, {
        id: tweet.id,
        authorId,
        text: tweet.text,
        createdAt: at,
        inReplyToTweetId: tweet.in_reply_to_tweet_id,
        quotedTweetId: tweet.quote_tweet_id,
        extra: { likes: tweet.like_count ?? 0, impressions: tweet.impression_count ?? 0 },
      });
      return { index, id: created.id };
    })
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.id);
  for (const { from, to } of input.follows ?? []) state.follows.add(from, to);
  return { users, tweets };
}
