// The platform endpoints behind the client's methods, as data (API v2, see the spec's tool tables).
import type { SocialEndpoint } from './social-endpoint.js';

const READ = ['tweet.read', 'users.read'] as const;
const WRITE = ['tweet.read', 'tweet.write', 'users.read'] as const;

const get = (path: string, scopes: readonly string[]): SocialEndpoint => ({
  method: 'GET',
  host: 'api',
  path,
  scopes,
});
const post = (path: string, scopes: readonly string[]): SocialEndpoint => ({
  method: 'POST',
  host: 'api',
  path,
  scopes,
});
const del = (path: string, scopes: readonly string[]): SocialEndpoint => ({
  method: 'DELETE',
  host: 'api',
  path,
  scopes,
});

export const ENDPOINTS = {
  getTweet: get('/2/tweets/{id}', READ),
  getTweets: get('/2/tweets', READ),
  searchRecent: get('/2/tweets/search/recent', READ),
  getLikingUsers: get('/2/tweets/{id}/liking_users', READ),
  getMe: get('/2/users/me', ['users.read']),
  getUserById: get('/2/users/{id}', ['users.read']),
  getUsersByIds: get('/2/users', ['users.read']),
  getUserByUsername: get('/2/users/by/username/{username}', ['users.read']),
  getUserTweets: get('/2/users/{id}/tweets', READ),
  getMentions: get('/2/users/{id}/mentions', READ),
  getHomeTimeline: get('/2/users/{id}/timelines/reverse_chronological', READ),
  getFollowers: get('/2/users/{id}/followers', ['follows.read', 'users.read']),
  getFollowing: get('/2/users/{id}/following', ['follows.read', 'users.read']),
  getLikedTweets: get('/2/users/{id}/liked_tweets', ['like.read', 'users.read']),
  getBookmarks: get('/2/users/{id}/bookmarks', ['bookmark.read', 'users.read']),
  postTweet: post('/2/tweets', WRITE),
  deleteTweet: del('/2/tweets/{id}', WRITE),
  like: post('/2/users/{id}/likes', ['like.read', 'like.write', 'users.read']),
  unlike: del('/2/users/{id}/likes/{tweet_id}', ['like.read', 'like.write', 'users.read']),
  retweet: post('/2/users/{id}/retweets', WRITE),
  unretweet: del('/2/users/{id}/retweets/{tweet_id}', WRITE),
  bookmark: post('/2/users/{id}/bookmarks', ['bookmark.read', 'bookmark.write', 'users.read']),
  unbookmark: del('/2/users/{id}/bookmarks/{tweet_id}', ['bookmark.read', 'bookmark.write', 'users.read']),
  follow: post('/2/users/{id}/following', ['follows.read', 'follows.write', 'users.read']),
  unfollow: del('/2/users/{id}/following/{target_user_id}', ['follows.read', 'follows.write', 'users.read']),
  mediaUpload: { method: 'POST', host: 'upload', path: '/2/media/upload', scopes: ['media.write'] },
  mediaInitialize: {
    method: 'POST',
    host: 'upload',
    path: '/2/media/upload/initialize',
    scopes: ['media.write'],
  },
  mediaAppend: {
    method: 'POST',
    host: 'upload',
    path: '/2/media/upload/{id}/append',
    scopes: ['media.write'],
  },
  mediaFinalize: {
    method: 'POST',
    host: 'upload',
    path: '/2/media/upload/{id}/finalize',
    scopes: ['media.write'],
  },
  mediaStatus: { method: 'GET', host: 'upload', path: '/2/media/upload', scopes: ['media.write'] },
} as const satisfies Record<string, SocialEndpoint>;
