// What vault context reads: the account's best posts for the keywords, fragments of live notes (the ones
// the user picked, or matching the keywords), and pending seeds drawn from notes (for a cold start).

export interface WinningPost {
  text: string;
  kind: string;
  postedAt: Date;
  /** Engagement per impression (performance score), higher is better. */
  engagement: number;
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
  /** Own posts containing any keyword, with their engagement, best first (at most `limit`). */
  winningPosts(keywords: readonly string[], limit: number): Promise<WinningPost[]>;
  /** Fragments of these live notes, by boost then order (at most `limit`). */
  fragmentsOfNotes(nodeIds: readonly number[], limit: number): Promise<NoteFragment[]>;
  /** Fragments of live notes holding any keyword, best match first (at most `limit`). */
  matchingFragments(keywords: readonly string[], limit: number): Promise<NoteFragment[]>;
  /** Pending seeds of live notes, highest engagement weight first (at most `limit`). */
  pendingSeeds(limit: number): Promise<NoteSeed[]>;
}
