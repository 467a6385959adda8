// Post routes: create (duplicate, length, reply, quote and media checks), delete, lookups, hide replies,
// and the engagement lists of one post (liking users, reposters, quotes).
import { addTweet } from './factory.js';
import { parseFields } from './fields.js';
import { BOUNDS } from './paging.js';
import { FakeApiError, forbidden, invalidRequest, invalidRequestBody, notFoundEntry } from './problems.js';
import { renderTweet, tweetIncludes } from './render.js';
import {
  checkId,
  multiLookupBody,
  readIdList,
  tweetListBody,
  tweetLookupBody,
  userListBody,
  visibleTweet,
} from './responses.js';
import { type ApiContext, type ApiRoute, jsonObject, ok } from './route-kit.js';
import { MAX_POST_LENGTH, weightedLength } from './text-length.js';

const READ = ['tweet.read', 'users.read'];
const WRITE = ['tweet.read', 'tweet.write', 'users.read'];

export function tweetRoutes(): ApiRoute[] {
  return [
    { method: 'POST', url: '/2/tweets', scopes: WRITE, json: true, handler: createTweet },
    {
      method: 'DELETE',
      url: '/2/tweets/:id',
      scopes: WRITE,
      handler: ({ state, user, params }) => {
        const id = checkId(params.id);
        const tweet = state.tweets.get(id);
        if (!tweet) return ok({ data: { deleted: false } });
        if (tweet.authorId !== user.id) throw forbidden('You are not allowed to delete this Tweet.');
        state.tweets.delete(id);
        // Reposts vanish with their source, as on the platform.
        for (const other of [...state.tweets.values()])
          if (other.retweetedTweetId === id) state.tweets.delete(other.id);
        if (user.pinnedTweetId === id) user.pinnedTweetId = undefined;
        return ok({ data: { deleted: true } });
      },
    },
    {
      method: 'GET',
      url: '/2/tweets/:id',
      scopes: READ,
      handler: ({ state, user, params, query }) => {
        const id = checkId(params.id);
        return ok(tweetLookupBody(state, visibleTweet(state, user.id, id), id, query));
      },
    },
    {
      method: 'GET',
      url: '/2/tweets',
      scopes: READ,
      handler: ({ state, user, query }) => {
        const ids = readIdList(query, 'ids');
        const sel = parseFields(query, 'tweet');
        return ok(
          multiLookupBody(
            ids,
            (id) => visibleTweet(state, user.id, id),
            (found) => ({
              data: found.map((tweet) => renderTweet(state, tweet, sel)),
              includes: tweetIncludes(state, found, sel),
            }),
            'tweet',
            'ids',
            sel,
          ),
        );
      },
    },
    {
      method: 'PUT',
      url: '/2/tweets/:id/hidden',
      scopes: ['tweet.read', 'tweet.moderate.write'],
      json: true,
      handler: ({ state, user, params, body }) => {
        const id = checkId(params.id);
        const hidden = jsonObject(body).hidden;
        if (typeof hidden !== 'boolean')
          throw invalidRequest('$.hidden: is missing but it is required', 'hidden');
        const tweet = state.tweets.get(id);
        if (!tweet) return ok({ errors: [notFoundEntry('tweet', 'id', id)] });
        const root = state.tweets.get(tweet.conversationId);
        // Only replies in a conversation the acting user started can be hidden.
        if (!tweet.inReplyToTweetId || root?.authorId !== user.id) throw forbidden();
        tweet.hidden = hidden;
        return ok({ data: { hidden } });
      },
    },
    {
      method: 'GET',
      url: '/2/tweets/:id/liking_users',
      scopes: [...READ, 'like.read'],
      handler: (ctx) => engagementUsers(ctx, (id) => ctx.state.likes.to(id)),
    },
    {
      method: 'GET',
      url: '/2/tweets/:id/retweeted_by',
      scopes: READ,
      handler: (ctx) =>
        engagementUsers(ctx, (id) =>
          ctx.state
            .tweetsNewestFirst()
            .flatMap((tweet) => (tweet.retweetedTweetId === id ? [tweet.authorId] : [])),
        ),
    },
    {
      method: 'GET',
      url: '/2/tweets/:id/quote_tweets',
      scopes: READ,
      handler: ({ state, user, params, query }) => {
        const id = checkId(params.id);
        if (!visibleTweet(state, user.id, id)) return ok({ errors: [notFoundEntry('tweet', 'id', id)] });
        const quotes = state
          .tweetsNewestFirst()
          .filter((tweet) => tweet.quotedTweetId === id && state.canSee(user.id, tweet));
        return ok(tweetListBody(state, quotes, query, BOUNDS.standard));
      },
    },
  ];
}

function engagementUsers(ctx: ApiContext, userIdsOf: (tweetId: string) => string[]) {
  const { state, user, params, query } = ctx;
  const id = checkId(params.id);
  if (!visibleTweet(state, user.id, id)) return ok({ errors: [notFoundEntry('tweet', 'id', id)] });
  const users = [...new Set(userIdsOf(id))].flatMap((userId) => {
    const found = state.users.get(userId);
    return found ? [found] : [];
  });
  return ok(userListBody(state, users, query, BOUNDS.standard));
}

function createTweet({ state, user, body }: ApiContext) {
  const input = jsonObject(body);
  const text = typeof input.text === 'string' ? input.text : undefined;
  const reply = input.reply as { in_reply_to_tweet_id?: unknown } | undefined;
  const replyTo = reply?.in_reply_to_tweet_id;
  const quoteId = input.quote_tweet_id;
  const media = input.media as { media_ids?: unknown } | undefined;
  const mediaIds = media?.media_ids;

  if (!text && mediaIds === undefined && quoteId === undefined) {
    throw invalidRequest('You must provide at least one of [text, media, quote_tweet_id, poll, card_uri]');
  }
  if (text !== undefined && weightedLength(text) > MAX_POST_LENGTH) {
    throw new FakeApiError(
      400,
      invalidRequestBody([{ message: 'Tweet text is too long.', parameters: { text: [text] } }]),
    );
  }
  let inReplyTo: string | undefined;
  if (replyTo !== undefined) {
    const target = typeof replyTo === 'string' ? visibleTweet(state, user.id, replyTo) : undefined;
    if (!target) throw forbidden('You attempted to reply to a Tweet that is deleted or not visible to you.');
    inReplyTo = target.id;
  }
  let quoted: string | undefined;
  if (quoteId !== undefined) {
    const target = typeof quoteId === 'string' ? visibleTweet(state, user.id, quoteId) : undefined;
    if (!target) throw forbidden('You attempted to quote a Tweet that is deleted or not visible to you.');
    quoted = target.id;
  }
  const mediaKeys = mediaIds === undefined ? [] : usableMediaKeys(state, user.id, mediaIds);
  for (const tweet of state.tweets.values()) {
    if (tweet.authorId === user.id && text && tweet.text === text) {
      throw forbidden('You are not allowed to create a Tweet with duplicate content.');
    }
  }
  const tweet = addTweet(state, {
    authorId: user.id,
    text: text ?? '',
    inReplyToTweetId: inReplyTo,
    quotedTweetId: quoted,
    mediaKeys,
  });
  state.stats.tweetsCreated += 1;
  return ok({ data: { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] } }, 201);
}

function usableMediaKeys(state: ApiContext['state'], userId: string, mediaIds: unknown): string[] {
  const ids = Array.isArray(mediaIds) ? mediaIds : [];
  const invalid = () =>
    new FakeApiError(
      400,
      invalidRequestBody([
        { message: 'Your media IDs are invalid.', parameters: { 'media.media_ids': ids.map(String) } },
      ]),
    );
  if (ids.length === 0 || ids.length > 4) throw invalid();
  return ids.map((id) => {
    const media = typeof id === 'string' ? state.media.get(id) : undefined;
    if (!media || media.ownerId !== userId || media.state !== 'succeeded' || media.expiresAt <= state.now()) {
      throw invalid();
    }
    return media.mediaKey;
  });
}
