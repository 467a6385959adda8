// What discovery needs from storage: the scored posts found by searches, mentions and target monitoring
// (the Discovery Feed), and the monitored target accounts. The discovery loop, the tools and the dashboard
// feed all read and write discovered posts through this one port.

/** A platform post the account might reply to, with the score it got when it was (last) seen. */
export interface DiscoveredPost {
  tweet_id: string;
  author_id: string | null;
  author_username: string | null;
  author_followers: number | null;
  text: string;
  /** When the author posted it (RFC 3339), when the platform said. */
  tweet_created_at: string | null;
  like_count: number;
  retweet_count: number;
  reply_count: number;
  quote_count: number;
  impression_count: number;
  has_media: boolean;
  is_quote: boolean;
  /** Total of the 6-signal score, 0-100. */
  score: number;
  /** Per-signal scores as JSON (whatever the scorer reported). */
  score_breakdown: Record<string, unknown>;
  matched_keyword: string | null;
  source: DiscoverySource;
  discovered_at: string;
  /** The account replied (marked by the loop, or a posted reply to this post exists). */
  replied_to: boolean;
  reply_tweet_id: string | null;
}

export const DISCOVERY_SOURCES = ['search', 'mention', 'target'] as const;
export type DiscoverySource = (typeof DISCOVERY_SOURCES)[number];

export type NewDiscoveredPost = Omit<DiscoveredPost, 'discovered_at' | 'replied_to' | 'reply_tweet_id'>;

export interface FeedQuery {
  limit: number;
  /** Posts to skip (paging), best first. */
  offset?: number;
  minScore?: number;
  maxScore?: number;
  /** Only posts found through this keyword. */
  keyword?: string;
  /** Leave out posts the account already replied to. */
  unrepliedOnly?: boolean;
}

export interface DiscoveryStore {
  /**
   * Stores posts: new ones are inserted; known ones get fresh metrics, author and score while keeping
   * when they were first discovered, where from, and whether they were replied to.
   */
  save(posts: readonly NewDiscoveredPost[], at: Date): Promise<void>;
  /** Best score first (newest first among equals). */
  feed(query: FeedQuery): Promise<DiscoveredPost[]>;
  /** How many stored posts each keyword found (lower-cased keyword → count). */
  keywordCounts(): Promise<Map<string, number>>;
  /** The stored posts among `ids`, in the order of `ids`. */
  byIds(ids: readonly string[]): Promise<DiscoveredPost[]>;
  /** Of `ids`, those already stored (the loop skips posts it has seen). */
  knownIds(ids: readonly string[]): Promise<Set<string>>;
  /** Posts of one author (by id, or by handle when the id is unknown), newest first, and their count. */
  byAuthor(
    author: { id?: string; username?: string },
    limit: number,
  ): Promise<{ total: number; avgScore: number | null; posts: DiscoveredPost[] }>;
  /** Records the account's reply to a stored post; false when the post is not stored. */
  markReplied(tweetId: string, replyTweetId: string | null): Promise<boolean>;
  /** The keywords stored posts were found through, most frequent first. */
  keywords(): Promise<string[]>;
  /** Retention: deletes posts never replied to that were discovered before `before`; returns how many. */
  pruneUnreplied(before: Date): Promise<number>;
}

/** A monitored account as stored by target monitoring. */
export interface StoredTargetAccount {
  username: string;
  user_id: string | null;
  display_name: string | null;
  followers: number | null;
  status: 'active' | 'paused' | 'removed';
  added_at: string;
  last_checked_at: string | null;
  last_reply_at: string | null;
  total_replies: number;
}

export interface TargetAccountStore {
  /** Every stored target account, by handle. */
  list(): Promise<StoredTargetAccount[]>;
}
