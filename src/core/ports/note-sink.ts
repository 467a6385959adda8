// The seam between where notes come from (a local folder, a cloud drive, the ingest API) and the one
// ingest pipeline: a source runner lists and reads files and reports them to the sink of its source; the
// sink parses, hashes, upserts, re-chunks, marks deletions and records problems.

/** One file as a source found it: its path inside the source (`/` separators) and its UTF-8 text. */
export interface NoteFile {
  relativePath: string;
  text: string;
}

export type UpsertOutcome = 'inserted' | 'updated' | 'skipped';

export interface NoteSink {
  /** A note as found: parsed, hashed and upserted; a changed one is re-chunked and goes back to pending. */
  upsert(file: NoteFile): Promise<UpsertOutcome>;
  /** Several notes as one store transaction (a scan reports files in batches); outcomes in order. */
  upsertMany(files: readonly NoteFile[]): Promise<UpsertOutcome[]>;
  /** This path no longer exists in the source: its note is marked gone (kept, but out of search). */
  gone(relativePath: string): Promise<void>;
  /** After a complete listing: every live note whose path is not in it is marked gone; answers how many. */
  reconcile(present: ReadonlySet<string>): Promise<number>;
  /** A problem with one path, or with the whole source when `relativePath` is ''. Kept until it ingests. */
  problem(relativePath: string, message: string): Promise<void>;
  /** A sync pass finished: remembers the cursor (drive change token) and clears the source-level problem. */
  synced(state: { cursor?: string | null }): Promise<void>;
  /** The cursor the last sync left (drive change token), if any. */
  cursor(): Promise<string | null>;
}

/** A running source: started and stopped with the process, rescanned on demand (the notes API). */
export interface SourceRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * A full pass now, deletions reconciled. Files the source can tell are unchanged (same size and
   * modification time) are not read again unless `force`; read ones that did not change are skipped by hash.
   */
  rescan(options?: { force?: boolean }): Promise<void>;
}
