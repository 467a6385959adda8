// Writing back into a note file (loop-back): an entry for a post made from the note, and later its metrics
// (analytics sync). Byte-preserving, atomic and safe against a concurrent edit (infra/sources/loop-back).

export interface PublishedNoteEntry {
  tweet_id: string;
  url: string;
  /** YYYY-MM-DDTHH:MM:SSZ */
  published_at: string;
  type: 'tweet' | 'reply' | 'thread' | 'quote';
  thread_url?: string;
}

export interface NoteMetrics {
  impressions: number;
  likes: number;
  performance_score: number | null;
}

export interface NoteWriter {
  /** Adds the entry under the app's front-matter key unless one with its tweet_id is there; true if written. */
  recordPublished(root: string, relativePath: string, entry: PublishedNoteEntry): Promise<boolean>;
  /** Updates the metrics of the entry with this tweet_id; true if the file changed. */
  recordMetrics(root: string, relativePath: string, tweetId: string, metrics: NoteMetrics): Promise<boolean>;
}
