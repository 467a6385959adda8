// The 14 platform read tools (spec: Read tools), declared as one table: name, profiles, parameters and the
// client read each one calls. Lists return the items as `data` and their paging in `meta.pagination`.
import { z } from 'zod';
import { ENDPOINTS } from '../../contracts/platform-endpoints.js';
import type { Page, PageOptions } from '../../contracts/social.js';
import { TweetSchema, UserSchema } from '../../contracts/social.js';
import type { ToolProfile } from '../../contracts/tools/tool-binding.js';
import { maxResults, paginationToken, platformId, sinceId } from '../../contracts/tools/tool-params.js';
import { type AnyOperation, defineOperation, type OperationContext } from '../define-operation.js';
import type { OperationDeps } from '../operation-deps.js';
import { ALL_PROFILES, platformRead, WRITE_ADMIN_API_READONLY } from '../tool-kit.js';

/** A page as tool data: the items, with the paging moved to the envelope's meta. */
function pageData<T>(page: Page<T>, context: OperationContext): T[] {
  context.trace ??= {};
  context.trace.pagination = {
    result_count: page.meta.result_count,
    has_more: Boolean(page.meta.next_token),
    ...(page.meta.next_token ? { next_token: page.meta.next_token } : {}),
  };
  return page.data;
}

const pageOptions = (input: { max_results?: number; pagination_token?: string; since_id?: string }) =>
  ({
    maxResults: input.max_results,
    paginationToken: input.pagination_token,
    sinceId: input.since_id,
  }) satisfies PageOptions;

interface ReadTool<I extends z.ZodObject> {
  name: string;
  summary: string;
  profiles: readonly ToolProfile[];
  scopes: readonly string[];
  input: I;
  output: z.ZodType;
  read(deps: OperationDeps, input: z.output<I>, context: OperationContext): Promise<unknown>;
}

const readTool = <I extends z.ZodObject>(tool: ReadTool<I>) =>
  defineOperation({
    name: tool.name,
    summary: tool.summary,
    input: tool.input,
    output: tool.output,
    mutation: false,
    tool: platformRead(tool.name, tool.profiles, tool.scopes),
    run: (deps, input, context) => tool.read(deps, input, context) as Promise<never>,
  });

/** A list read keyed by one id: the id, a page size and the next-page token. */
function pagedById(spec: {
  name: string;
  summary: string;
  profiles: readonly ToolProfile[];
  scopes: readonly string[];
  id: 'user_id' | 'tweet_id';
  pageSize: [min: number, max: number, fallback: number];
  output: z.ZodType;
  read(deps: OperationDeps, id: string, options: PageOptions): Promise<Page<unknown>>;
}) {
  const [min, max, fallback] = spec.pageSize;
  return readTool({
    ...spec,
    input: z.object({
      [spec.id]: platformId(spec.id === 'user_id' ? 'Id of the user.' : 'Id of the post.'),
      max_results: maxResults(min, max, fallback),
      pagination_token: paginationToken,
    }),
    read: async (deps, input, context) =>
      pageData(await spec.read(deps, String(input[spec.id]), pageOptions(input)), context),
  });
}

const read = (deps: OperationDeps) => deps.social.read;
const Tweets = z.array(TweetSchema);
const Users = z.array(UserSchema);

export const PLATFORM_READ_OPERATIONS: readonly AnyOperation[] = [
  readTool({
    name: 'get_tweet_by_id',
    summary: 'Fetch one post by id: text, author, creation time and public metrics.',
    profiles: ALL_PROFILES,
    scopes: ENDPOINTS.getTweet.scopes,
    input: z.object({ tweet_id: platformId('Id of the post.') }),
    output: TweetSchema,
    read: (deps, input) => read(deps).getTweet(input.tweet_id),
  }),
  readTool({
    name: 'social_get_user_by_username',
    summary: 'Look up a user by handle (with or without @).',
    profiles: ALL_PROFILES,
    scopes: ENDPOINTS.getUserByUsername.scopes,
    input: z.object({
      username: z
        .string()
        .trim()
        .regex(/^@?\w{1,15}$/, 'must be a handle of 1-15 letters, digits or _')
        .describe('The handle.'),
    }),
    output: UserSchema,
    read: (deps, input) => read(deps).getUserByUsername(input.username),
  }),
  readTool({
    name: 'social_search_tweets',
    summary: 'Search recent posts (last 7 days) with the platform query syntax.',
    profiles: ALL_PROFILES,
    scopes: ENDPOINTS.searchRecent.scopes,
    input: z.object({
      query: z.string().trim().min(1).max(512).describe('Search query.'),
      max_results: maxResults(10, 100, 10),
      since_id: sinceId,
      pagination_token: paginationToken,
    }),
    output: Tweets,
    read: async (deps, input, context) =>
      pageData(await read(deps).searchRecent(input.query, pageOptions(input)), context),
  }),
  readTool({
    name: 'social_get_user_mentions',
    summary: 'Posts mentioning the signed-in account, newest first.',
    profiles: ALL_PROFILES,
    scopes: ENDPOINTS.getMentions.scopes,
    input: z.object({ since_id: sinceId, pagination_token: paginationToken }),
    output: Tweets,
    read: async (deps, input, context) => pageData(await read(deps).getMentions(pageOptions(input)), context),
  }),
  pagedById({
    name: 'social_get_user_tweets',
    summary: "A user's recent posts.",
    profiles: ALL_PROFILES,
    scopes: ENDPOINTS.getUserTweets.scopes,
    id: 'user_id',
    pageSize: [5, 100, 10],
    output: Tweets,
    read: (deps, id, options) => read(deps).getUserTweets(id, options),
  }),
  readTool({
    name: 'social_get_home_timeline',
    summary: "The signed-in account's home timeline, newest first.",
    profiles: ALL_PROFILES,
    scopes: ENDPOINTS.getHomeTimeline.scopes,
    input: z.object({
      max_results: maxResults(1, 100, 20),
      since_id: sinceId,
      pagination_token: paginationToken,
    }),
    output: Tweets,
    read: async (deps, input, context) =>
      pageData(await read(deps).getHomeTimeline(pageOptions(input)), context),
  }),
  pagedById({
    name: 'social_get_followers',
    summary: "A user's followers.",
    profiles: WRITE_ADMIN_API_READONLY,
    scopes: ENDPOINTS.getFollowers.scopes,
    id: 'user_id',
    pageSize: [1, 1000, 100],
    output: Users,
    read: (deps, id, options) => read(deps).getFollowers(id, options),
  }),
  pagedById({
    name: 'social_get_following',
    summary: 'Accounts a user follows.',
    profiles: WRITE_ADMIN_API_READONLY,
    scopes: ENDPOINTS.getFollowing.scopes,
    id: 'user_id',
    pageSize: [1, 1000, 100],
    output: Users,
    read: (deps, id, options) => read(deps).getFollowing(id, options),
  }),
  readTool({
    name: 'social_get_user_by_id',
    summary: 'Look up a user by id.',
    profiles: ALL_PROFILES,
    scopes: ENDPOINTS.getUserById.scopes,
    input: z.object({ user_id: platformId('Id of the user.') }),
    output: UserSchema,
    read: (deps, input) => read(deps).getUserById(input.user_id),
  }),
  pagedById({
    name: 'social_get_liked_tweets',
    summary: 'Posts a user liked.',
    profiles: WRITE_ADMIN_API_READONLY,
    scopes: ENDPOINTS.getLikedTweets.scopes,
    id: 'user_id',
    pageSize: [5, 100, 10],
    output: Tweets,
    read: (deps, id, options) => read(deps).getLikedTweets(id, options),
  }),
  readTool({
    name: 'social_get_bookmarks',
    summary: "The signed-in account's bookmarks.",
    profiles: WRITE_ADMIN_API_READONLY,
    scopes: ENDPOINTS.getBookmarks.scopes,
    input: z.object({ max_results: maxResults(1, 100, 10), pagination_token: paginationToken }),
    output: Tweets,
    read: async (deps, input, context) =>
      pageData(await read(deps).getBookmarks(pageOptions(input)), context),
  }),
  readTool({
    name: 'social_get_users_by_ids',
    summary: 'Look up several users by id (up to 100).',
    profiles: WRITE_ADMIN_API_READONLY,
    scopes: ENDPOINTS.getUsersByIds.scopes,
    input: z.object({
      user_ids: z.array(platformId('A user id.')).min(1).max(100).describe('Ids of the users.'),
    }),
    output: Users,
    read: (deps, input) => read(deps).getUsersByIds(input.user_ids),
  }),
  pagedById({
    name: 'social_get_tweet_liking_users',
    summary: 'Users who liked a post.',
    profiles: WRITE_ADMIN_API_READONLY,
    scopes: ENDPOINTS.getLikingUsers.scopes,
    id: 'tweet_id',
    pageSize: [1, 100, 100],
    output: Users,
    read: (deps, id, options) => read(deps).getLikingUsers(id, options),
  }),
  readTool({
    name: 'social_get_me',
    summary: 'The signed-in account.',
    profiles: ['api-readonly'],
    scopes: ENDPOINTS.getMe.scopes,
    input: z.object({}),
    output: UserSchema,
    read: (deps) => read(deps).getMe(),
  }),
];
