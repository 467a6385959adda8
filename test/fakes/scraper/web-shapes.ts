// Builders of the web app's GraphQL objects (users, posts, timeline entries, cursors) for the fake
// scraper server and for mapping tests, so both speak exactly the same shapes.

export interface FakeUser {
  id: string;
  screen_name: string;
  name: string;
  description: string;
  location: string;
  url?: string;
  created_at: Date;
  protected: boolean;
  verified: boolean;
  listed_count: number;
  /** Renders as `UserUnavailable`. */
  suspended?: boolean;
}

export interface FakePost {
  id: string;
  text: string;
  author_id: string;
  created_at: Date;
  conversation_id: string;
  in_reply_to_status_id?: string;
  in_reply_to_user_id?: string;
  quoted_status_id?: string;
  views: number;
  /** Renders as `TweetTombstone`. */
  deleted?: boolean;
  /** Renders wrapped in `TweetWithVisibilityResults` (limited actions), as the web app does for some posts. */
  limited?: boolean;
}

export interface UserCounts {
  followers: number;
  following: number;
  statuses: number;
  likes: number;
}

export interface PostCounts {
  retweets: number;
  replies: number;
  likes: number;
  quotes: number;
  bookmarks: number;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Wed Oct 10 20:19:24 +0000 2018`, the web app's date format. */
export function webDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000 ${date.getUTCFullYear()}`
  );
}

/** A `user_results.result`. */
export function webUser(user: FakeUser, counts: UserCounts): Record<string, unknown> {
  if (user.suspended) return { __typename: 'UserUnavailable', reason: 'Suspended' };
  return {
    __typename: 'User',
    id: Buffer.from(`User:${user.id}`).toString('base64'),
    rest_id: user.id,
    is_blue_verified: user.verified,
    legacy: {
      screen_name: user.screen_name,
      name: user.name,
      description: user.description,
      location: user.location,
      ...(user.url
        ? { url: 'https://t.co/abc123', entities: { url: { urls: [{ expanded_url: user.url }] } } }
        : { entities: { description: { urls: [] } } }),
      created_at: webDate(user.created_at),
      followers_count: counts.followers,
      friends_count: counts.following,
      statuses_count: counts.statuses,
      listed_count: user.listed_count,
      favourites_count: counts.likes,
      profile_image_url_https: `https://pbs.twimg.com/profile_images/${user.id}/avatar_normal.jpg`,
      protected: user.protected,
      verified: user.verified,
    },
  };
}

/** A `tweet_results.result` (a tombstone for deleted posts, wrapped for limited ones). */
export function webTweet(
  post: FakePost,
  counts: PostCounts,
  author: Record<string, unknown>,
): Record<string, unknown> {
  if (post.deleted) {
    return {
      __typename: 'TweetTombstone',
      tombstone: { text: { text: 'This Post was deleted by the Post author.' } },
    };
  }
  const tweet = {
    __typename: 'Tweet',
    rest_id: post.id,
    core: { user_results: { result: author } },
    views: { count: String(post.views), state: 'EnabledWithCount' },
    legacy: {
      full_text: post.text,
      created_at: webDate(post.created_at),
      conversation_id_str: post.conversation_id,
      ...(post.in_reply_to_status_id
        ? {
            in_reply_to_status_id_str: post.in_reply_to_status_id,
            in_reply_to_user_id_str: post.in_reply_to_user_id,
          }
        : {}),
      ...(post.quoted_status_id
        ? { quoted_status_id_str: post.quoted_status_id, is_quote_status: true }
        : {}),
      retweet_count: counts.retweets,
      reply_count: counts.replies,
      favorite_count: counts.likes,
      quote_count: counts.quotes,
      bookmark_count: counts.bookmarks,
      user_id_str: post.author_id,
      id_str: post.id,
      lang: 'en',
    },
  };
  return post.limited ? { __typename: 'TweetWithVisibilityResults', tweet, limitedActionResults: {} } : tweet;
}

export function tweetEntry(result: Record<string, unknown>, id: string): Record<string, unknown> {
  return {
    entryId: `tweet-${id}`,
    sortIndex: id,
    content: {
      entryType: 'TimelineTimelineItem',
      itemContent: { itemType: 'TimelineTweet', tweet_results: { result } },
    },
  };
}

export function userEntry(result: Record<string, unknown>, id: string): Record<string, unknown> {
  return {
    entryId: `user-${id}`,
    sortIndex: id,
    content: {
      entryType: 'TimelineTimelineItem',
      itemContent: { itemType: 'TimelineUser', user_results: { result } },
    },
  };
}

export function cursorEntry(kind: 'Top' | 'Bottom', value: string): Record<string, unknown> {
  return {
    entryId: `cursor-${kind.toLowerCase()}-${value.slice(-8)}`,
    sortIndex: '0',
    content: { entryType: 'TimelineTimelineCursor', value, cursorType: kind },
  };
}

/**
 * Timeline instructions as the web app sends them: the first page carries its cursors among the entries,
 * later pages replace the cursor entries with `TimelineReplaceEntry`.
 */
export function timelineInstructions(
  entries: Record<string, unknown>[],
  cursors: { top: string; bottom: string },
  firstPage: boolean,
): Record<string, unknown>[] {
  const top = cursorEntry('Top', cursors.top);
  const bottom = cursorEntry('Bottom', cursors.bottom);
  if (firstPage) {
    return [
      { type: 'TimelineClearCache' },
      { type: 'TimelineAddEntries', entries: [...entries, top, bottom] },
    ];
  }
  return [
    { type: 'TimelineAddEntries', entries },
    { type: 'TimelineReplaceEntry', entry_id_to_replace: 'cursor-top', entry: top },
    { type: 'TimelineReplaceEntry', entry_id_to_replace: 'cursor-bottom', entry: bottom },
  ];
}
