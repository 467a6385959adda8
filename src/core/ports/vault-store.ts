// What vault context reads: the account's best posts for the keywords, and notes that match them.

export interface WinningPost {
  text: string;
  kind: string;
  postedAt: Date;
  /** Engagement per impression (performance score), higher is better. */
  engagement: number;
}

export interface NoteSnippet {
  nodeId: number;
  title: string | null;
  path: string;
  /** The start of the note body. */
  text: string;
}

export interface VaultStore {
  /** Own posts containing any keyword, with their engagement, best first (at most `limit`). */
  winningPosts(keywords: readonly string[], limit: number): Promise<WinningPost[]>;
  /** Notes matching any keyword, best match first (at most `limit`). */
  matchingNotes(keywords: readonly string[], limit: number): Promise<NoteSnippet[]>;
  /** Specific notes the user picked, in the order given. */
  notesById(ids: readonly number[]): Promise<NoteSnippet[]>;
}
