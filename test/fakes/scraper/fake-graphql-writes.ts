// The fake web API's writes: GraphQL mutations and the v1.1 friendship form endpoints, acting as the
// signed-in session's user and answering like the web app (errors as HTTP 200 with `errors`).
import type { FakeAnswer } from './fake-graphql-reads.js';
import type { FakeScraperState } from './fake-scraper-state.js';

type Variables = Record<string, unknown>;

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });
/** GraphQL mutations fail with HTTP 200, an `errors` list and empty data. */
const failed = (code: number, message: string): FakeAnswer => ({
  status: 200,
  body: {
    errors: [{ message: `${message} (${code})`, code, kind: 'Permissions', name: 'AuthorizationError' }],
    data: {},
  },
});
const notFound = () => failed(144, 'Authorization: No status found with that ID.');

/** Answers one mutation as `userId`; undefined when the operation is not a mutation the fake knows. */
export function answerMutation(
  state: FakeScraperState,
  operation: string,
  variables: Variables,
  userId: string,
): FakeAnswer | undefined {
  const str = (name: string) => (typeof variables[name] === 'string' ? (variables[name] as string) : '');
  const live = (id: string) => {
    const post = state.posts.get(id);
    return post && !post.deleted ? post : undefined;
  };
  const setOf = (map: Map<string, Set<string>>, id: string) => {
    const set = map.get(id) ?? new Set<string>();
    map.set(id, set);
    return set;
  };

  switch (operation) {
    case 'CreateTweet': {
      const text = str('tweet_text');
      if (text.trim() === '') return failed(170, 'Missing required parameter: status.');
      if ([...text].length > 280) return failed(186, 'Authorization: Tweet needs to be a bit shorter.');
      if (state.timeline((p) => p.author_id === userId && p.text === text).length > 0) {
        return failed(187, 'Authorization: Status is a duplicate.');
      }
      const reply = variables.reply as { in_reply_to_tweet_id?: string } | undefined;
      const parent = reply?.in_reply_to_tweet_id ? live(reply.in_reply_to_tweet_id) : undefined;
      if (reply && !parent) return notFound();
      const quotedId = /\/status\/(\d+)$/.exec(str('attachment_url'))?.[1];
      if (str('attachment_url') !== '' && (!quotedId || !live(quotedId))) return notFound();
      const post = state.addPost({
        id: state.newId(),
        text,
        author_id: userId,
        ...(parent ? { in_reply_to_status_id: parent.id, in_reply_to_user_id: parent.author_id } : {}),
        ...(quotedId ? { quoted_status_id: quotedId } : {}),
      });
      return ok({ create_tweet: { tweet_results: { result: state.renderPost(post) } } });
    }
    case 'DeleteTweet': {
      const post = live(str('tweet_id'));
      if (!post || post.author_id !== userId) return notFound();
      post.deleted = true;
      return ok({ delete_tweet: { tweet_results: {} } });
    }
    case 'FavoriteTweet': {
      const post = live(str('tweet_id'));
      if (!post) return notFound();
      const likers = state.likes.get(post.id) ?? [];
      if (likers.includes(userId)) return failed(139, 'Authorization: You have already favorited this post.');
      state.likes.set(post.id, [...likers, userId]);
      return ok({ favorite_tweet: 'Done' });
    }
    case 'UnfavoriteTweet': {
      const likers = state.likes.get(str('tweet_id')) ?? [];
      state.likes.set(
        str('tweet_id'),
        likers.filter((id) => id !== userId),
      );
      return ok({ unfavorite_tweet: 'Done' });
    }
    case 'CreateRetweet': {
      const post = live(str('tweet_id'));
      if (!post) return notFound();
      const retweeters = setOf(state.retweets, post.id);
      if (retweeters.has(userId)) return failed(327, 'You have already retweeted this Tweet.');
      retweeters.add(userId);
      const author = state.users.get(post.author_id)?.screen_name ?? 'unknown';
      const result = { rest_id: state.newId(), legacy: { full_text: `RT @${author}: ${post.text}` } };
      return ok({ create_retweet: { retweet_results: { result } } });
    }
    case 'DeleteRetweet': {
      const post = live(str('source_tweet_id'));
      if (!post) return notFound();
      setOf(state.retweets, post.id).delete(userId);
      return ok({
        unretweet: {
          source_tweet_results: { result: { rest_id: post.id, legacy: { full_text: post.text } } },
        },
      });
    }
    case 'CreateBookmark': {
      const post = live(str('tweet_id'));
      if (!post) return notFound();
      setOf(state.bookmarks, post.id).add(userId);
      return ok({ tweet_bookmark_put: 'Done' });
    }
    case 'DeleteBookmark': {
      setOf(state.bookmarks, str('tweet_id')).delete(userId);
      return ok({ tweet_bookmark_delete: 'Done' });
    }
    default:
      return undefined;
  }
}

/** `POST /1.1/friendships/{create,destroy}.json`: the v1.1 user object of the target. */
export function answerFriendship(
  state: FakeScraperState,
  action: 'create' | 'destroy',
  targetId: string,
  userId: string,
): FakeAnswer {
  const target = state.users.get(targetId);
  if (!target || target.suspended)
    return { status: 404, body: { errors: [{ code: 50, message: 'User not found.' }] } };
  const key = `${userId}>${target.id}`;
  let pending = false;
  if (action === 'create' && target.protected && !state.follows.has(key)) {
    state.followRequests.add(key);
    pending = true;
  } else if (action === 'create') {
    state.follows.add(key);
  } else {
    state.follows.delete(key);
    state.followRequests.delete(key);
  }
  return {
    status: 200,
    body: {
      id_str: target.id,
      screen_name: target.screen_name,
      name: target.name,
      protected: target.protected,
      following: action === 'create' && !pending,
      follow_request_sent: pending,
    },
  };
}
