// Parsing of `tweet.fields`, `user.fields`, `expansions` and friends, validated against the platform's
// allowed values so a client typo fails here the way it would against the real API.
import { invalidRequest } from './problems.js';

export const TWEET_FIELDS = [
  'article',
  'attachments',
  'author_id',
  'card_uri',
  'community_id',
  'context_annotations',
  'conversation_id',
  'created_at',
  'display_text_range',
  'edit_controls',
  'edit_history_tweet_ids',
  'entities',
  'geo',
  'id',
  'in_reply_to_user_id',
  'lang',
  'media_metadata',
  'non_public_metrics',
  'note_tweet',
  'organic_metrics',
  'possibly_sensitive',
  'promoted_metrics',
  'public_metrics',
  'referenced_tweets',
  'reply_settings',
  'scopes',
  'source',
  'text',
  'withheld',
];

export const USER_FIELDS = [
  'affiliation',
  'connection_status',
  'created_at',
  'description',
  'entities',
  'id',
  'is_identity_verified',
  'location',
  'most_recent_tweet_id',
  'name',
  'parody',
  'pinned_tweet_id',
  'profile_banner_url',
  'profile_image_url',
  'protected',
  'public_metrics',
  'receives_your_dm',
  'subscription',
  'subscription_type',
  'url',
  'username',
  'verified',
  'verified_followers_count',
  'verified_type',
  'withheld',
];

export const TWEET_EXPANSIONS = [
  'article.cover_media',
  'article.media_entities',
  'attachments.media_keys',
  'attachments.media_source_tweet',
  'attachments.poll_ids',
  'author_id',
  'edit_history_tweet_ids',
  'entities.mentions.username',
  'geo.place_id',
  'in_reply_to_user_id',
  'entities.note.mentions.username',
  'referenced_tweets.id',
  'referenced_tweets.id.attachments.media_keys',
  'referenced_tweets.id.author_id',
];

export const USER_EXPANSIONS = ['affiliation.user_id', 'most_recent_tweet_id', 'pinned_tweet_id'];

export type PrimaryResource = 'tweet' | 'user' | 'other';

export interface FieldSelection {
  tweet: Set<string>;
  user: Set<string>;
  media: Set<string>;
  list: Set<string>;
  space: Set<string>;
  dmEvent: Set<string>;
  expansions: Set<string>;
}

export function parseFields(query: Record<string, string>, primary: PrimaryResource): FieldSelection {
  const expansionsAllowed =
    primary === 'tweet' ? TWEET_EXPANSIONS : primary === 'user' ? USER_EXPANSIONS : null;
  return {
    tweet: readList(query, 'tweet.fields', TWEET_FIELDS),
    user: readList(query, 'user.fields', USER_FIELDS),
    media: readList(query, 'media.fields', null),
    list: readList(query, 'list.fields', null),
    space: readList(query, 'space.fields', null),
    dmEvent: readList(query, 'dm_event.fields', null),
    expansions: readList(query, 'expansions', expansionsAllowed),
  };
}

function readList(
  query: Record<string, string>,
  name: string,
  allowed: readonly string[] | null,
): Set<string> {
  const raw = query[name];
  if (raw === undefined) return new Set();
  const values = raw.split(',').map((value) => value.trim());
  if (allowed) {
    for (const value of values) {
      if (!allowed.includes(value)) {
        throw invalidRequest(
          `The \`${name}\` query parameter value [${value}] is not one of [${allowed.join(',')}]`,
          name,
          [value],
        );
      }
    }
  }
  return new Set(values.filter((value) => value.length > 0));
}
