// FakeState: everything the fake platform remembers (users, posts, relations, lists, spaces, DMs, media,
// ads, enterprise objects, OAuth), the knobs tests turn, and reset() back to the demo seed.

import { type AdsData, emptyAdsData } from './ads-model.js';
import { AuthStore, type ClientRecord, type IssuedToken, KNOWN_SCOPES } from './auth-store.js';
import type { FakeClock } from './clock.js';
import { DEFAULT_CLIENT_ID, DEFAULT_USER_ID } from './constants.js';
import { IdGenerator } from './ids.js';
import type {
  ComplianceJob,
  DmConversation,
  DmEvent,
  ListRecord,
  MediaRecord,
  SpaceRecord,
  StreamRule,
  TweetRecord,
  UserRecord,
} from './model.js';
import { Relation } from './model.js';
import { RateLimiter } from './rate-limits.js';
import { type SeedInput, seedDemo, seedExtra } from './seed.js';

export type Tier = 'basic' | 'pro' | 'enterprise';

export { DEFAULT_CLIENT_ID, DEFAULT_USER_ID };

export interface FakeStats {
  codeGrants: number;
  refreshGrants: number;
  authorizations: number;
  revocations: number;
  tweetsCreated: number;
  mediaCreated: number;
}

/** What a test may change about a user; `null` puts the fake's own back (served URL, generated picture). */
export interface ProfileChange {
  name?: string;
  username?: string;
  profileImageUrl?: string | null;
  picture?: { bytes: Buffer; contentType: string } | null;
}

const extension = (contentType = 'image/png') =>
  ({ 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' })[contentType] ?? 'png';

export interface FakeStateOptions {
  clock: FakeClock;
  accessTokenTtlSeconds?: number;
  tier?: Tier;
}

interface Settings {
  tier: Tier;
  consent: 'allow' | 'deny';
  grantedScopes: string[] | null;
  authorizingUserId: string;
  processingPolls: number;
  failNextProcessing: boolean;
  accessTokenTtlSeconds: number;
}

export class FakeState {
  readonly clock: FakeClock;
  readonly ids = new IdGenerator();
  readonly auth = new AuthStore();
  readonly rateLimits = new RateLimiter();
  readonly stats: FakeStats = emptyStats();

  readonly users = new Map<string, UserRecord>();
  readonly tweets = new VersionedMap<string, TweetRecord>();
  readonly follows = new Relation();
  readonly pendingFollows = new Relation();
  readonly likes = new Relation();
  readonly bookmarks = new Relation();
  readonly mutes = new Relation();
  readonly blocks = new Relation();
  readonly lists = new Map<string, ListRecord>();
  readonly pinnedLists = new Relation();
  readonly spaces = new Map<string, SpaceRecord>();
  readonly dmConversations = new Map<string, DmConversation>();
  readonly dmEvents: DmEvent[] = [];
  readonly media = new Map<string, MediaRecord>();
  readonly complianceJobs = new Map<string, ComplianceJob>();
  readonly streamRules = new Map<string, StreamRule>();
  readonly ads: AdsData = emptyAdsData();
  readonly adsEnabled = new Set<string>();
  settings: Settings;
  /** Where the fake is served (set once it listens): its own URLs, such as profile pictures, start here. */
  origin = 'https://pbs.twimg.com';
  private readonly initialSettings: Settings;

  constructor(options: FakeStateOptions) {
    this.clock = options.clock;
    this.initialSettings = {
      tier: options.tier ?? 'pro',
      consent: 'allow',
      grantedScopes: null,
      authorizingUserId: DEFAULT_USER_ID,
      processingPolls: 2,
      failNextProcessing: false,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 7200,
    };
    this.settings = { ...this.initialSettings };
    this.reset();
  }

  now(): number {
    return this.clock.now();
  }

  /** Forgets everything (tokens, posts, faults' effects on data, overrides) and re-seeds the demo world. */
  reset(): void {
    this.ids.reset();
    this.auth.clear();
    this.rateLimits.clear();
    Object.assign(this.stats, emptyStats());
    for (const map of [
      this.users,
      this.tweets,
      this.lists,
      this.spaces,
      this.dmConversations,
      this.media,
      this.complianceJobs,
      this.streamRules,
    ]) {
      map.clear();
    }
    for (const relation of [
      this.follows,
      this.pendingFollows,
      this.likes,
      this.bookmarks,
      this.mutes,
      this.blocks,
      this.pinnedLists,
    ]) {
      relation.clear();
    }
    this.dmEvents.length = 0;
    Object.assign(this.ads, emptyAdsData());
    this.adsEnabled.clear();
    this.settings = { ...this.initialSettings };
    seedDemo(this);
  }

  /** Adds users, posts and follows on top of the current world; returns the ids created. */
  seed(input: SeedInput): { users: string[]; tweets: string[] } {
    return seedExtra(this, input);
  }

  registerClient(client: { clientId: string; clientSecret?: string; redirectUris: string[] }): ClientRecord {
    return this.auth.registerClient(client);
  }

  /** Mints a token directly, skipping the browser flow. */
  issueToken(options: {
    userId?: string;
    scopes: string[];
    expiresInSeconds?: number;
    withRefresh?: boolean;
    clientId?: string;
  }): IssuedToken {
    const userId = options.userId ?? DEFAULT_USER_ID;
    if (!this.users.has(userId)) throw new Error(`issueToken: unknown user ${userId}`);
    return this.auth.issue({
      userId,
      clientId: options.clientId ?? DEFAULT_CLIENT_ID,
      scopes: options.scopes,
      ttlSeconds: options.expiresInSeconds ?? this.settings.accessTokenTtlSeconds,
      withRefresh: options.withRefresh ?? false,
      now: this.now(),
    });
  }

  /** Every scope the fake knows, for tokens that should be allowed everything. */
  allScopes(): string[] {
    return [...KNOWN_SCOPES];
  }

  setConsent(consent: 'allow' | 'deny'): void {
    this.settings.consent = consent;
  }

  /** The authorize page grants only these (intersected with the request); null grants what was asked. */
  setGrantedScopes(scopes: string[] | null): void {
    this.settings.grantedScopes = scopes ? [...scopes] : null;
  }

  /** Which user "logs in" on the authorize page. */
  setAuthorizingUser(userId: string): void {
    this.settings.authorizingUserId = userId;
  }

  setRateLimit(template: string, limit: number): void {
    this.rateLimits.setLimit(template, limit);
  }

  setTier(tier: Tier): void {
    this.settings.tier = tier;
  }

  enableAds(userId: string): void {
    this.adsEnabled.add(userId);
  }

  /** Video/GIF processing succeeds on the n-th STATUS poll (default 2). */
  setProcessingPolls(polls: number): void {
    this.settings.processingPolls = Math.max(1, Math.floor(polls));
  }

  /** The next upload that needs processing ends in state "failed". */
  failNextProcessing(): void {
    this.settings.failNextProcessing = true;
  }

  /** Changes what the platform says about a user (name, handle, picture); the world's reset undoes it. */
  setProfile(userId: string, profile: ProfileChange): UserRecord {
    const user = this.users.get(userId);
    if (!user) throw new Error(`setProfile: unknown user ${userId}`);
    if (profile.name !== undefined) user.name = profile.name;
    if (profile.username !== undefined) {
      const holder = this.userByUsername(profile.username);
      if (holder && holder.id !== userId) throw new Error(`setProfile: @${profile.username} is taken`);
      user.username = profile.username;
    }
    if (profile.profileImageUrl !== undefined) user.profileImageUrl = profile.profileImageUrl ?? undefined;
    if (profile.picture !== undefined) {
      user.picture = profile.picture ?? undefined;
      // A new picture gets a new URL, as on the platform (clients that cache by URL see the change).
      const [, , id = userId] = user.profileImagePath.split('/');
      user.profileImagePath = `/profile_images/${id}/${this.ids.snowflake(this.now())}_normal.${extension(profile.picture?.contentType)}`;
    }
    return user;
  }

  userByUsername(username: string): UserRecord | undefined {
    const wanted = username.toLowerCase();
    for (const user of this.users.values()) if (user.username.toLowerCase() === wanted) return user;
    return undefined;
  }

  private newestFirst: { version: number; tweets: TweetRecord[] } | undefined;

  /**
   * Live (not deleted) posts, newest first: sorted once per change of the posts, not at every read (every
   * timeline, mention and search answer starts here; a simulated week reads it thousands of times).
   */
  tweetsNewestFirst(): TweetRecord[] {
    const { version } = this.tweets;
    if (this.newestFirst?.version !== version) {
      const tweets = [...this.tweets.values()].sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
      this.newestFirst = { version, tweets };
    }
    return [...this.newestFirst.tweets];
  }

  /** Whether `viewerId` may see the post: protected authors show posts to followers only. */
  canSee(viewerId: string, tweet: TweetRecord): boolean {
    const author = this.users.get(tweet.authorId);
    if (!author || author.suspended) return false;
    if (!author.protected || author.id === viewerId) return true;
    return this.follows.has(viewerId, author.id);
  }

  tweetMetrics(tweet: TweetRecord) {
    let retweets = 0;
    let replies = 0;
    let quotes = 0;
    for (const other of this.tweets.values()) {
      if (other.retweetedTweetId === tweet.id) retweets += 1;
      if (other.inReplyToTweetId === tweet.id) replies += 1;
      if (other.quotedTweetId === tweet.id) quotes += 1;
    }
    return {
      retweet_count: tweet.extra.retweets + retweets,
      reply_count: tweet.extra.replies + replies,
      like_count: tweet.extra.likes + this.likes.to(tweet.id).length,
      quote_count: tweet.extra.quotes + quotes,
      bookmark_count: tweet.extra.bookmarks + this.bookmarks.to(tweet.id).length,
      impression_count: tweet.extra.impressions,
    };
  }

  userMetrics(user: UserRecord) {
    let tweets = 0;
    for (const tweet of this.tweets.values()) if (tweet.authorId === user.id) tweets += 1;
    let listed = 0;
    for (const list of this.lists.values()) if (list.members.has(user.id)) listed += 1;
    return {
      followers_count: user.extra.followers + this.follows.to(user.id).length,
      following_count: user.extra.following + this.follows.countOf(user.id),
      tweet_count: user.extra.tweets + tweets,
      listed_count: user.extra.listed + listed,
      like_count: user.extra.likes + this.likes.countOf(user.id),
    };
  }
}

function emptyStats(): FakeStats {
  return {
    codeGrants: 0,
    refreshGrants: 0,
    authorizations: 0,
    revocations: 0,
    tweetsCreated: 0,
    mediaCreated: 0,
  };
}

/** A Map that counts its changes, so what is derived from it can be kept until it changes. */
class VersionedMap<K, V> extends Map<K, V> {
  version = 0;

  override set(key: K, value: V): this {
    this.version += 1;
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.version += 1;
    return super.delete(key);
  }

  override clear(): void {
    this.version += 1;
    super.clear();
  }
}
