// What the core needs from the platform. Reads are open to every service; SocialWrite is held only by
// the gateway (and implemented in infra/social), so every mutation passes policy and guards first.
import type {
  CreatedTweet,
  Page,
  PageOptions,
  PostTweetInput,
  ProviderCapabilities,
  Tweet,
  UploadedMedia,
  User,
} from '../../contracts/social.js';
import type { RunControl } from './run-control.js';

export interface SocialRead {
  readonly capabilities: ProviderCapabilities;
  getTweet(id: string): Promise<Tweet>;
  getTweets(ids: readonly string[]): Promise<Tweet[]>;
  searchRecent(query: string, options?: PageOptions): Promise<Page<Tweet>>;
  getUserById(id: string): Promise<User>;
  getUserByUsername(username: string): Promise<User>;
  getUsersByIds(ids: readonly string[]): Promise<User[]>;
  /** The authenticated account. */
  getMe(): Promise<User>;
  getMentions(options?: PageOptions): Promise<Page<Tweet>>;
  getUserTweets(userId: string, options?: PageOptions): Promise<Page<Tweet>>;
  getHomeTimeline(options?: PageOptions): Promise<Page<Tweet>>;
  getFollowers(userId: string, options?: PageOptions): Promise<Page<User>>;
  getFollowing(userId: string, options?: PageOptions): Promise<Page<User>>;
  getLikedTweets(userId: string, options?: PageOptions): Promise<Page<Tweet>>;
  getLikingUsers(tweetId: string, options?: PageOptions): Promise<Page<User>>;
  getBookmarks(options?: PageOptions): Promise<Page<Tweet>>;
}

export interface SocialWrite {
  postTweet(input: PostTweetInput): Promise<CreatedTweet>;
  deleteTweet(id: string): Promise<{ deleted: boolean }>;
  like(tweetId: string): Promise<{ liked: boolean }>;
  unlike(tweetId: string): Promise<{ liked: boolean }>;
  retweet(tweetId: string): Promise<{ retweeted: boolean }>;
  unretweet(tweetId: string): Promise<{ retweeted: boolean }>;
  bookmark(tweetId: string): Promise<{ bookmarked: boolean }>;
  unbookmark(tweetId: string): Promise<{ bookmarked: boolean }>;
  follow(targetUserId: string): Promise<{ following: boolean; pending_follow?: boolean }>;
  unfollow(targetUserId: string): Promise<{ following: boolean }>;
  /** A chunked upload reports bytes and processing to `progress` and stops between chunks on `signal`. */
  uploadMedia(path: string, options?: { altText?: string } & RunControl): Promise<UploadedMedia>;
}

/** The method names of both ports, as the capability object lists unsupported ones. */
export type SocialMethod = keyof Omit<SocialRead, 'capabilities'> | keyof SocialWrite;
