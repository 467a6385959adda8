// User routes: lookups (me, by id, by username, multi), a user's posts, mentions, home timeline,
// followers/following, liked posts and bookmarks.
import { parseFields } from './fields.js';
import type { TweetRecord, UserRecord } from './model.js';
import { BOUNDS } from './paging.js';
import { invalidRequest, notFoundEntry, suspendedUserEntry } from './problems.js';
import { renderUser, userIncludes } from './render.js';
import {
  checkId,
  multiLookupBody,
  readIdList,
  tweetListBody,
  userListBody,
  userLookupBody,
} from './responses.js';
import { type ApiContext, type ApiRoute, ok, type Query } from './route-kit.js';
import type { FakeState } from './state.js';

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const TIMELINE = ['tweet.read', 'users.read'];

export function userRoutes(): ApiRoute[] {
  return [
    {
      method: 'GET',
      url: '/2/users/me',
      scopes: ['users.read'],
      handler: ({ state, user, query }) => ok(userLookupBody(state, user, 'id', user.id, query)),
    },
    {
      method: 'GET',
      url: '/2/users/:id',
      scopes: ['users.read'],
      handler: ({ state, params, query }) => {
        const id = checkId(params.id);
        return ok(userLookupBody(state, state.users.get(id), 'id', id, query));
      },
    },
    {
      method: 'GET',
      url: '/2/users',
      scopes: ['users.read'],
      handler: ({ state, query }) =>
        ok(lookupMany(state, query, readIdList(query, 'ids'), 'ids', (id) => state.users.get(id))),
    },
    {
      method: 'GET',
      url: '/2/users/by/username/:username',
      scopes: ['users.read'],
      handler: ({ state, params, query }) => {
        const username = checkUsername(params.username, 'username');
        return ok(userLookupBody(state, state.userByUsername(username), 'username', username, query));
      },
    },
    {
      method: 'GET',
      url: '/2/users/by',
      scopes: ['users.read'],
      handler: ({ state, query }) =>
        ok(
          lookupMany(state, query, readIdList(query, 'usernames', USERNAME), 'usernames', (name) =>
            state.userByUsername(name),
          ),
        ),
    },
    {
      method: 'GET',
      url: '/2/users/:id/tweets',
      scopes: TIMELINE,
      handler: (ctx) =>
        forUser(ctx, (target) => {
          const tweets = excluding(ctx.query, ctx.state.tweetsNewestFirst()).filter(
            (t) => t.authorId === target.id,
          );
          return tweetListBody(ctx.state, tweets, ctx.query, BOUNDS.timeline);
        }),
    },
    {
      method: 'GET',
      url: '/2/users/:id/mentions',
      scopes: TIMELINE,
      me: 'id',
      handler: ({ state, user, query }) => {
        const handle = new RegExp(`(?<![A-Za-z0-9_])@${user.username}(?![A-Za-z0-9_])`, 'i');
        const tweets = state
          .tweetsNewestFirst()
          .filter(
            (tweet) =>
              tweet.authorId !== user.id &&
              (handle.test(tweet.text) || tweet.inReplyToUserId === user.id) &&
              state.canSee(user.id, tweet),
          );
        return ok(tweetListBody(state, tweets, query, BOUNDS.timeline));
      },
    },
    {
      method: 'GET',
      url: '/2/users/:id/timelines/reverse_chronological',
      scopes: TIMELINE,
      me: 'id',
      handler: ({ state, user, query }) => {
        const authors = new Set([user.id, ...state.follows.of(user.id)]);
        const tweets = excluding(query, state.tweetsNewestFirst()).filter(
          (tweet) =>
            authors.has(tweet.authorId) &&
            !state.mutes.has(user.id, tweet.authorId) &&
            !state.blocks.has(user.id, tweet.authorId) &&
            state.canSee(user.id, tweet),
        );
        return ok(tweetListBody(state, tweets, query, BOUNDS.standard));
      },
    },
    {
      method: 'GET',
      url: '/2/users/:id/followers',
      scopes: ['follows.read', 'users.read'],
      handler: (ctx) =>
        forUser(ctx, (target) =>
          userListBody(
            ctx.state,
            usersOf(ctx.state, ctx.state.follows.to(target.id).reverse()),
            ctx.query,
            BOUNDS.follows,
          ),
        ),
    },
    {
      method: 'GET',
      url: '/2/users/:id/following',
      scopes: ['follows.read', 'users.read'],
      handler: (ctx) =>
        forUser(ctx, (target) =>
          userListBody(
            ctx.state,
            usersOf(ctx.state, ctx.state.follows.of(target.id)),
            ctx.query,
            BOUNDS.follows,
          ),
        ),
    },
    {
      method: 'GET',
      url: '/2/users/:id/liked_tweets',
      scopes: ['like.read', 'tweet.read', 'users.read'],
      handler: (ctx) =>
        forUser(ctx, (target) =>
          tweetListBody(ctx.state, tweetsOf(ctx, ctx.state.likes.of(target.id)), ctx.query, BOUNDS.liked),
        ),
    },
    {
      method: 'GET',
      url: '/2/users/:id/bookmarks',
      scopes: ['bookmark.read', 'tweet.read', 'users.read'],
      me: 'id',
      handler: (ctx) =>
        ok(
          tweetListBody(
            ctx.state,
            tweetsOf(ctx, ctx.state.bookmarks.of(ctx.user.id)),
            ctx.query,
            BOUNDS.standard,
          ),
        ),
    },
  ];
}

function checkUsername(value: string | undefined, name: string): string {
  if (!value || !USERNAME.test(value)) {
    throw invalidRequest(
      `The \`${name}\` query parameter value [${value ?? ''}] does not match ${USERNAME.source}`,
      name,
      [value ?? ''],
    );
  }
  return value;
}

function lookupMany(
  state: FakeState,
  query: Query,
  values: string[],
  parameter: string,
  find: (value: string) => UserRecord | undefined,
) {
  const sel = parseFields(query, 'user');
  return multiLookupBody(
    values,
    find,
    (found) => ({
      data: found.map((user) => renderUser(state, user, sel)),
      includes: userIncludes(state, found, sel),
    }),
    'user',
    parameter,
    sel,
  );
}

/** Runs `build` for the `:id` user, or answers like the platform for an unknown or protected one. */
function forUser(ctx: ApiContext, build: (target: UserRecord) => Record<string, unknown>) {
  const id = checkId(ctx.params.id);
  const target = ctx.state.users.get(id);
  if (!target) return ok({ errors: [notFoundEntry('user', 'id', id)] });
  if (target.suspended) return ok({ errors: [suspendedUserEntry('id', id)] });
  if (target.protected && target.id !== ctx.user.id && !ctx.state.follows.has(ctx.user.id, target.id)) {
    return ok({
      errors: [
        {
          value: id,
          detail: `Sorry, you are not authorized to see the user with id: [${id}].`,
          title: 'Authorization Error',
          resource_type: 'user',
          parameter: 'id',
          resource_id: id,
          type: 'https://api.twitter.com/2/problems/not-authorized-for-resource',
        },
      ],
    });
  }
  return ok(build(target));
}

function excluding(query: Query, tweets: TweetRecord[]): TweetRecord[] {
  const exclude = new Set((query.exclude ?? '').split(',').filter(Boolean));
  for (const value of exclude) {
    if (value !== 'replies' && value !== 'retweets') {
      throw invalidRequest(
        `The \`exclude\` query parameter value [${value}] is not one of [replies,retweets]`,
        'exclude',
        [value],
      );
    }
  }
  return tweets.filter(
    (tweet) =>
      !(exclude.has('replies') && tweet.inReplyToTweetId) &&
      !(exclude.has('retweets') && tweet.retweetedTweetId),
  );
}

function usersOf(state: FakeState, ids: string[]): UserRecord[] {
  return ids.flatMap((id) => {
    const user = state.users.get(id);
    return user ? [user] : [];
  });
}

function tweetsOf(ctx: ApiContext, ids: string[]): TweetRecord[] {
  return ids.flatMap((id) => {
    const tweet = ctx.state.tweets.get(id);
    return tweet && ctx.state.canSee(ctx.user.id, tweet) ? [tweet] : [];
  });
}
