// The scraper backend's writes: blocked unless `scraper_allow_mutations`, signed in with the browser
// session, sent once (never retried), answers checked and returned in the official client's shapes.
import type { CreatedTweet, PostTweetInput } from '../../../contracts/social.js';
import { isAppError } from '../../../core/errors.js';
import { decode, graphqlData } from './graphql-answer.js';
import { isObject, ShapeError, walk } from './graphql-mapping.js';
import { checkId, type GraphqlOperation } from './graphql-operations.js';
import { mutationBlocked } from './scraper-capabilities.js';
import type { ScraperHttp, ScraperResponse } from './scraper-http.js';

export interface ScraperWritesOptions {
  allowMutations: boolean;
  http: ScraperHttp;
  graphql: (operation: GraphqlOperation, variables: Record<string, unknown>) => Promise<ScraperResponse>;
}

/** Web error codes that mean the write had already happened: the outcome the caller wanted. */
const ALREADY = { liked: 139, retweeted: 327 } as const;

export class ScraperWrites {
  constructor(private readonly options: ScraperWritesOptions) {}

  private guard(method: string): void {
    if (!this.options.allowMutations) throw mutationBlocked(method);
  }

  /** Sends a GraphQL mutation and hands `data` to `read`; `already` turns "already done" into success. */
  private async mutate<T>(
    operation: GraphqlOperation,
    variables: Record<string, unknown>,
    read: (data: Record<string, unknown>) => T,
    already?: { code: number; result: T },
  ): Promise<T> {
    const answer = await this.options.graphql(operation, variables);
    try {
      return decode(answer, (json) => read(graphqlData(json, answer.what)));
    } catch (error) {
      if (already && isAppError(error) && firstCode(error.details) === already.code) return already.result;
      throw error;
    }
  }

  async postTweet(input: PostTweetInput): Promise<CreatedTweet> {
    this.guard('postTweet');
    if (input.inReplyToId) checkId(input.inReplyToId, 'in_reply_to id');
    if (input.quoteTweetId) checkId(input.quoteTweetId, 'quoted post id');
    const variables = {
      tweet_text: input.text,
      dark_request: false,
      ...(input.inReplyToId
        ? { reply: { in_reply_to_tweet_id: input.inReplyToId, exclude_reply_user_ids: [] } }
        : {}),
      ...(input.quoteTweetId ? { attachment_url: `https://x.com/i/status/${input.quoteTweetId}` } : {}),
      media: {
        media_entities: (input.mediaIds ?? []).map((id) => ({ media_id: id, tagged_users: [] })),
        possibly_sensitive: false,
      },
      semantic_annotation_ids: [],
    };
    return this.mutate('CreateTweet', variables, (data) => {
      const result = walk(data, ['create_tweet', 'tweet_results', 'result']).value;
      const id = isObject(result) ? result.rest_id : undefined;
      if (typeof id !== 'string' || id === '')
        throw new ShapeError('no create_tweet.tweet_results.result.rest_id');
      const text = walk(result, ['legacy', 'full_text']).value;
      return { id, text: typeof text === 'string' ? text : input.text };
    });
  }

  async deleteTweet(id: string): Promise<{ deleted: boolean }> {
    this.guard('deleteTweet');
    return this.mutate('DeleteTweet', { tweet_id: checkId(id, 'post id'), dark_request: false }, (data) => {
      if (!isObject(data.delete_tweet)) throw new ShapeError('no delete_tweet');
      return { deleted: true };
    });
  }

  async like(tweetId: string): Promise<{ liked: boolean }> {
    this.guard('like');
    const variables = { tweet_id: checkId(tweetId, 'post id') };
    const read = (data: Record<string, unknown>) => done(data, 'favorite_tweet', { liked: true });
    return this.mutate('FavoriteTweet', variables, read, { code: ALREADY.liked, result: { liked: true } });
  }

  async unlike(tweetId: string): Promise<{ liked: boolean }> {
    this.guard('unlike');
    const variables = { tweet_id: checkId(tweetId, 'post id') };
    return this.mutate('UnfavoriteTweet', variables, (data) =>
      done(data, 'unfavorite_tweet', { liked: false }),
    );
  }

  async retweet(tweetId: string): Promise<{ retweeted: boolean }> {
    this.guard('retweet');
    const variables = { tweet_id: checkId(tweetId, 'post id'), dark_request: false };
    const read = (data: Record<string, unknown>) => {
      const id = walk(data, ['create_retweet', 'retweet_results', 'result', 'rest_id']).value;
      if (typeof id !== 'string') throw new ShapeError('no create_retweet.retweet_results.result.rest_id');
      return { retweeted: true };
    };
    return this.mutate('CreateRetweet', variables, read, {
      code: ALREADY.retweeted,
      result: { retweeted: true },
    });
  }

  async unretweet(tweetId: string): Promise<{ retweeted: boolean }> {
    this.guard('unretweet');
    const variables = { source_tweet_id: checkId(tweetId, 'post id'), dark_request: false };
    return this.mutate('DeleteRetweet', variables, (data) => {
      if (!isObject(data.unretweet)) throw new ShapeError('no unretweet');
      return { retweeted: false };
    });
  }

  async bookmark(tweetId: string): Promise<{ bookmarked: boolean }> {
    this.guard('bookmark');
    const variables = { tweet_id: checkId(tweetId, 'post id') };
    return this.mutate('CreateBookmark', variables, (data) =>
      done(data, 'tweet_bookmark_put', { bookmarked: true }),
    );
  }

  async unbookmark(tweetId: string): Promise<{ bookmarked: boolean }> {
    this.guard('unbookmark');
    const variables = { tweet_id: checkId(tweetId, 'post id') };
    return this.mutate('DeleteBookmark', variables, (data) =>
      done(data, 'tweet_bookmark_delete', { bookmarked: false }),
    );
  }

  async follow(targetUserId: string): Promise<{ following: boolean; pending_follow?: boolean }> {
    this.guard('follow');
    const answer = await this.friendship('create', checkId(targetUserId, 'user id'));
    return decode(answer, (json) => {
      // A protected account turns the follow into a request the owner has to accept.
      const pending = isObject(json) && json.follow_request_sent === true;
      return { following: !pending, pending_follow: pending };
    });
  }

  async unfollow(targetUserId: string): Promise<{ following: boolean }> {
    this.guard('unfollow');
    const answer = await this.friendship('destroy', checkId(targetUserId, 'user id'));
    return decode(answer, () => ({ following: false }));
  }

  /** The web app still follows through the v1.1 form endpoints; the answer is the target user. */
  private async friendship(action: 'create' | 'destroy', userId: string): Promise<ScraperResponse> {
    const path = `/1.1/friendships/${action}.json`;
    const answer = await this.options.http.send({
      method: 'POST',
      path,
      endpoint: path,
      form: { user_id: userId, include_profile_interstitial_type: '1', skip_status: 'true' },
      requireSession: true,
    });
    return decode(answer, (json) => {
      if (!isObject(json) || typeof json.id_str !== 'string')
        throw new ShapeError('no id_str of the target user');
      return answer;
    });
  }
}

/** Engagement mutations answer `{data: {<key>: "Done"}}`. */
function done<T>(data: Record<string, unknown>, key: string, result: T): T {
  if (data[key] !== 'Done') throw new ShapeError(`${key} is not "Done"`);
  return result;
}

function firstCode(details: unknown): number | undefined {
  const errors = isObject(details) && Array.isArray(details.errors) ? details.errors : [];
  const code = isObject(errors[0]) ? Number(errors[0].code) : Number.NaN;
  return Number.isNaN(code) ? undefined : code;
}
