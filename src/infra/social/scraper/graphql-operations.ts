// The web app's GraphQL operations the scraper uses, as data (query id, method), plus shared constants and
// the id check. Query ids rotate with web-app deploys, so they live in this one table (overridable).
import { AppError } from '../../../core/errors.js';

export const GRAPHQL_OPERATIONS = {
  TweetResultByRestId: { queryId: 'zAz9764BcLZOJ0JU2wrd1A', method: 'GET' },
  TweetResultsByRestIds: { queryId: 'BWy5aoI-WvwbkMVS-R7vbg', method: 'GET' },
  SearchTimeline: { queryId: 'UN1i3zUiCWa-6r-Uaho4fw', method: 'GET' },
  UserByScreenName: { queryId: 'G3KGOASz96M-Qu0nwmGXNg', method: 'GET' },
  UserByRestId: { queryId: 'Lxg1V9AiIzzXEiP2c8dRnw', method: 'GET' },
  UsersByRestIds: { queryId: 'OJBgJQIrij6e3cjqQ3Zu1Q', method: 'GET' },
  UserTweets: { queryId: 'lZRf8IC-GTuGxDwcsHW8aw', method: 'GET' },
  Followers: { queryId: 'ZG1BQPaRSg04qo55kKaW2g', method: 'GET' },
  Following: { queryId: 'PAnE9toEjRfE-4tozRcsfw', method: 'GET' },
  Likes: { queryId: 'aeJWz--kknVBOl7wQ7gh7Q', method: 'GET' },
  Favoriters: { queryId: 'E-ZTxvWWIkmOKwYdNTEefg', method: 'GET' },
  CreateTweet: { queryId: 'oB-5XsHNAbjvARJEc8CZFw', method: 'POST' },
  DeleteTweet: { queryId: 'VaenaVgh5q5ih7kvyVjgtg', method: 'POST' },
  FavoriteTweet: { queryId: 'lI07N6Otwv1PhnEgXILM7A', method: 'POST' },
  UnfavoriteTweet: { queryId: 'ZYKSe-w7KEslx3JhSIk5LA', method: 'POST' },
  CreateRetweet: { queryId: 'ojPdsZsimiJrUGLR1sjUtA', method: 'POST' },
  DeleteRetweet: { queryId: 'iQtK4dl5hBmXewYZuEOKVw', method: 'POST' },
  CreateBookmark: { queryId: 'aoDbu3RHznuiSkQ9aNM67Q', method: 'POST' },
  DeleteBookmark: { queryId: 'Wlmlj2-xzyS1GN3a6cj-mQ', method: 'POST' },
} as const satisfies Record<string, { queryId: string; method: 'GET' | 'POST' }>;

export type GraphqlOperation = keyof typeof GRAPHQL_OPERATIONS;

/** Query ids by operation; a partial override replaces only the ids it names. */
export type QueryIds = Partial<Record<GraphqlOperation, string>>;

/**
 * Feature switches the web app sends with every query. The platform rejects a query that omits a switch
 * its current schema requires, so they are sent even when the answer does not depend on them.
 */
export const GRAPHQL_FEATURES: Readonly<Record<string, boolean>> = {
  rweb_tipjar_consumption_enabled: true,
  responsive_web_graphql_exclude_directive_enabled: true,
  verified_phone_label_enabled: false,
  creator_subscriptions_tweet_preview_api_enabled: true,
  responsive_web_graphql_timeline_navigation_enabled: true,
  responsive_web_graphql_skip_user_profile_image_extensions_enabled: false,
  communities_web_enable_tweet_community_results_fetch: true,
  c9s_tweet_anatomy_moderator_badge_enabled: true,
  articles_preview_enabled: true,
  tweetypie_unmention_optimization_enabled: true,
  responsive_web_edit_tweet_api_enabled: true,
  graphql_is_translatable_rweb_tweet_is_translatable_enabled: true,
  view_counts_everywhere_api_enabled: true,
  longform_notetweets_consumption_enabled: true,
  responsive_web_twitter_article_tweet_consumption_enabled: true,
  tweet_awards_web_tipping_enabled: false,
  freedom_of_speech_not_reach_fetch_enabled: true,
  standardized_nudges_misinfo: true,
  tweet_with_visibility_results_prefer_gql_limited_actions_policy_enabled: true,
  longform_notetweets_rich_text_read_enabled: true,
  longform_notetweets_inline_media_enabled: true,
  responsive_web_enhance_cards_enabled: false,
  hidden_profile_likes_enabled: true,
  highlights_tweets_tab_ui_enabled: true,
  subscriptions_verification_info_is_identity_verified_enabled: true,
  subscriptions_verification_info_verified_since_enabled: true,
};

/**
 * The public bearer token embedded in the web app's scripts (the same for every visitor, not an account
 * secret); the platform refuses web API calls without it.
 */
export const WEB_BEARER_TOKEN =
  'AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs%3D1Zv7ttfk8LF81IUq16cHjhLTvJu4FA33AGWWjCpTnA';

/** Throws invalid_input unless `id` looks like a platform id (digits only), so nothing odd is sent. */
export function checkId(id: string, what: string): string {
  if (!/^\d{1,20}$/.test(id))
    throw new AppError('invalid_input', `${what} must be a numeric id, got '${id}'`);
  return id;
}

/** The endpoint template recorded in the usage log, so calls group by operation, not by query id. */
export function graphqlEndpoint(operation: GraphqlOperation): string {
  return `/graphql/{queryId}/${operation}`;
}
