// Turns the web app's GraphQL objects (users, posts) into the contract's API v2 shapes.
// Validated here because the web API is undocumented and changes without notice: a wrong shape is an error.
import { z } from 'zod';
import type { Tweet, User } from '../../../contracts/social.js';

/** The answer does not have the shape the web app is known to send; the client reports it as malformed. */
export class ShapeError extends Error {}

const Count = z.number().int().nonnegative();

const WebUserSchema = z.looseObject({
  __typename: z.literal('User').optional(),
  rest_id: z.string().regex(/^\d+$/),
  legacy: z.looseObject({
    screen_name: z.string().min(1).optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    location: z.string().optional(),
    url: z.string().nullish(),
    created_at: z.string().optional(),
    followers_count: Count,
    friends_count: Count,
    statuses_count: Count,
    listed_count: Count.optional(),
    favourites_count: Count.optional(),
    profile_image_url_https: z.string().optional(),
    protected: z.boolean().nullish(),
    verified: z.boolean().optional(),
    entities: z
      .looseObject({
        url: z
          .looseObject({ urls: z.array(z.looseObject({ expanded_url: z.string().optional() })) })
          .optional(),
      })
      .optional(),
  }),
  // Newer web-app builds moved a few profile fields out of `legacy`.
  core: z
    .looseObject({
      screen_name: z.string().min(1).optional(),
      name: z.string().optional(),
      created_at: z.string().optional(),
    })
    .optional(),
  avatar: z.looseObject({ image_url: z.string().optional() }).optional(),
});

const WebTweetSchema = z.looseObject({
  __typename: z.literal('Tweet').optional(),
  rest_id: z.string().regex(/^\d+$/),
  legacy: z.looseObject({
    full_text: z.string(),
    created_at: z.string(),
    conversation_id_str: z.string().optional(),
    in_reply_to_status_id_str: z.string().nullish(),
    in_reply_to_user_id_str: z.string().nullish(),
    quoted_status_id_str: z.string().nullish(),
    retweeted_status_result: z.looseObject({ result: z.unknown() }).optional(),
    retweet_count: Count,
    reply_count: Count,
    favorite_count: Count,
    quote_count: Count.optional(),
    bookmark_count: Count.optional(),
    user_id_str: z.string().optional(),
  }),
  views: z.looseObject({ count: z.string().regex(/^\d+$/).optional() }).optional(),
  core: z.looseObject({ user_results: z.looseObject({ result: z.unknown() }) }).optional(),
  // Posts longer than 280 characters carry their full text here; `full_text` is cut.
  note_tweet: z
    .looseObject({ note_tweet_results: z.looseObject({ result: z.looseObject({ text: z.string() }) }) })
    .optional(),
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEB_DATE = /^\w{3} (\w{3}) (\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2}) (\d{4})$/;

/** `Wed Oct 10 20:19:24 +0000 2018` → `2018-10-10T20:19:24.000Z`; undefined when it is not that format. */
export function webDateToIso(text: string): string | undefined {
  const match = WEB_DATE.exec(text);
  if (!match) return undefined;
  const [, mon, day, hh, mm, ss, sign, offH, offM, year] = match;
  const month = MONTHS.indexOf(mon ?? '');
  if (month < 0) return undefined;
  const utc = Date.UTC(Number(year), month, Number(day), Number(hh), Number(mm), Number(ss));
  const offset = (sign === '-' ? -1 : 1) * (Number(offH) * 60 + Number(offM)) * 60_000;
  const date = new Date(utc - offset);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ShapeError(`${what}: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function isoDate(text: string | undefined, what: string): string | undefined {
  if (text === undefined) return undefined;
  const iso = webDateToIso(text);
  if (iso === undefined) throw new ShapeError(`${what}: created_at '${text}' is not a web date`);
  return iso;
}

/** A `user_results.result`: the user, or undefined when the platform says it is unavailable or absent. */
export function mapUser(result: unknown): User | undefined {
  if (result === undefined || result === null) return undefined;
  if (!isObject(result)) throw new ShapeError('user result is not an object');
  if (Object.keys(result).length === 0 || result.__typename === 'UserUnavailable') return undefined;
  const web = parse(WebUserSchema, result, 'user');
  const { legacy } = web;
  const username = legacy.screen_name ?? web.core?.screen_name;
  if (username === undefined) throw new ShapeError('user: no screen_name');
  const url = legacy.entities?.url?.urls[0]?.expanded_url ?? legacy.url ?? undefined;
  const image = legacy.profile_image_url_https ?? web.avatar?.image_url;
  return {
    id: web.rest_id,
    username,
    name: legacy.name ?? web.core?.name ?? '',
    created_at: isoDate(legacy.created_at ?? web.core?.created_at, 'user'),
    description: legacy.description ?? '',
    location: legacy.location ?? '',
    ...(url ? { url } : {}),
    ...(image ? { profile_image_url: image } : {}),
    protected: legacy.protected ?? false,
    verified: legacy.verified ?? false,
    public_metrics: {
      followers_count: legacy.followers_count,
      following_count: legacy.friends_count,
      tweet_count: legacy.statuses_count,
      listed_count: legacy.listed_count ?? 0,
      like_count: legacy.favourites_count ?? 0,
    },
  };
}

/** Unwraps visibility wrappers; undefined for tombstones (deleted, withheld) and empty results. */
export function unwrapTweetResult(result: unknown): Record<string, unknown> | undefined {
  if (result === undefined || result === null) return undefined;
  if (!isObject(result)) throw new ShapeError('tweet result is not an object');
  if (Object.keys(result).length === 0) return undefined;
  switch (result.__typename) {
    case 'TweetWithVisibilityResults':
      return unwrapTweetResult(result.tweet);
    case 'TweetTombstone':
    case 'TweetUnavailable':
      return undefined;
    default:
      return result;
  }
}

export interface MappedTweet {
  tweet: Tweet;
  /** The author as embedded in the post, for `includes.users`. */
  author?: User;
}

/** A `tweet_results.result`: the post and its embedded author, or undefined when it is gone. */
export function mapTweet(result: unknown): MappedTweet | undefined {
  const raw = unwrapTweetResult(result);
  if (!raw) return undefined;
  const web = parse(WebTweetSchema, raw, 'tweet');
  const { legacy } = web;
  const author = mapUser(web.core?.user_results.result);
  const references: NonNullable<Tweet['referenced_tweets']> = [];
  if (legacy.in_reply_to_status_id_str)
    references.push({ type: 'replied_to', id: legacy.in_reply_to_status_id_str });
  if (legacy.quoted_status_id_str) references.push({ type: 'quoted', id: legacy.quoted_status_id_str });
  const retweeted = unwrapTweetResult(legacy.retweeted_status_result?.result)?.rest_id;
  if (typeof retweeted === 'string') references.push({ type: 'retweeted', id: retweeted });
  const authorId = author?.id ?? legacy.user_id_str;
  const views = web.views?.count;
  const tweet: Tweet = {
    id: web.rest_id,
    text: web.note_tweet?.note_tweet_results.result.text ?? legacy.full_text,
    ...(authorId ? { author_id: authorId } : {}),
    created_at: isoDate(legacy.created_at, 'tweet'),
    conversation_id: legacy.conversation_id_str ?? web.rest_id,
    ...(legacy.in_reply_to_user_id_str ? { in_reply_to_user_id: legacy.in_reply_to_user_id_str } : {}),
    ...(references.length > 0 ? { referenced_tweets: references } : {}),
    public_metrics: {
      retweet_count: legacy.retweet_count,
      reply_count: legacy.reply_count,
      like_count: legacy.favorite_count,
      quote_count: legacy.quote_count ?? 0,
      ...(views === undefined ? {} : { impression_count: Number(views) }),
      bookmark_count: legacy.bookmark_count ?? 0,
    },
  };
  return { tweet, ...(author ? { author } : {}) };
}

/** Follows `path` through nested objects; `missingAt` is how many steps succeeded when one is absent. */
export function walk(root: unknown, path: readonly string[]): { value: unknown; missingAt?: number } {
  let value = root;
  for (const [index, key] of path.entries()) {
    if (!isObject(value) || value[key] === undefined || value[key] === null)
      return { value: undefined, missingAt: index };
    value = value[key];
  }
  return { value };
}
