// Endpoint-table tools over posts, users, pins, hidden replies, spaces, mutes and blocks (platform API v2).
import { z } from 'zod';
import type { SocialEndpoint } from '../social-endpoint.js';
import { type EndpointToolDefinition, MUTATE, PUBLIC_READ, param, READ, req } from './endpoint-tools-kit.js';

const api = (method: SocialEndpoint['method'], path: string, scopes: string[]): SocialEndpoint => ({
  method,
  host: 'api',
  path,
  scopes,
});

const TWEET_READ = ['tweet.read', 'users.read'];
const PIN = ['tweet.read', 'users.read', 'tweet.write'];
const MODERATE = ['tweet.read', 'tweet.moderate.write'];
const me = (what: string) => req(param.id('user_id', `Your own user id (the signed-in account) ${what}.`));
const tweetId = req(param.id('id', 'Id of the post.'));
const spaceId = req(param.key('id', 'Id of the space (letters and digits).'));

const TWEETS: EndpointToolDefinition[] = [
  {
    name: 'social_v2_tweets_lookup',
    summary: 'Fetch up to 100 posts by id in one call, with optional fields and expansions.',
    group: 'tweets',
    category: 'read',
    endpoint: api('GET', '/2/tweets', TWEET_READ),
    profiles: PUBLIC_READ,
    params: [
      req(param.idList('ids', 'Ids of the posts (comma-separated or array, 1-100).', { max: 100 })),
      param.fields('tweet'),
      param.fields('user'),
      param.expansions(),
    ],
  },
  {
    name: 'social_v2_tweets_quote_tweets',
    summary: 'Posts that quote a given post, newest first (paged).',
    group: 'tweets',
    category: 'read',
    endpoint: api('GET', '/2/tweets/{id}/quote_tweets', TWEET_READ),
    profiles: PUBLIC_READ,
    params: [
      tweetId,
      param.maxResults(10, 100, 100),
      param.paginationToken(),
      param.fields('tweet'),
      param.fields('user'),
      param.expansions(),
    ],
  },
  {
    name: 'social_v2_tweets_retweeted_by',
    summary: 'Users who reposted a given post (paged).',
    group: 'tweets',
    category: 'read',
    endpoint: api('GET', '/2/tweets/{id}/retweeted_by', TWEET_READ),
    profiles: PUBLIC_READ,
    params: [tweetId, param.maxResults(1, 100, 100), param.paginationToken(), param.fields('user')],
  },
  {
    name: 'social_v2_tweets_counts_recent',
    summary: 'How many posts of the last 7 days match a search query, per minute, hour or day.',
    group: 'tweets',
    category: 'read',
    endpoint: api('GET', '/2/tweets/counts/recent', ['tweet.read']),
    profiles: READ,
    params: [
      req(param.text('query', 'Search query (platform query syntax).', { max: 512 })),
      param.choice('granularity', ['minute', 'hour', 'day'], 'Bucket size.', { default: 'hour' }),
      param.time('start_time', 'Oldest moment counted (ISO 8601, within the last 7 days).'),
      param.time('end_time', 'Newest moment counted (ISO 8601).'),
    ],
  },
  {
    name: 'social_v2_users_lookup_by_usernames',
    summary: 'Look up to 100 users by handle in one call.',
    group: 'tweets',
    category: 'read',
    endpoint: api('GET', '/2/users/by', ['users.read']),
    profiles: PUBLIC_READ,
    params: [
      req(param.list('usernames', 'Handles without @ (comma-separated or array, 1-100).', { max: 100 })),
      param.fields('user'),
      param.expansions(),
    ],
  },
  {
    name: 'social_v2_users_pin_tweet',
    summary: 'Pin one of your posts to your profile (policy-gated).',
    group: 'tweets',
    category: 'engage',
    endpoint: api('PUT', '/2/users/{user_id}/pinned_tweet', PIN),
    profiles: MUTATE,
    policy: 'engage',
    params: [me('that pins the post'), req(param.id('tweet_id', 'Id of your post to pin.'))],
  },
  {
    name: 'social_v2_users_unpin_tweet',
    summary: 'Remove the pinned post from your profile (policy-gated).',
    group: 'tweets',
    category: 'engage',
    endpoint: api('DELETE', '/2/users/{user_id}/pinned_tweet', PIN),
    profiles: MUTATE,
    policy: 'engage',
    params: [me('whose pin is removed')],
  },
  {
    name: 'social_v2_tweets_hide_reply',
    summary:
      'Hide (hidden=true) or unhide (hidden=false) a reply in a conversation you started (policy-gated).',
    group: 'moderation',
    category: 'moderation',
    endpoint: api('PUT', '/2/tweets/{id}/hidden', MODERATE),
    profiles: MUTATE,
    policy: 'write',
    params: [
      req(param.id('id', 'Id of the reply.')),
      req(param.boolean('hidden', 'true hides the reply, false shows it again.')),
    ],
  },
  {
    name: 'social_v2_tweets_unhide_reply',
    summary: 'Show a reply you hid again (policy-gated); the same request as hide_reply with hidden=false.',
    group: 'moderation',
    category: 'moderation',
    endpoint: api('PUT', '/2/tweets/{id}/hidden', MODERATE),
    profiles: MUTATE,
    policy: 'write',
    params: [
      req(param.id('id', 'Id of the reply.')),
      {
        name: 'hidden',
        kind: 'boolean',
        required: true,
        description: 'Must be false: this tool only unhides (use social_v2_tweets_hide_reply to hide).',
        schema: z.literal(false),
      },
    ],
  },
];

const SPACES: EndpointToolDefinition[] = [
  {
    name: 'social_v2_spaces_get',
    summary: 'One space by id: title, state, hosts, participant count.',
    group: 'spaces',
    category: 'read',
    endpoint: api('GET', '/2/spaces/{id}', ['space.read']),
    profiles: READ,
    params: [spaceId, param.fields('space'), param.expansions()],
  },
  {
    name: 'social_v2_spaces_lookup',
    summary: 'Several spaces by id in one call.',
    group: 'spaces',
    category: 'read',
    endpoint: api('GET', '/2/spaces', ['space.read']),
    profiles: READ,
    params: [
      req(param.list('ids', 'Ids of the spaces (comma-separated or array, 1-100).', { max: 100 })),
      param.fields('space'),
      param.expansions(),
    ],
  },
  {
    name: 'social_v2_spaces_by_creator',
    summary: 'Live and scheduled spaces created by the given users.',
    group: 'spaces',
    category: 'read',
    endpoint: api('GET', '/2/spaces/by/creator_ids', ['space.read', 'users.read']),
    profiles: READ,
    params: [
      req(param.idList('user_ids', 'Ids of the creators (comma-separated or array, 1-100).', { max: 100 })),
      param.fields('space'),
      param.expansions(),
    ],
  },
  {
    name: 'social_v2_spaces_search',
    summary: 'Search live and scheduled spaces by title.',
    group: 'spaces',
    category: 'read',
    endpoint: api('GET', '/2/spaces/search', ['space.read']),
    profiles: READ,
    params: [
      req(param.text('query', 'Words to find in space titles.')),
      param.choice('state', ['all', 'live', 'scheduled'], 'Which spaces to search.', { default: 'all' }),
      param.fields('space'),
      param.expansions(),
    ],
  },
  {
    name: 'social_v2_spaces_buyers',
    summary: 'Users who bought a ticket to one of your ticketed spaces.',
    group: 'spaces',
    category: 'read',
    endpoint: api('GET', '/2/spaces/{id}/buyers', ['space.read', 'users.read']),
    profiles: READ,
    params: [spaceId, param.fields('user')],
  },
  {
    name: 'social_v2_spaces_tweets',
    summary: 'Posts shared in a space.',
    group: 'spaces',
    category: 'read',
    endpoint: api('GET', '/2/spaces/{id}/tweets', ['space.read', 'tweet.read', 'users.read']),
    profiles: READ,
    params: [spaceId, param.fields('tweet'), param.fields('user'), param.expansions()],
  },
];

/** Mutes and blocks share one shape: list, create, delete over /2/users/{user_id}/{muting|blocking}. */
function relationTools(kind: 'mutes' | 'blocks'): EndpointToolDefinition[] {
  const path = kind === 'mutes' ? 'muting' : 'blocking';
  const scope = kind === 'mutes' ? 'mute' : 'block';
  const verb = kind === 'mutes' ? 'mute' : 'block';
  const target = req(param.id('target_user_id', `Id of the user to ${verb} or un${verb}.`));
  return [
    {
      name: `social_v2_${kind}_list`,
      summary: `Accounts you ${verb} (paged).`,
      group: 'moderation',
      category: 'moderation',
      endpoint: api('GET', `/2/users/{user_id}/${path}`, [`${scope}.read`, 'users.read']),
      profiles: READ,
      params: [
        me(`whose ${kind} are listed`),
        param.maxResults(1, 1000, 100),
        param.paginationToken(),
        param.fields('user'),
      ],
    },
    {
      name: `social_v2_${kind}_create`,
      summary: `${verb[0]?.toUpperCase()}${verb.slice(1)} an account (policy-gated).`,
      group: 'moderation',
      category: 'moderation',
      endpoint: api('POST', `/2/users/{user_id}/${path}`, [`${scope}.write`, 'users.read']),
      profiles: MUTATE,
      policy: 'write',
      params: [me(`acting`), target],
    },
    {
      name: `social_v2_${kind}_delete`,
      summary: `Un${verb} an account (policy-gated).`,
      group: 'moderation',
      category: 'moderation',
      endpoint: api('DELETE', `/2/users/{user_id}/${path}/{target_user_id}`, [
        `${scope}.write`,
        'users.read',
      ]),
      profiles: MUTATE,
      policy: 'write',
      params: [me('acting'), target],
    },
  ];
}

export const V2_ENDPOINT_TOOLS: readonly EndpointToolDefinition[] = [
  ...TWEETS,
  ...SPACES,
  ...relationTools('mutes'),
  ...relationTools('blocks'),
];
