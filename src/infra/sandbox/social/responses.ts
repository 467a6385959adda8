// Response bodies shared by many routes: a page of posts or users with includes and meta, single and
// multi-id lookups with the platform's "200 + errors" for missing ids, and id parameter checks.
import { type FieldSelection, parseFields } from './fields.js';
import { isNumericId } from './ids.js';
import type { TweetRecord, UserRecord } from './model.js';
import { type Bounds, filterTweetWindow, listMeta, paginate, tweetMeta } from './paging.js';
import { invalidRequest, notFoundEntry, type ResourceType, suspendedUserEntry } from './problems.js';
import { renderTweet, renderUser, tweetIncludes, userIncludes } from './render.js';
import type { Query } from './route-kit.js';
import type { FakeState } from './state.js';

type Json = Record<string, unknown>;

export function checkId(value: string | undefined, name = 'id'): string {
  if (value === undefined || !isNumericId(value)) {
    throw invalidRequest(
      `The \`${name}\` query parameter value [${value ?? ''}] does not match ^[0-9]{1,19}$`,
      name,
      [value ?? ''],
    );
  }
  return value;
}

/** Comma-separated id list, 1–100 entries, each numeric unless `pattern` says otherwise. */
export function readIdList(query: Query, name: string, pattern = /^[0-9]{1,19}$/): string[] {
  const raw = query[name];
  if (!raw) throw invalidRequest(`The \`${name}\` query parameter can not be empty`, name);
  const values = raw.split(',').map((value) => value.trim());
  if (values.length > 100) {
    throw invalidRequest(
      `The number of values in the \`${name}\` query parameter list [${values.length}] is not between 1 and 100`,
      name,
      [raw],
    );
  }
  for (const value of values) {
    if (!pattern.test(value)) {
      throw invalidRequest(
        `The \`${name}\` query parameter value [${value}] does not match ${pattern.source}`,
        name,
        [value],
      );
    }
  }
  return values;
}

export function withIncludes(body: Json, includes: Json | undefined): Json {
  if (includes) body.includes = includes;
  return body;
}

/** Post list endpoints: window filters, pagination, rendering; empty pages carry only `meta`. */
export function tweetListBody(
  state: FakeState,
  tweets: TweetRecord[],
  query: Query,
  bounds: Bounds,
  tokenParam: 'pagination_token' | 'next_token' = 'pagination_token',
): Json {
  const sel = parseFields(query, 'tweet');
  const page = paginate(filterTweetWindow(tweets, query), query, bounds, tokenParam);
  if (page.items.length === 0) return { meta: tweetMeta(page) };
  const body: Json = { data: page.items.map((tweet) => renderTweet(state, tweet, sel)) };
  withIncludes(body, tweetIncludes(state, page.items, sel));
  body.meta = tweetMeta(page);
  return body;
}

export function userListBody(state: FakeState, users: UserRecord[], query: Query, bounds: Bounds): Json {
  const sel = parseFields(query, 'user');
  const page = paginate(users, query, bounds);
  if (page.items.length === 0) return { meta: listMeta(page) };
  const body: Json = { data: page.items.map((user) => renderUser(state, user, sel)) };
  withIncludes(body, userIncludes(state, page.items, sel));
  body.meta = listMeta(page);
  return body;
}

export function tweetLookupBody(
  state: FakeState,
  tweet: TweetRecord | undefined,
  id: string,
  query: Query,
): Json {
  const sel = parseFields(query, 'tweet');
  if (!tweet) return { errors: [notFoundEntry('tweet', 'id', id)] };
  return withIncludes({ data: renderTweet(state, tweet, sel) }, tweetIncludes(state, [tweet], sel));
}

export function userLookupBody(
  state: FakeState,
  user: UserRecord | undefined,
  parameter: 'id' | 'username',
  value: string,
  query: Query,
): Json {
  const sel = parseFields(query, 'user');
  if (!user) return { errors: [notFoundEntry('user', parameter, value)] };
  if (user.suspended) return { errors: [suspendedUserEntry(parameter, value)] };
  return withIncludes({ data: renderUser(state, user, sel) }, userIncludes(state, [user], sel));
}

/** Multi-id lookups: found objects in request order plus one error per missing value. */
export function multiLookupBody<T>(
  values: string[],
  find: (value: string) => T | undefined,
  render: (found: T[], sel: FieldSelection) => { data: Json[]; includes?: Json },
  resource: ResourceType,
  parameter: string,
  sel: FieldSelection,
): Json {
  const found: T[] = [];
  const errors: Json[] = [];
  for (const value of values) {
    const item = find(value);
    if (item) found.push(item);
    else errors.push(notFoundEntry(resource, parameter, value));
  }
  const body: Json = {};
  if (found.length > 0) {
    const rendered = render(found, sel);
    body.data = rendered.data;
    withIncludes(body, rendered.includes);
  }
  if (errors.length > 0) body.errors = errors;
  return body;
}

export function visibleTweet(state: FakeState, viewerId: string, id: string): TweetRecord | undefined {
  const tweet = state.tweets.get(id);
  return tweet && state.canSee(viewerId, tweet) ? tweet : undefined;
}
