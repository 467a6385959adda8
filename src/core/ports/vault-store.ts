// What vault context reads: the account's best posts for the keywords, fragments of live notes (the ones
// the user picked, or matching the keywords), and pending seeds drawn from notes (for a cold start).

export interface WinningPost {
  text: string;
  kind: string;
  postedAt: Date;
  /** Performance score (weighted engagement per 1000 impressions), higher is better. */
  performance: number;
  /** The format recorded with the post (original posts from the content loop), else null. */
  format: string | null;
}

export interface NoteFragment {
  chunkId: number;
  nodeId: number;
  headingPath: string;
  /** The note's path in its source. */
  path: string;
  title: string | null;
  text: string;
  boost: number;
}

export interface NoteSeed {
  seedId: number;
  nodeId: number;
  text: string;
  title: string | null;
  path: string;
}

export interface VaultStore {
  /**
   * Own measured posts on the keywords, best score first (at most `limit`): original posts whose recorded
   * topic equals a keyword (without a topic, whose text holds one) and replies whose text holds one.
   */
  winningPosts(keywords: readonly string[], limit: number): Promise<WinningPost[]>;
  /** The best performance score of all the account's measured posts (0 when none). */
  bestPerformance(): Promise<number>;
  /** Fragments of these live notes, by boost then order (at most `limit`). */
  fragmentsOfNotes(nodeIds: readonly number[], limit: number): Promise<NoteFragment[]>;
  /** Fragments of live notes holding any keyword, best match first (at most `limit`). */
  matchingFragments(keywords: readonly string[], limit: number): Promise<NoteFragment[]>;
  /** Pending seeds of live notes, highest engagement weight first (at most `limit`). */
  pendingSeeds(limit: number): Promise<NoteSeed[]>;
}
