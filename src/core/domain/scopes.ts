// OAuth scopes the tools need, grouped by what stops working without them.

export interface ScopeGroup {
  id: string;
  title: string;
  scopes: readonly string[];
}

export const SCOPE_GROUPS: readonly ScopeGroup[] = [
  { id: 'posting', title: 'Reading and posting', scopes: ['tweet.read', 'tweet.write', 'users.read'] },
  { id: 'media', title: 'Media upload', scopes: ['media.write'] },
  {
    id: 'engagement',
    title: 'Likes and follows',
    scopes: ['like.read', 'like.write', 'follows.read', 'follows.write'],
  },
  { id: 'bookmarks', title: 'Bookmarks', scopes: ['bookmark.read', 'bookmark.write'] },
  { id: 'direct_messages', title: 'Direct messages', scopes: ['dm.read', 'dm.write'] },
  { id: 'lists', title: 'Lists', scopes: ['list.read', 'list.write'] },
  {
    id: 'moderation',
    title: 'Mutes, blocks and hidden replies',
    scopes: ['mute.read', 'mute.write', 'block.read', 'block.write', 'tweet.moderate.write'],
  },
  { id: 'spaces', title: 'Spaces', scopes: ['space.read'] },
  { id: 'token_refresh', title: 'Staying logged in (token refresh)', scopes: ['offline.access'] },
];

/**
 * Scopes only enterprise/elevated apps hold (compliance, usage, ads): requested only on demand
 * (`app auth --extra-scopes`), since asking for a scope the app lacks fails the whole login.
 */
export const ELEVATED_SCOPES: readonly string[] = ['compliance.write', 'usage.read', 'ads.read', 'ads.write'];

/** Every scope `app auth` requests. */
export const REQUESTED_SCOPES: readonly string[] = SCOPE_GROUPS.flatMap((group) => group.scopes);

export interface ScopeStatus {
  granted: string[];
  missing: string[];
  /** Groups that lose some or all of their tools. */
  degraded: Array<{ id: string; title: string; missing: string[] }>;
}

export function scopeStatus(granted: readonly string[]): ScopeStatus {
  const have = new Set(granted);
  const missing = REQUESTED_SCOPES.filter((scope) => !have.has(scope));
  const degraded = SCOPE_GROUPS.flatMap((group) => {
    const lacking = group.scopes.filter((scope) => !have.has(scope));
    return lacking.length > 0 ? [{ id: group.id, title: group.title, missing: lacking }] : [];
  });
  return { granted: [...granted], missing, degraded };
}
