// What the account's own records say about its dealings with one author, and which replies are already
// committed (waiting for review or on their way out): the context and composite tools read these so an
// agent sees the same history the safety guards count.

/** A reply the account posted. */
export interface OwnReply {
  tweet_id: string;
  text: string;
  in_reply_to_tweet_id: string | null;
  posted_at: string;
}

/** An approval-queue item aimed at the author (a reply waiting for review, a routed like...). */
export interface AuthorApprovalItem {
  id: number;
  action_type: string;
  status: string;
  content: string | null;
  target_tweet_id: string | null;
  created_at: string;
}

export interface AuthorHistory {
  replies: { total: number; since: number; last_at: string | null; recent: OwnReply[] };
  approvals: { by_status: Record<string, number>; recent: AuthorApprovalItem[] };
}

/** A reply in the approval queue that is pending, approved or being posted. */
export interface LiveReplyItem {
  id: number;
  target_tweet_id: string | null;
  target_author_id: string | null;
  text: string;
  created_at: string;
}

export interface EngagementHistory {
  /**
   * Our replies to the author (all time, and since `since`) and the approval items aimed at them; matched
   * by author id, or by handle for rows that only kept the handle.
   */
  authorHistory(
    author: { id?: string; username?: string },
    since: Date,
    limit: number,
  ): Promise<AuthorHistory>;
  /** The author's id and handle as our own records know them (when the platform cannot be asked). */
  knownAuthor(identifier: {
    id?: string;
    username?: string;
  }): Promise<{ id?: string; username?: string } | undefined>;
  /** Reply items committed in the approval queue (pending, approved, posting), newest first. */
  liveReplyItems(limit: number): Promise<LiveReplyItem[]>;
}
