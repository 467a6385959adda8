// The scraper backend: SocialRead (and a gated SocialWrite) over the platform's web-app GraphQL API,
// answers mapped to the same contract types the official-API client returns.
import type {
  CreatedTweet,
  Page,
  PageOptions,
  PostTweetInput,
  ProviderCapabilities,
  Tweet,
  UploadedMedia,
  User,
} from '../../../contracts/social.js';
import { AppError } from '../../../core/errors.js';
import type { ApiUsageRecorder } from '../../../core/ports/api-usage.js';
import type { SocialRead, SocialWrite } from '../../../core/ports/social.js';
import { decode, graphqlData, notFound, readTimeline } from './graphql-answer.js';
import { mapTweet, mapUser, ShapeError, walk } from './graphql-mapping.js';
import {
  checkId,
  GRAPHQL_FEATURES,
  GRAPHQL_OPERATIONS,
  type GraphqlOperation,
  graphqlEndpoint,
  type QueryIds,
  WEB_BEARER_TOKEN,
} from './graphql-operations.js';
import { mutationBlocked, scraperCapabilities, unsupportedMethod } from './scraper-capabilities.js';
import { ScraperHttp, type ScraperResponse } from './scraper-http.js';
import { readScraperSession } from './scraper-session.js';
import { ScraperWrites } from './scraper-writes.js';

export interface ScraperClientOptions {
  /** Web API root (`social_api.scraper_base_url`). */
  baseUrl: string;
  timeoutMs: number;
  /** `social_api.scraper_allow_mutations`: writes fail with scraper_mutation_blocked unless true. */
  allowMutations: boolean;
  /** `<data dir>/scraper_session.json`; without a file the client reads as a guest. */
  sessionPath?: string;
  usage?: ApiUsageRecorder;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  maxRetries?: number;
  /** Replaces query ids of the table when the web app has rotated them. */
  queryIds?: QueryIds;
  bearerToken?: string;
}

type Variables = Record<string, unknown>;

/** Where each timeline operation keeps its instructions below `data`; `owner` steps missing → not_found. */
const TIMELINES = {
  SearchTimeline: {
    paths: [['search_by_raw_query', 'search_timeline', 'timeline', 'instructions']],
    owner: 0,
  },
  UserTweets: {
    paths: [
      ['user', 'result', 'timeline_v2', 'timeline', 'instructions'],
      ['user', 'result', 'timeline', 'timeline', 'instructions'],
    ],
    owner: 2,
  },
  Likes: {
    paths: [
      ['user', 'result', 'timeline_v2', 'timeline', 'instructions'],
      ['user', 'result', 'timeline', 'timeline', 'instructions'],
    ],
    owner: 2,
  },
  Followers: { paths: [['user', 'result', 'timeline', 'timeline', 'instructions']], owner: 2 },
  Following: { paths: [['user', 'result', 'timeline', 'timeline', 'instructions']], owner: 2 },
  Favoriters: { paths: [['favoriters_timeline', 'timeline', 'instructions']], owner: 0 },
} as const satisfies Partial<
  Record<GraphqlOperation, { paths: readonly (readonly string[])[]; owner: number }>
>;

type TimelineOperation = keyof typeof TIMELINES;

export class ScraperClient implements SocialRead, SocialWrite {
  readonly capabilities: ProviderCapabilities;
  private readonly http: ScraperHttp;
  private readonly writes: ScraperWrites;

  constructor(private readonly options: ScraperClientOptions) {
    this.capabilities = scraperCapabilities(options.allowMutations);
    const { sessionPath } = options;
    this.http = new ScraperHttp({
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      bearerToken: options.bearerToken ?? WEB_BEARER_TOKEN,
      session: async () => (sessionPath === undefined ? undefined : readScraperSession(sessionPath)),
      noSession: () =>
        new AppError(
          'social_not_configured',
          'the scraper backend writes only with a browser session: import the auth_token and ct0 cookies of a ' +
            `browser signed in to the account (stored in ${sessionPath ?? '<data dir>/scraper_session.json'}, mode 0600)`,
        ),
      usage: options.usage,
      maxRetries: options.maxRetries,
      sleep: options.sleep,
      random: options.random,
    });
    this.writes = new ScraperWrites({
      allowMutations: options.allowMutations,
      http: this.http,
      graphql: (operation, variables) => this.graphql(operation, variables),
    });
  }

  /** Sends one GraphQL operation (reads as GET with JSON query parameters, writes as JSON POST). */
  private graphql(operation: GraphqlOperation, variables: Variables): Promise<ScraperResponse> {
    const { method, queryId: defaultId } = GRAPHQL_OPERATIONS[operation];
    const queryId = this.options.queryIds?.[operation] ?? defaultId;
    const path = `/graphql/${encodeURIComponent(queryId)}/${operation}`;
    const endpoint = graphqlEndpoint(operation);
    if (method === 'GET') {
      const query = { variables: JSON.stringify(variables), features: JSON.stringify(GRAPHQL_FEATURES) };
      return this.http.send({ method, path, endpoint, query });
    }
    if (!this.options.allowMutations) throw mutationBlocked(operation);
    const json = { variables, features: GRAPHQL_FEATURES, queryId };
    return this.http.send({ method, path, endpoint, json, requireSession: true });
  }

  private async read<T>(
    operation: GraphqlOperation,
    variables: Variables,
    pick: (data: Record<string, unknown>, what: string) => T,
  ) {
    const answer = await this.graphql(operation, variables);
    return decode(answer, (json) => pick(graphqlData(json, answer.what), answer.what));
  }

  private async timeline(operation: TimelineOperation, variables: Variables, owner: string) {
    return this.read(operation, variables, (data) => {
      const { paths, owner: ownerSteps } = TIMELINES[operation];
      let deepest = -1;
      for (const path of paths) {
        const found = walk(data, path);
        if (found.missingAt === undefined) return found.value;
        deepest = Math.max(deepest, found.missingAt);
      }
      if (deepest < ownerSteps) notFound(`${operation}: ${owner} not found`);
      throw new ShapeError(`no ${paths[0]?.join('.')}`);
    });
  }

  async getTweet(id: string): Promise<Tweet> {
    checkId(id, 'post id');
    const variables = { tweetId: id, withCommunity: false, includePromotedContent: false, withVoice: false };
    return this.read('TweetResultByRestId', variables, (data) => {
      const mapped = mapTweet(walk(data, ['tweetResult', 'result']).value);
      return mapped?.tweet ?? notFound(`post ${id} not found (deleted, withheld or never existed)`);
    });
  }

  async getTweets(ids: readonly string[]): Promise<Tweet[]> {
    if (ids.length === 0) return [];
    for (const id of ids) checkId(id, 'post id');
    const variables = {
      tweetIds: ids,
      withCommunity: false,
      includePromotedContent: false,
      withVoice: false,
    };
    return this.read('TweetResultsByRestIds', variables, (data) => {
      const list = data.tweetResult;
      if (!Array.isArray(list)) throw new ShapeError('tweetResult is not a list');
      // Like the official API, posts that are gone are left out rather than failing the whole lookup.
      return list.flatMap((item) => mapTweet(walk(item, ['result']).value)?.tweet ?? []);
    });
  }

  async searchRecent(query: string, options: PageOptions = {}): Promise<Page<Tweet>> {
    if (query.trim() === '') throw new AppError('invalid_input', 'the search query is empty');
    // The web search understands the same operator the official API has as a parameter.
    const rawQuery = options.sinceId ? `${query} since_id:${checkId(options.sinceId, 'since_id')}` : query;
    const variables = {
      rawQuery,
      count: count(options),
      querySource: 'typed_query',
      product: 'Latest',
      ...cursor(options),
    };
    const instructions = await this.timeline('SearchTimeline', variables, 'search');
    return tweetPage(instructions, options);
  }

  async getUserById(id: string): Promise<User> {
    checkId(id, 'user id');
    return this.read('UserByRestId', { userId: id, withSafetyModeUserFields: true }, (data) => {
      return mapUser(walk(data, ['user', 'result']).value) ?? notFound(`user ${id} not found`);
    });
  }

  async getUserByUsername(username: string): Promise<User> {
    const screenName = username.trim().replace(/^@/, '');
    if (!/^\w{1,50}$/.test(screenName))
      throw new AppError('invalid_input', `'${username}' is not a username`);
    return this.read(
      'UserByScreenName',
      { screen_name: screenName, withSafetyModeUserFields: true },
      (data) => {
        return mapUser(walk(data, ['user', 'result']).value) ?? notFound(`user @${screenName} not found`);
      },
    );
  }

  async getUsersByIds(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    for (const id of ids) checkId(id, 'user id');
    return this.read('UsersByRestIds', { userIds: ids }, (data) => {
      if (!Array.isArray(data.users)) throw new ShapeError('users is not a list');
      return data.users.flatMap((item) => mapUser(walk(item, ['result']).value) ?? []);
    });
  }

  async getUserTweets(userId: string, options: PageOptions = {}): Promise<Page<Tweet>> {
    checkId(userId, 'user id');
    const variables = {
      userId,
      count: count(options),
      ...cursor(options),
      includePromotedContent: false,
      withQuickPromoteEligibilityTweetFields: false,
      withVoice: true,
      withV2Timeline: true,
    };
    return tweetPage(await this.timeline('UserTweets', variables, `user ${userId}`), options);
  }

  async getFollowers(userId: string, options: PageOptions = {}): Promise<Page<User>> {
    checkId(userId, 'user id');
    const variables = { userId, count: count(options), ...cursor(options), includePromotedContent: false };
    return userPage(await this.timeline('Followers', variables, `user ${userId}`));
  }

  async getFollowing(userId: string, options: PageOptions = {}): Promise<Page<User>> {
    checkId(userId, 'user id');
    const variables = { userId, count: count(options), ...cursor(options), includePromotedContent: false };
    return userPage(await this.timeline('Following', variables, `user ${userId}`));
  }

  async getLikedTweets(userId: string, options: PageOptions = {}): Promise<Page<Tweet>> {
    checkId(userId, 'user id');
    const variables = {
      userId,
      count: count(options),
      ...cursor(options),
      includePromotedContent: false,
      withClientEventToken: false,
      withBirdwatchNotes: false,
      withVoice: true,
      withV2Timeline: true,
    };
    return tweetPage(await this.timeline('Likes', variables, `user ${userId}`), options);
  }

  async getLikingUsers(tweetId: string, options: PageOptions = {}): Promise<Page<User>> {
    checkId(tweetId, 'post id');
    const variables = { tweetId, count: count(options), ...cursor(options), includePromotedContent: false };
    return userPage(await this.timeline('Favoriters', variables, `post ${tweetId}`));
  }

  async getMe(): Promise<User> {
    throw unsupportedMethod('getMe');
  }

  async getMentions(_options?: PageOptions): Promise<Page<Tweet>> {
    throw unsupportedMethod('getMentions');
  }

  async getHomeTimeline(_options?: PageOptions): Promise<Page<Tweet>> {
    throw unsupportedMethod('getHomeTimeline');
  }

  async getBookmarks(_options?: PageOptions): Promise<Page<Tweet>> {
    throw unsupportedMethod('getBookmarks');
  }

  postTweet(input: PostTweetInput): Promise<CreatedTweet> {
    return this.writes.postTweet(input);
  }

  deleteTweet(id: string) {
    return this.writes.deleteTweet(id);
  }

  like(tweetId: string) {
    return this.writes.like(tweetId);
  }

  unlike(tweetId: string) {
    return this.writes.unlike(tweetId);
  }

  retweet(tweetId: string) {
    return this.writes.retweet(tweetId);
  }

  unretweet(tweetId: string) {
    return this.writes.unretweet(tweetId);
  }

  bookmark(tweetId: string) {
    return this.writes.bookmark(tweetId);
  }

  unbookmark(tweetId: string) {
    return this.writes.unbookmark(tweetId);
  }

  follow(targetUserId: string) {
    return this.writes.follow(targetUserId);
  }

  unfollow(targetUserId: string) {
    return this.writes.unfollow(targetUserId);
  }

  async uploadMedia(_path: string, _options?: { altText?: string }): Promise<UploadedMedia> {
    throw unsupportedMethod('uploadMedia');
  }
}

function count(options: PageOptions): number {
  return Math.min(100, Math.max(1, Math.trunc(options.maxResults ?? 20)));
}

function cursor(options: PageOptions): { cursor?: string } {
  return options.paginationToken ? { cursor: options.paginationToken } : {};
}

/** Drops posts at or before `sinceId` (ids grow with time); true when any were dropped. */
function newerThan(tweets: Tweet[], sinceId: string | undefined): { kept: Tweet[]; cut: boolean } {
  if (!sinceId) return { kept: tweets, cut: false };
  const since = BigInt(checkId(sinceId, 'since_id'));
  const kept = tweets.filter((t) => BigInt(t.id) > since);
  return { kept, cut: kept.length < tweets.length };
}

function tweetPage(instructions: unknown, options: PageOptions): Page<Tweet> {
  const { results, bottomCursor } = readTimeline(instructions, 'tweet');
  const mapped = results.flatMap((result) => mapTweet(result) ?? []);
  const { kept, cut } = newerThan(
    mapped.map((m) => m.tweet),
    options.sinceId,
  );
  const users = new Map<string, User>();
  for (const { tweet, author } of mapped) {
    if (author && kept.includes(tweet) && !users.has(author.id)) users.set(author.id, author);
  }
  // The web app sends a bottom cursor even on the last page; an empty page is how the end shows.
  const more = kept.length > 0 && !cut && bottomCursor !== undefined;
  return {
    data: kept,
    includes: { users: [...users.values()] },
    meta: { result_count: kept.length, ...(more ? { next_token: bottomCursor } : {}) },
  };
}

function userPage(instructions: unknown): Page<User> {
  const { results, bottomCursor } = readTimeline(instructions, 'user');
  const data = results.flatMap((result) => mapUser(result) ?? []);
  const more = data.length > 0 && bottomCursor !== undefined;
  return { data, meta: { result_count: data.length, ...(more ? { next_token: bottomCursor } : {}) } };
}
