// The platform bill as data: which price kind a call is (from its method, path and body), which resources its
// answer returned (the ids in `data`), and what it costs. Reads are charged per resource returned, at the
// owned-read rate when the path is about the account's own user id; a resource already charged in the same
// UTC day is free (the caller keeps that ledger). Writes are charged per request: a post whose text holds a
// URL the platform links pays the URL rate, a reply to a post that mentioned the account the summoned rate
// (the URL rate wins when both apply: the platform prices the link). Calls to hosts other than the API
// (media upload, ads) and endpoints the price table does not name are recorded at 0 with no kind. Pure.
import {
  APRIL_2026_PRICES,
  type ApiPrices,
  type PriceKind,
  READ_PRICE_KINDS,
  type ReadPriceKind,
} from '../../contracts/config/api-prices.js';
import { containsLinkedUrl } from './weighted-length.js';

export { APRIL_2026_PRICES, PRICE_KINDS, type PriceKind } from '../../contracts/config/api-prices.js';

/** What a read returns, for the once-a-day rule: the same id of another type is another resource. */
export type ResourceType = 'post' | 'user' | 'dm_event' | 'list';

export interface PlatformCharge {
  kind: PriceKind;
  /** Reads: what the returned ids are. */
  resource?: ResourceType;
  /** Reads: the ids in the answer's `data`. Writes: none (charged per request). */
  resourceIds: string[];
  /** A read of the account's mentions: a later reply to one of them is a summoned reply. */
  mentions?: boolean;
  /** A post create that replies to this post (`reply.in_reply_to_tweet_id`). */
  inReplyTo?: string;
}

export interface CallToPrice {
  method: string;
  /** `api`, `upload`, `legacy_upload`, `ads`: only the API host is priced. */
  host: string;
  /** The path as sent (placeholders filled), e.g. `/2/users/42/tweets`. */
  path: string;
  /** The JSON body sent, if any. */
  body?: unknown;
  /** The parsed answer. */
  answer?: unknown;
  /** The signed-in account's user id, when known. */
  ownUserId?: string;
}

type ReadRule = {
  method: 'GET';
  pattern: string;
  resource: ResourceType;
  /** The kind when the path's `{id}` is someone else's (undefined: not priced). */
  kind?: ReadPriceKind;
  /** Reading this path for the account's own id is an owned read. */
  owned?: boolean;
  mentions?: boolean;
};
type WriteRule = { method: 'POST' | 'PUT' | 'DELETE'; pattern: string; kind: PriceKind };

/** The read endpoints the price table names, most specific first. `{id}` is a user id where `owned`. */
const READ_RULES: readonly ReadRule[] = [
  { method: 'GET', pattern: '/2/users/me', resource: 'user', owned: true },
  {
    method: 'GET',
    pattern: '/2/users/{id}/mentions',
    resource: 'post',
    kind: 'post_read',
    owned: true,
    mentions: true,
  },
  { method: 'GET', pattern: '/2/users/{id}/tweets', resource: 'post', kind: 'post_read', owned: true },
  {
    method: 'GET',
    pattern: '/2/users/{id}/liked_tweets',
    resource: 'post',
    kind: 'interaction_read',
    owned: true,
  },
  { method: 'GET', pattern: '/2/users/{id}/bookmarks', resource: 'post', kind: 'post_read', owned: true },
  { method: 'GET', pattern: '/2/users/{id}/followers', resource: 'user', kind: 'follow_read', owned: true },
  { method: 'GET', pattern: '/2/users/{id}/following', resource: 'user', kind: 'follow_read', owned: true },
  {
    method: 'GET',
    pattern: '/2/users/{id}/blocking',
    resource: 'user',
    kind: 'interaction_read',
    owned: true,
  },
  { method: 'GET', pattern: '/2/users/{id}/muting', resource: 'user', kind: 'interaction_read', owned: true },
  { method: 'GET', pattern: '/2/users/{id}/owned_lists', resource: 'list', owned: true },
  { method: 'GET', pattern: '/2/users/{id}/followed_lists', resource: 'list', owned: true },
  { method: 'GET', pattern: '/2/users/{id}/list_memberships', resource: 'list', owned: true },
  { method: 'GET', pattern: '/2/users/{id}/pinned_lists', resource: 'list', owned: true },
  { method: 'GET', pattern: '/2/users/{id}/pinned_tweet', resource: 'post', kind: 'post_read' },
  {
    method: 'GET',
    pattern: '/2/users/{id}/timelines/reverse_chronological',
    resource: 'post',
    kind: 'post_read',
  },
  { method: 'GET', pattern: '/2/users/by/username/{username}', resource: 'user', kind: 'user_read' },
  { method: 'GET', pattern: '/2/users/{id}', resource: 'user', kind: 'user_read' },
  { method: 'GET', pattern: '/2/users', resource: 'user', kind: 'user_read' },
  { method: 'GET', pattern: '/2/tweets/{id}/liking_users', resource: 'user', kind: 'interaction_read' },
  { method: 'GET', pattern: '/2/tweets/{id}/retweeted_by', resource: 'user', kind: 'interaction_read' },
  { method: 'GET', pattern: '/2/tweets/{id}/quote_tweets', resource: 'post', kind: 'post_read' },
  { method: 'GET', pattern: '/2/tweets/search/recent', resource: 'post', kind: 'post_read' },
  { method: 'GET', pattern: '/2/tweets/search/all', resource: 'post', kind: 'post_read' },
  { method: 'GET', pattern: '/2/tweets/{id}', resource: 'post', kind: 'post_read' },
  { method: 'GET', pattern: '/2/tweets', resource: 'post', kind: 'post_read' },
  { method: 'GET', pattern: '/2/dm_events', resource: 'dm_event', kind: 'dm_event_read' },
  { method: 'GET', pattern: '/2/dm_events/{id}', resource: 'dm_event', kind: 'dm_event_read' },
  {
    method: 'GET',
    pattern: '/2/dm_conversations/{id}/dm_events',
    resource: 'dm_event',
    kind: 'dm_event_read',
  },
  {
    method: 'GET',
    pattern: '/2/dm_conversations/with/{participant}/dm_events',
    resource: 'dm_event',
    kind: 'dm_event_read',
  },
  { method: 'GET', pattern: '/2/lists/{id}/tweets', resource: 'post', kind: 'post_read' },
  { method: 'GET', pattern: '/2/lists/{id}/members', resource: 'user', kind: 'user_read' },
  { method: 'GET', pattern: '/2/lists/{id}/followers', resource: 'user', kind: 'user_read' },
];

const WRITE_RULES: readonly WriteRule[] = [
  { method: 'POST', pattern: '/2/tweets', kind: 'post_create' },
  { method: 'POST', pattern: '/2/dm_conversations', kind: 'dm_create' },
  { method: 'POST', pattern: '/2/dm_conversations/{id}/messages', kind: 'dm_create' },
  { method: 'POST', pattern: '/2/dm_conversations/with/{participant}/messages', kind: 'dm_create' },
  { method: 'POST', pattern: '/2/users/{id}/likes', kind: 'user_interaction' },
  { method: 'POST', pattern: '/2/users/{id}/retweets', kind: 'user_interaction' },
  { method: 'POST', pattern: '/2/users/{id}/following', kind: 'user_interaction' },
  { method: 'POST', pattern: '/2/users/{id}/bookmarks', kind: 'user_interaction' },
];

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The `{name}` values of `path` when it has the pattern's shape, else undefined. */
function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const [w, g] = [want[i] ?? '', got[i] ?? ''];
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return undefined;
      params[w.slice(1, -1)] = safeDecode(g);
    } else if (w !== g) return undefined;
  }
  return params;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids of the resources an answer returned: each item of a `data` list, or a single `data` object. */
export function resourceIdsOf(answer: unknown): string[] {
  const data = isObject(answer) ? answer.data : undefined;
  const items = Array.isArray(data) ? data : data === undefined ? [] : [data];
  const ids = items.flatMap((item) => (isObject(item) && typeof item.id === 'string' ? [item.id] : []));
  return [...new Set(ids)];
}

export const isReadKind = (kind: PriceKind): kind is ReadPriceKind =>
  (READ_PRICE_KINDS as readonly string[]).includes(kind);

/** What the call is on the bill, or undefined when the price table does not name it (recorded at 0). */
export function classifyPlatformCall(call: CallToPrice): PlatformCharge | undefined {
  if (call.host !== 'api') return undefined;
  const method = call.method.toUpperCase();
  if (method === 'GET') {
    for (const rule of READ_RULES) {
      const params = match(rule.pattern, call.path);
      if (!params) continue;
      const owned =
        rule.owned === true &&
        (rule.pattern === '/2/users/me' || (call.ownUserId !== undefined && params.id === call.ownUserId));
      const kind = owned ? 'owned_read' : rule.kind;
      if (!kind) return undefined;
      return {
        kind,
        resource: rule.resource,
        resourceIds: resourceIdsOf(call.answer),
        ...(rule.mentions && owned ? { mentions: true } : {}),
      };
    }
    return undefined;
  }
  // Every delete on the API host (a post, or undoing a like, repost, follow, bookmark) is a delete.
  if (method === 'DELETE') return { kind: 'delete', resourceIds: [] };
  const rule = WRITE_RULES.find((r) => r.method === method && match(r.pattern, call.path));
  if (!rule) return undefined;
  if (rule.kind !== 'post_create') return { kind: rule.kind, resourceIds: [] };
  const body = isObject(call.body) ? call.body : {};
  const text = typeof body.text === 'string' ? body.text : '';
  if (postCreateKind(text) === 'post_create_with_link')
    return { kind: 'post_create_with_link', resourceIds: [] };
  const reply = isObject(body.reply) ? body.reply.in_reply_to_tweet_id : undefined;
  return { kind: 'post_create', resourceIds: [], ...(typeof reply === 'string' ? { inReplyTo: reply } : {}) };
}

/**
 * The price kind of creating a post with this text: the URL rate when the platform would link a URL in it.
 * The one rule the bill (classifyPlatformCall) and the composer's cost line (postCost) share.
 */
export function postCreateKind(text: string): 'post_create' | 'post_create_with_link' {
  return containsLinkedUrl(text) ? 'post_create_with_link' : 'post_create';
}

export interface PostCost {
  /** What sending all the posts costs (a thread: each card is a post). */
  usd: number;
  posts: number;
  /** Posts whose text holds a URL the platform links (each at the URL rate). */
  withLink: number;
  /** The URL rate (what each linked post costs). */
  linkUsd: number;
}

/**
 * What creating these posts costs at these prices, before they are sent: the composer shows it. (A reply to a
 * post that mentioned the account may cost less, the summoned rate; the composer does not know that, so the
 * figure is the plain post price, never less than the bill.)
 */
export function postCost(
  texts: readonly string[],
  prices: Readonly<Pick<ApiPrices, 'post_create' | 'post_create_with_link'>>,
): PostCost {
  const kinds = texts.map(postCreateKind);
  const withLink = kinds.filter((kind) => kind === 'post_create_with_link').length;
  return {
    usd: roundUsd(kinds.reduce((sum, kind) => sum + prices[kind], 0)),
    posts: texts.length,
    withLink,
    linkUsd: prices.post_create_with_link,
  };
}

/** A plain post create that answers a post which mentioned the account is priced as a summoned reply. */
export function withSummons(charge: PlatformCharge, replyToMention: boolean): PlatformCharge {
  return charge.kind === 'post_create' && charge.inReplyTo && replyToMention
    ? { ...charge, kind: 'summoned_reply' }
    : charge;
}

/** Dollars rounded to a millionth: exact for these prices, no float noise in sums. */
export const roundUsd = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * What one call costs: a read the price of its kind for each resource not yet charged today (`charged`,
 * counted by the caller's ledger), a write the price of its kind once.
 */
export function callCost(prices: Readonly<ApiPrices>, kind: PriceKind, charged: number): number {
  const price = prices[kind] ?? APRIL_2026_PRICES[kind];
  return roundUsd(isReadKind(kind) ? price * charged : price);
}

/** The UTC calendar day of an instant, `YYYY-MM-DD`: the platform's day for the once-a-day rule. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
