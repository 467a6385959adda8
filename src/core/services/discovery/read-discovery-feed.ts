// The Discovery Feed: stored scored posts, best first, in the item shape the tools and the dashboard show.
import type { DiscoveredPost, FeedQuery } from '../../ports/discovery-store.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';

export interface FeedItem {
  id: string;
  author_id: string | null;
  author_username: string | null;
  content: string;
  like_count: number;
  retweet_count: number;
  reply_count: number;
  impression_count: number;
  relevance_score: number;
  matched_keyword: string | null;
  discovered_at: string;
  replied_to: boolean;
}

const toFeedItem = (post: DiscoveredPost): FeedItem => ({
  id: post.tweet_id,
  author_id: post.author_id,
  author_username: post.author_username,
  content: post.text,
  like_count: post.like_count,
  retweet_count: post.retweet_count,
  reply_count: post.reply_count,
  impression_count: post.impression_count,
  relevance_score: post.score,
  matched_keyword: post.matched_keyword,
  discovered_at: post.discovered_at,
  replied_to: post.replied_to,
});

export async function readDiscoveryFeed(
  deps: Pick<DiscoveryServiceDeps, 'discovered'>,
  query: FeedQuery,
): Promise<FeedItem[]> {
  return (await deps.discovered.feed(query)).map(toFeedItem);
}

export interface FeedPage {
  items: Array<FeedItem & { posted_at: string | null; score_breakdown: Record<string, unknown> }>;
  /** The offset of the next page, or null on the last one. */
  next_offset: number | null;
}

/** A page of the feed for the dashboard: each item with the score breakdown behind its score. */
export async function readDiscoveryPage(
  deps: Pick<DiscoveryServiceDeps, 'discovered'>,
  query: FeedQuery & { offset: number },
): Promise<FeedPage> {
  // One more than asked tells whether another page follows.
  const posts = await deps.discovered.feed({ ...query, limit: query.limit + 1 });
  const page = posts.slice(0, query.limit);
  return {
    items: page.map((post) => ({
      ...toFeedItem(post),
      posted_at: post.tweet_created_at,
      score_breakdown: post.score_breakdown,
    })),
    next_offset: posts.length > query.limit ? query.offset + query.limit : null,
  };
}
