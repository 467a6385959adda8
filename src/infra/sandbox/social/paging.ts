// Pagination the way the platform does it: `max_results` bounds per endpoint, opaque next tokens, and the
// `meta` block (result_count, newest_id/oldest_id for posts).
import { compareIds, isNumericId } from './ids.js';
import type { TweetRecord } from './model.js';
import { invalidRequest } from './problems.js';

export interface Bounds {
  min: number;
  max: number;
  default: number;
}

export const BOUNDS = {
  search: { min: 10, max: 100, default: 10 },
  timeline: { min: 5, max: 100, default: 10 },
  liked: { min: 10, max: 100, default: 100 },
  follows: { min: 1, max: 1000, default: 100 },
  standard: { min: 1, max: 100, default: 100 },
} satisfies Record<string, Bounds>;

export function readMaxResults(query: Record<string, string>, bounds: Bounds): number {
  const raw = query.max_results;
  if (raw === undefined) return bounds.default;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < bounds.min || value > bounds.max) {
    throw invalidRequest(
      `The \`max_results\` query parameter value [${raw}] is not between ${bounds.min} and ${bounds.max}`,
      'max_results',
      [raw],
    );
  }
  return value;
}

/**
 * Tokens name the last item of the previous page (hex of its id plus a checksum), not an offset, so a
 * post created between two page requests does not shift the next page.
 */
function encodeToken(key: string): string {
  return `${Buffer.from(key).toString('hex')}${checksum(key)}`;
}

function checksum(key: string): string {
  let hash = 2_166_136_261;
  for (const char of key) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16_777_619) >>> 0;
  return hash.toString(36).padStart(7, '0').slice(-7);
}

function decodeToken(token: string, parameter: string): string {
  const hex = token.slice(0, -7);
  const key = /^(?:[0-9a-f]{2})+$/.test(hex) ? Buffer.from(hex, 'hex').toString() : '';
  if (!key || checksum(key) !== token.slice(-7)) {
    throw invalidRequest(
      `The \`${parameter}\` query parameter value [${token}] is not a valid token`,
      parameter,
      [token],
    );
  }
  return key;
}

export interface Page<T> {
  items: T[];
  nextToken?: string;
  previousToken?: string;
}

/** Cursor pagination over an already ordered list of objects with ids. */
export function paginate<T extends { id: string }>(
  items: T[],
  query: Record<string, string>,
  bounds: Bounds,
  tokenParam: 'pagination_token' | 'next_token' = 'pagination_token',
): Page<T> {
  const size = readMaxResults(query, bounds);
  const token = query[tokenParam];
  const offset = token ? startAfter(items, decodeToken(token, tokenParam)) : 0;
  const slice = items.slice(offset, offset + size);
  const end = offset + slice.length;
  const last = slice[slice.length - 1];
  const before = items[offset - size - 1];
  return {
    items: slice,
    nextToken: end < items.length && last ? encodeToken(last.id) : undefined,
    previousToken:
      offset > 0 ? (before ? encodeToken(before.id) : encodeToken(`^${items[0]?.id ?? ''}`)) : undefined,
  };
}

function startAfter<T extends { id: string }>(items: T[], key: string): number {
  if (key.startsWith('^')) return 0;
  const index = items.findIndex((item) => item.id === key);
  if (index >= 0) return index + 1;
  // The anchor vanished (deleted post, unfollowed user): resume at the first older id.
  if (isNumericId(key)) {
    const next = items.findIndex((item) => isNumericId(item.id) && compareIds(item.id, key) < 0);
    return next >= 0 ? next : items.length;
  }
  return items.length;
}

/** since_id / until_id / start_time / end_time filtering for post lists. */
export function filterTweetWindow(tweets: TweetRecord[], query: Record<string, string>): TweetRecord[] {
  const sinceId = readId(query, 'since_id');
  const untilId = readId(query, 'until_id');
  const start = readTime(query, 'start_time');
  const end = readTime(query, 'end_time');
  if (start !== undefined && end !== undefined && start >= end) {
    throw invalidRequest(
      `Invalid 'end_time':'${query.end_time}'. 'end_time' must be a minimum of 10 ms after 'start_time'`,
      'end_time',
      [query.end_time ?? ''],
    );
  }
  return tweets.filter(
    (tweet) =>
      (sinceId === undefined || compareIds(tweet.id, sinceId) > 0) &&
      (untilId === undefined || compareIds(tweet.id, untilId) < 0) &&
      (start === undefined || tweet.createdAt >= start) &&
      (end === undefined || tweet.createdAt < end),
  );
}

function readId(query: Record<string, string>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (!isNumericId(value)) {
    throw invalidRequest(
      `The \`${name}\` query parameter value [${value}] does not match ^[0-9]{1,19}$`,
      name,
      [value],
    );
  }
  return value;
}

export function readTime(query: Record<string, string>, name: string): number | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) {
    throw invalidRequest(
      `Invalid '${name}':'${value}'. '${name}' must be in format YYYY-MM-DDTHH:mm:ssZ`,
      name,
      [value],
    );
  }
  return ms;
}

/** `meta` of a post list page. */
export function tweetMeta(page: Page<TweetRecord>): Record<string, unknown> {
  const meta: Record<string, unknown> = { result_count: page.items.length };
  const first = page.items[0];
  const last = page.items[page.items.length - 1];
  if (first && last) {
    meta.newest_id = first.id;
    meta.oldest_id = last.id;
  }
  if (page.nextToken) meta.next_token = page.nextToken;
  if (page.previousToken) meta.previous_token = page.previousToken;
  return meta;
}

export function listMeta<T>(page: Page<T>): Record<string, unknown> {
  const meta: Record<string, unknown> = { result_count: page.items.length };
  if (page.nextToken) meta.next_token = page.nextToken;
  if (page.previousToken) meta.previous_token = page.previousToken;
  return meta;
}
