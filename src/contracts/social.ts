// Platform objects as the API v2 returns them (posts, users, pages) and the provider capability object.
// Loose objects: the platform adds fields over time; we validate what we use and keep the rest.
import { z } from 'zod';

export const PostMetricsSchema = z.looseObject({
  retweet_count: z.number().int().nonnegative(),
  reply_count: z.number().int().nonnegative(),
  like_count: z.number().int().nonnegative(),
  quote_count: z.number().int().nonnegative().optional(),
  impression_count: z.number().int().nonnegative().optional(),
  bookmark_count: z.number().int().nonnegative().optional(),
});

export const ReferencedPostSchema = z.object({
  type: z.enum(['replied_to', 'quoted', 'retweeted']),
  id: z.string(),
});

/** A post ("tweet"). */
export const TweetSchema = z.looseObject({
  id: z.string().min(1),
  text: z.string(),
  author_id: z.string().optional(),
  created_at: z.string().optional(),
  conversation_id: z.string().optional(),
  in_reply_to_user_id: z.string().optional(),
  referenced_tweets: z.array(ReferencedPostSchema).optional(),
  public_metrics: PostMetricsSchema.optional(),
  attachments: z.looseObject({ media_keys: z.array(z.string()).optional() }).optional(),
  edit_history_tweet_ids: z.array(z.string()).optional(),
});
export type Tweet = z.infer<typeof TweetSchema>;

export const UserMetricsSchema = z.looseObject({
  followers_count: z.number().int().nonnegative(),
  following_count: z.number().int().nonnegative(),
  tweet_count: z.number().int().nonnegative(),
  listed_count: z.number().int().nonnegative().optional(),
  like_count: z.number().int().nonnegative().optional(),
});

export const UserSchema = z.looseObject({
  id: z.string().min(1),
  username: z.string().min(1),
  name: z.string(),
  created_at: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  url: z.string().optional(),
  profile_image_url: z.string().optional(),
  protected: z.boolean().optional(),
  verified: z.boolean().optional(),
  public_metrics: UserMetricsSchema.optional(),
});
export type User = z.infer<typeof UserSchema>;

export const PageMetaSchema = z.looseObject({
  result_count: z.number().int().nonnegative().default(0),
  next_token: z.string().optional(),
  previous_token: z.string().optional(),
  newest_id: z.string().optional(),
  oldest_id: z.string().optional(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const IncludesSchema = z.looseObject({
  users: z.array(UserSchema).optional(),
  tweets: z.array(TweetSchema).optional(),
  media: z.array(z.looseObject({ media_key: z.string(), type: z.string() })).optional(),
});

/** One page of a list endpoint. */
export interface Page<T> {
  data: T[];
  includes?: z.infer<typeof IncludesSchema>;
  meta: PageMeta;
}

/** Options shared by paginated reads. */
export interface PageOptions {
  maxResults?: number;
  paginationToken?: string;
  sinceId?: string;
}

/** What a post-creating call returns. */
export const CreatedTweetSchema = z.looseObject({ id: z.string().min(1), text: z.string() });
export type CreatedTweet = z.infer<typeof CreatedTweetSchema>;

export interface PostTweetInput {
  text: string;
  /** Reply to this post. */
  inReplyToId?: string;
  /** Quote this post. */
  quoteTweetId?: string;
  mediaIds?: string[];
}

export const MEDIA_KINDS = ['image', 'gif', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface UploadedMedia {
  mediaId: string;
  mediaKey?: string;
  kind: MediaKind;
  mimeType: string;
  sizeBytes: number;
  strategy: 'simple' | 'chunked';
  segments: number;
  /** Final processing state reported by the platform (videos and GIFs). */
  processing?: 'succeeded';
}

/** `get_capabilities` → `data.provider` (spec, provider capability object). */
export const ProviderCapabilitiesSchema = z.object({
  backend: z.enum(['social_api', 'scraper']),
  mutations_available: z.boolean(),
  risk_level: z.enum(['standard', 'elevated']),
  data_confidence: z.enum(['high', 'medium']),
  unsupported_methods: z.array(z.string()),
  note: z.string(),
});
export type ProviderCapabilities = z.infer<typeof ProviderCapabilitiesSchema>;
