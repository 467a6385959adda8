// How a platform endpoint is declared: method, host, path template and the OAuth scopes it needs.
// The client's own methods and the generated endpoint tools are both tables of these.

export const SOCIAL_HOSTS = ['api', 'upload', 'legacy_upload', 'ads'] as const;
export type SocialHost = (typeof SOCIAL_HOSTS)[number];

export interface SocialEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  host: SocialHost;
  /** Path template with `{name}` placeholders, e.g. `/2/users/{id}/likes`. */
  path: string;
  scopes: readonly string[];
}

/** Platform field names as the client requests them by default. */
export const TWEET_FIELDS =
  'author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets,public_metrics,attachments';
export const USER_FIELDS =
  'created_at,description,location,url,profile_image_url,protected,verified,public_metrics';

/** What a refused redirect says (redirects are answers, never followed). */
export interface RedirectDetails {
  redirect: { status: number; location: string | null };
}
