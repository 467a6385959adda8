// Builders that add a user or a post to the state with every derived field filled in (snowflake id,
// conversation, reply target), shared by the seed, the control API and the write routes.
import type { TweetRecord, UserRecord } from './model.js';
import type { SeedTarget } from './seed-target.js';

export interface NewUser {
  id?: string;
  username: string;
  name: string;
  createdAt?: number;
  description?: string;
  location?: string;
  url?: string;
  protected?: boolean;
  verified?: boolean;
  extra?: Partial<UserRecord['extra']>;
}

export function addUser(state: SeedTarget, input: NewUser): UserRecord {
  const createdAt = input.createdAt ?? state.now();
  const id = input.id ?? state.ids.snowflake(createdAt);
  const user: UserRecord = {
    id,
    username: input.username,
    name: input.name,
    createdAt,
    description: input.description ?? '',
    location: input.location,
    url: input.url,
    profileImagePath: `/profile_images/${id}/avatar_normal.png`,
    protected: input.protected ?? false,
    verified: input.verified ?? false,
    extra: { followers: 0, following: 0, tweets: 0, listed: 0, likes: 0, ...input.extra },
  };
  state.users.set(id, user);
  return user;
}

export interface NewTweet {
  id?: string;
  authorId: string;
  text: string;
  createdAt?: number;
  inReplyToTweetId?: string;
  quotedTweetId?: string;
  retweetedTweetId?: string;
  mediaKeys?: string[];
  extra?: Partial<TweetRecord['extra']>;
}

export function addTweet(state: SeedTarget, input: NewTweet): TweetRecord {
  const createdAt = input.createdAt ?? state.now();
  const id = input.id ?? state.ids.snowflake(createdAt);
  const parent = input.inReplyToTweetId ? state.tweets.get(input.inReplyToTweetId) : undefined;
  const tweet: TweetRecord = {
    id,
    text: input.text,
    authorId: input.authorId,
    createdAt,
    conversationId: parent?.conversationId ?? id,
    inReplyToTweetId: parent?.id,
    inReplyToUserId: parent?.authorId,
    quotedTweetId: input.quotedTweetId,
    retweetedTweetId: input.retweetedTweetId,
    mediaKeys: input.mediaKeys ?? [],
    hidden: false,
    lang: 'en',
    extra: { retweets: 0, replies: 0, likes: 0, quotes: 0, impressions: 0, bookmarks: 0, ...input.extra },
  };
  state.tweets.set(id, tweet);
  return tweet;
}

/** A repost is its own post whose text the platform prefixes with "RT @author: ". */
export function addRetweet(
  state: SeedTarget,
  userId: string,
  source: TweetRecord,
  createdAt?: number,
): TweetRecord {
  const author = state.users.get(source.authorId);
  return addTweet(state, {
    authorId: userId,
    createdAt,
    text: `RT @${author?.username ?? 'unknown'}: ${source.text}`,
    retweetedTweetId: source.id,
  });
}
