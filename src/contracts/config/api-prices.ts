// [api_prices]: what the platform charges per call, kept as data because prices change. The defaults are the
// platform's pay-per-use prices of April 2026; src/core/domain/platform-prices.ts classifies each call into
// one of these kinds and computes its cost (reads per resource returned, writes per request).
import { z } from 'zod';

/** Charged per resource returned (a resource charged once is free again within the same UTC day). */
export const READ_PRICE_KINDS = [
  'post_read',
  'user_read',
  'dm_event_read',
  'follow_read',
  'interaction_read',
  'owned_read',
] as const;
/** Charged per request. */
export const WRITE_PRICE_KINDS = [
  'post_create',
  'post_create_with_link',
  'summoned_reply',
  'dm_create',
  'user_interaction',
  'delete',
] as const;
export const PRICE_KINDS = [...READ_PRICE_KINDS, ...WRITE_PRICE_KINDS] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export type ReadPriceKind = (typeof READ_PRICE_KINDS)[number];

/** The platform's pricing page, April 2026, in US dollars. */
export const APRIL_2026_PRICES: Readonly<Record<PriceKind, number>> = {
  post_read: 0.005,
  user_read: 0.01,
  dm_event_read: 0.01,
  follow_read: 0.01,
  interaction_read: 0.001,
  owned_read: 0.001,
  post_create: 0.015,
  post_create_with_link: 0.2,
  summoned_reply: 0.01,
  dm_create: 0.015,
  user_interaction: 0.015,
  delete: 0.01,
};

const WHAT: Record<PriceKind, string> = {
  post_read: 'Per post returned by a read (search, a post, a timeline, quotes).',
  user_read: 'Per user returned by a read (a user, users by id or name, list members).',
  dm_event_read: 'Per direct-message event returned.',
  follow_read: "Per user returned by another account's followers or following.",
  interaction_read: 'Per resource returned by a like, repost, mute or block read (liking users, reposters).',
  owned_read:
    "Per resource of the account's own data (its posts, mentions, liked posts, bookmarks, followers, following, blocking, muting, lists, its profile).",
  post_create: 'Per post created.',
  post_create_with_link: 'Per post created whose text holds a URL the platform links.',
  summoned_reply: 'Per reply to a post that mentioned the account (a mention the mentions read returned).',
  dm_create: 'Per direct message sent.',
  user_interaction: 'Per like, repost, follow or bookmark.',
  delete: 'Per delete (a post, or undoing a like, repost, follow or bookmark).',
};

const price = (kind: PriceKind) =>
  z
    .number({ error: 'a price is a number of US dollars' })
    .nonnegative('a price cannot be negative')
    .default(APRIL_2026_PRICES[kind])
    .describe(`${WHAT[kind]} US dollars.`);

export const ApiPricesSchema = z.object(
  Object.fromEntries(PRICE_KINDS.map((kind) => [kind, price(kind)])) as {
    [K in PriceKind]: ReturnType<typeof price>;
  },
);
export type ApiPrices = z.infer<typeof ApiPricesSchema>;
