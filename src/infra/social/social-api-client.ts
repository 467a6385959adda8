// The official-API backend: every read, write, engagement and media method the tools need, each one
// endpoint from the table, its answer validated against the contract schemas.
import type { z } from 'zod';
import { ENDPOINTS } from '../../contracts/platform-endpoints.js';
import {
  type CreatedTweet,
  CreatedTweetSchema,
  IncludesSchema,
  type Page,
  PageMetaSchema,
  type PageOptions,
  type PostTweetInput,
  type ProviderCapabilities,
  type Tweet,
  TweetSchema,
  type UploadedMedia,
  type User,
  UserSchema,
} from '../../contracts/social.js';
import { TWEET_FIELDS, USER_FIELDS } from '../../contracts/social-endpoint.js';
import type { RunControl } from '../../core/ports/run-control.js';
import type { SocialRead, SocialWrite } from '../../core/ports/social.js';
import type { HttpTransport, SendRequest } from './http-transport.js';
import type { MediaUploader } from './media-upload.js';
import { malformedResponse } from './platform-errors.js';

type EndpointName = keyof typeof ENDPOINTS;

const TWEET_QUERY = { 'tweet.fields': TWEET_FIELDS, expansions: 'author_id', 'user.fields': USER_FIELDS };
const USER_QUERY = { 'user.fields': USER_FIELDS };

export const SOCIAL_API_CAPABILITIES: ProviderCapabilities = {
  backend: 'social_api',
  mutations_available: true,
  risk_level: 'standard',
  data_confidence: 'high',
  unsupported_methods: [],
  note: 'Official platform API v2 with OAuth 2.0 user context.',
};

export interface SocialApiClientOptions {
  transport: HttpTransport;
  media: MediaUploader;
  /** The signed-in account's id when known without a call (recorded at login). */
  userId?: () => string | undefined;
}

export class SocialApiClient implements SocialRead, SocialWrite {
  readonly capabilities = SOCIAL_API_CAPABILITIES;
  private meId: string | undefined;

  constructor(private readonly options: SocialApiClientOptions) {}

  private async send(name: EndpointName, request: Omit<SendRequest, 'endpoint'> = {}) {
    return this.options.transport.send({ endpoint: ENDPOINTS[name], ...request });
  }

  /** `data` of a single-object answer, validated. */
  private async one<T>(
    name: EndpointName,
    schema: z.ZodType<T>,
    request: Omit<SendRequest, 'endpoint'>,
  ): Promise<T> {
    const result = await this.send(name, request);
    const parsed = schema.safeParse((result.json as { data?: unknown } | null)?.data);
    if (!parsed.success) throw malformedResponse(result.status, result.text, `${name}`, 'unexpected data');
    return parsed.data;
  }

  private async page<T>(
    name: EndpointName,
    schema: z.ZodType<T>,
    request: Omit<SendRequest, 'endpoint'>,
    options: PageOptions = {},
    tokenParam: 'pagination_token' | 'next_token' = 'pagination_token',
  ): Promise<Page<T>> {
    const query = {
      ...request.query,
      max_results: options.maxResults,
      since_id: options.sinceId,
      [tokenParam]: options.paginationToken,
    };
    const result = await this.send(name, { ...request, query });
    const body = (result.json ?? {}) as { data?: unknown; includes?: unknown; meta?: unknown };
    const data = (body.data ?? []) as unknown[];
    const items = Array.isArray(data) ? data.map((item) => schema.safeParse(item)) : [];
    const meta = PageMetaSchema.safeParse(body.meta ?? { result_count: items.length });
    const includes = IncludesSchema.safeParse(body.includes ?? {});
    if (!Array.isArray(data) || items.some((i) => !i.success) || !meta.success || !includes.success) {
      throw malformedResponse(result.status, result.text, name, 'unexpected list shape');
    }
    return { data: items.map((i) => i.data as T), includes: includes.data, meta: meta.data };
  }

  /** The account's user id if already known (no call). */
  knownUserId(): string | undefined {
    return this.meId ?? this.options.userId?.();
  }

  private async me(): Promise<string> {
    this.meId ??= this.options.userId?.() ?? (await this.getMe()).id;
    return this.meId;
  }

  getTweet(id: string): Promise<Tweet> {
    return this.one('getTweet', TweetSchema, { pathParams: { id }, query: TWEET_QUERY });
  }

  async getTweets(ids: readonly string[]): Promise<Tweet[]> {
    return (await this.page('getTweets', TweetSchema, { query: { ...TWEET_QUERY, ids: ids.join(',') } }))
      .data;
  }

  searchRecent(query: string, options?: PageOptions): Promise<Page<Tweet>> {
    return this.page(
      'searchRecent',
      TweetSchema,
      { query: { ...TWEET_QUERY, query } },
      options,
      'next_token',
    );
  }

  getUserById(id: string): Promise<User> {
    return this.one('getUserById', UserSchema, { pathParams: { id }, query: USER_QUERY });
  }

  getUserByUsername(username: string): Promise<User> {
    return this.one('getUserByUsername', UserSchema, {
      pathParams: { username: username.replace(/^@/, '') },
      query: USER_QUERY,
    });
  }

  async getUsersByIds(ids: readonly string[]): Promise<User[]> {
    return (await this.page('getUsersByIds', UserSchema, { query: { ...USER_QUERY, ids: ids.join(',') } }))
      .data;
  }

  async getMe(): Promise<User> {
    const user = await this.one('getMe', UserSchema, { query: USER_QUERY });
    this.meId = user.id;
    return user;
  }

  async getMentions(options?: PageOptions): Promise<Page<Tweet>> {
    return this.page(
      'getMentions',
      TweetSchema,
      { pathParams: { id: await this.me() }, query: TWEET_QUERY },
      options,
    );
  }

  getUserTweets(userId: string, options?: PageOptions): Promise<Page<Tweet>> {
    return this.page(
      'getUserTweets',
      TweetSchema,
      { pathParams: { id: userId }, query: TWEET_QUERY },
      options,
    );
  }

  async getHomeTimeline(options?: PageOptions): Promise<Page<Tweet>> {
    return this.page(
      'getHomeTimeline',
      TweetSchema,
      { pathParams: { id: await this.me() }, query: TWEET_QUERY },
      options,
    );
  }

  getFollowers(userId: string, options?: PageOptions): Promise<Page<User>> {
    return this.page('getFollowers', UserSchema, { pathParams: { id: userId }, query: USER_QUERY }, options);
  }

  getFollowing(userId: string, options?: PageOptions): Promise<Page<User>> {
    return this.page('getFollowing', UserSchema, { pathParams: { id: userId }, query: USER_QUERY }, options);
  }

  getLikedTweets(userId: string, options?: PageOptions): Promise<Page<Tweet>> {
    return this.page(
      'getLikedTweets',
      TweetSchema,
      { pathParams: { id: userId }, query: TWEET_QUERY },
      options,
    );
  }

  getLikingUsers(tweetId: string, options?: PageOptions): Promise<Page<User>> {
    return this.page(
      'getLikingUsers',
      UserSchema,
      { pathParams: { id: tweetId }, query: USER_QUERY },
      options,
    );
  }

  async getBookmarks(options?: PageOptions): Promise<Page<Tweet>> {
    return this.page(
      'getBookmarks',
      TweetSchema,
      { pathParams: { id: await this.me() }, query: TWEET_QUERY },
      options,
    );
  }

  postTweet(input: PostTweetInput): Promise<CreatedTweet> {
    const json = {
      text: input.text,
      ...(input.inReplyToId ? { reply: { in_reply_to_tweet_id: input.inReplyToId } } : {}),
      ...(input.quoteTweetId ? { quote_tweet_id: input.quoteTweetId } : {}),
      ...(input.mediaIds?.length ? { media: { media_ids: input.mediaIds } } : {}),
    };
    return this.one('postTweet', CreatedTweetSchema, { json });
  }

  deleteTweet(id: string) {
    return this.flag('deleteTweet', 'deleted', { pathParams: { id } });
  }

  async like(tweetId: string) {
    return this.flag('like', 'liked', {
      pathParams: { id: await this.me() },
      json: { tweet_id: tweetId },
    });
  }

  async unlike(tweetId: string) {
    const pathParams = { id: await this.me(), tweet_id: tweetId };
    return this.flag('unlike', 'liked', { pathParams });
  }

  async retweet(tweetId: string) {
    const request = { pathParams: { id: await this.me() }, json: { tweet_id: tweetId } };
    return this.flag('retweet', 'retweeted', request);
  }

  async unretweet(tweetId: string) {
    const pathParams = { id: await this.me(), tweet_id: tweetId };
    return this.flag('unretweet', 'retweeted', { pathParams });
  }

  async bookmark(tweetId: string) {
    const request = { pathParams: { id: await this.me() }, json: { tweet_id: tweetId } };
    return this.flag('bookmark', 'bookmarked', request);
  }

  async unbookmark(tweetId: string) {
    const pathParams = { id: await this.me(), tweet_id: tweetId };
    return this.flag('unbookmark', 'bookmarked', { pathParams });
  }

  async follow(targetUserId: string) {
    const result = await this.send('follow', {
      pathParams: { id: await this.me() },
      json: { target_user_id: targetUserId },
    });
    const data = (result.json as { data?: { following?: unknown; pending_follow?: unknown } } | null)?.data;
    if (typeof data?.following !== 'boolean')
      throw malformedResponse(result.status, result.text, 'follow', 'no following flag');
    return { following: data.following, pending_follow: data.pending_follow === true };
  }

  async unfollow(targetUserId: string) {
    const pathParams = { id: await this.me(), target_user_id: targetUserId };
    return this.flag('unfollow', 'following', { pathParams });
  }

  uploadMedia(path: string, options: RunControl = {}): Promise<UploadedMedia> {
    return this.options.media.upload(path, options);
  }

  /** Engagement answers are `{data: {<flag>: boolean}}`. */
  private async flag<const K extends string>(
    name: EndpointName,
    key: K,
    request: Omit<SendRequest, 'endpoint'>,
  ): Promise<Record<K, boolean>> {
    const result = await this.send(name, request);
    const value = (result.json as { data?: Record<string, unknown> } | null)?.data?.[key];
    if (typeof value !== 'boolean')
      throw malformedResponse(result.status, result.text, name, `no ${key} flag`);
    return { [key]: value } as Record<K, boolean>;
  }
}
