// Acting-as-me engagement: likes, reposts, bookmarks, follows (pending for protected accounts), the pinned
// post, mutes and blocks. Metrics follow from the relations, so counts update by themselves.
import { addRetweet } from './factory.js';
import type { Relation, TweetRecord, UserRecord } from './model.js';
import { BOUNDS } from './paging.js';
import { FakeApiError, forbidden, invalidRequest, invalidRequestBody } from './problems.js';
import { checkId, userListBody, visibleTweet } from './responses.js';
import { type ApiContext, type ApiRoute, jsonObject, ok, requireString } from './route-kit.js';

export function engagementRoutes(): ApiRoute[] {
  return [
    ...toggleRoutes(
      'likes',
      'tweet_id',
      'liked',
      ['like.read', 'like.write', 'users.read'],
      (ctx) => ctx.state.likes,
    ),
    ...toggleRoutes(
      'bookmarks',
      'tweet_id',
      'bookmarked',
      ['bookmark.read', 'bookmark.write', 'users.read'],
      (ctx) => ctx.state.bookmarks,
    ),
    {
      method: 'POST',
      url: '/2/users/:id/retweets',
      scopes: ['tweet.read', 'tweet.write', 'users.read'],
      me: 'id',
      json: true,
      handler: (ctx) => {
        const source = targetTweet(ctx, requireString(jsonObject(ctx.body), 'tweet_id'));
        const already = [...ctx.state.tweets.values()].some(
          (tweet) => tweet.authorId === ctx.user.id && tweet.retweetedTweetId === source.id,
        );
        if (!already) addRetweet(ctx.state, ctx.user.id, source);
        return ok({ data: { retweeted: true } });
      },
    },
    {
      method: 'DELETE',
      url: '/2/users/:id/retweets/:source_tweet_id',
      scopes: ['tweet.read', 'tweet.write', 'users.read'],
      me: 'id',
      handler: ({ state, user, params }) => {
        const sourceId = checkId(params.source_tweet_id, 'source_tweet_id');
        for (const tweet of [...state.tweets.values()]) {
          if (tweet.authorId === user.id && tweet.retweetedTweetId === sourceId)
            state.tweets.delete(tweet.id);
        }
        return ok({ data: { retweeted: false } });
      },
    },
    {
      method: 'POST',
      url: '/2/users/:id/following',
      scopes: ['follows.read', 'follows.write', 'users.read'],
      me: 'id',
      json: true,
      handler: (ctx) => {
        const target = targetUser(ctx);
        if (ctx.state.follows.has(ctx.user.id, target.id))
          return ok({ data: { following: true, pending_follow: false } });
        if (ctx.state.blocks.has(target.id, ctx.user.id))
          throw forbidden('You have been blocked from following this account at the request of the user.');
        if (target.protected) {
          ctx.state.pendingFollows.add(ctx.user.id, target.id);
          return ok({ data: { following: false, pending_follow: true } });
        }
        ctx.state.follows.add(ctx.user.id, target.id);
        return ok({ data: { following: true, pending_follow: false } });
      },
    },
    {
      method: 'DELETE',
      url: '/2/users/:id/following/:target_user_id',
      scopes: ['follows.read', 'follows.write', 'users.read'],
      me: 'id',
      handler: ({ state, user, params }) => {
        const targetId = checkId(params.target_user_id, 'target_user_id');
        state.follows.remove(user.id, targetId);
        state.pendingFollows.remove(user.id, targetId);
        return ok({ data: { following: false } });
      },
    },
    {
      method: 'PUT',
      url: '/2/users/:id/pinned_tweet',
      scopes: ['tweet.read', 'tweet.write', 'users.read'],
      me: 'id',
      json: true,
      handler: (ctx) => {
        const tweet = targetTweet(ctx, requireString(jsonObject(ctx.body), 'tweet_id'));
        if (tweet.authorId !== ctx.user.id) throw forbidden('You can only pin your own Tweets.');
        ctx.user.pinnedTweetId = tweet.id;
        return ok({ data: { pinned: true } });
      },
    },
    {
      method: 'DELETE',
      url: '/2/users/:id/pinned_tweet',
      scopes: ['tweet.read', 'tweet.write', 'users.read'],
      me: 'id',
      handler: ({ user }) => {
        user.pinnedTweetId = undefined;
        return ok({ data: { pinned: false } });
      },
    },
    ...moderationRoutes('muting', 'mute', (ctx) => ctx.state.mutes),
    ...moderationRoutes('blocking', 'block', (ctx) => ctx.state.blocks),
  ];
}

/** POST /2/users/:id/<path> {<field>} and DELETE /2/users/:id/<path>/:<field> over one relation. */
function toggleRoutes(
  path: string,
  field: 'tweet_id',
  flag: string,
  scopes: string[],
  relation: (ctx: ApiContext) => Relation,
): ApiRoute[] {
  return [
    {
      method: 'POST',
      url: `/2/users/:id/${path}`,
      scopes,
      me: 'id',
      json: true,
      handler: (ctx) => {
        const tweet = targetTweet(ctx, requireString(jsonObject(ctx.body), field));
        relation(ctx).add(ctx.user.id, tweet.id);
        return ok({ data: { [flag]: true } });
      },
    },
    {
      method: 'DELETE',
      url: `/2/users/:id/${path}/:${field}`,
      scopes,
      me: 'id',
      handler: (ctx) => {
        relation(ctx).remove(ctx.user.id, checkId(ctx.params[field], field));
        return ok({ data: { [flag]: false } });
      },
    },
  ];
}

function moderationRoutes(
  path: 'muting' | 'blocking',
  scope: 'mute' | 'block',
  relation: (ctx: ApiContext) => Relation,
): ApiRoute[] {
  return [
    {
      method: 'GET',
      url: `/2/users/:id/${path}`,
      scopes: [`${scope}.read`, 'users.read'],
      me: 'id',
      handler: (ctx) => {
        const users = relation(ctx)
          .of(ctx.user.id)
          .flatMap((id) => {
            const user = ctx.state.users.get(id);
            return user ? [user] : [];
          });
        return ok(userListBody(ctx.state, users, ctx.query, BOUNDS.follows));
      },
    },
    {
      method: 'POST',
      url: `/2/users/:id/${path}`,
      scopes: [`${scope}.write`, 'users.read'],
      me: 'id',
      json: true,
      handler: (ctx) => {
        const target = targetUser(ctx);
        relation(ctx).add(ctx.user.id, target.id);
        if (path === 'blocking') {
          // A block removes follows in both directions.
          ctx.state.follows.remove(ctx.user.id, target.id);
          ctx.state.follows.remove(target.id, ctx.user.id);
        }
        return ok({ data: { [path]: true } });
      },
    },
    {
      method: 'DELETE',
      url: `/2/users/:id/${path}/:target_user_id`,
      scopes: [`${scope}.write`, 'users.read'],
      me: 'id',
      handler: (ctx) => {
        relation(ctx).remove(ctx.user.id, checkId(ctx.params.target_user_id, 'target_user_id'));
        return ok({ data: { [path]: false } });
      },
    },
  ];
}

function targetTweet(ctx: ApiContext, id: string): TweetRecord {
  const tweet = visibleTweet(ctx.state, ctx.user.id, checkId(id, 'tweet_id'));
  if (!tweet) throw new FakeApiError(400, invalidRequestBody([{ message: 'This tweet cannot be found.' }]));
  return tweet;
}

function targetUser(ctx: ApiContext): UserRecord {
  const id = checkId(requireString(jsonObject(ctx.body), 'target_user_id'), 'target_user_id');
  if (id === ctx.user.id)
    throw invalidRequest('You cannot perform this action on yourself.', 'target_user_id', [id]);
  const target = ctx.state.users.get(id);
  if (!target)
    throw invalidRequest(`Could not find user with target_user_id: [${id}].`, 'target_user_id', [id]);
  return target;
}
