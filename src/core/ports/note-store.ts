// What the notes pipeline keeps in storage: sources (one per config entry, plus the manual one), notes
// keyed by (source, relative path) with their fragments, problems per source and path, and the seeds the
// seed worker draws from notes.
import type { NoteDetail, NoteSourceType, NoteSummary } from '../../contracts/notes.js';

export interface SourceRecord {
  id: number;
  source_type: NoteSourceType;
  source_key: string;
  config: Record<string, unknown>;
  sync_cursor: string | null;
  status: 'active' | 'error' | 'skipped' | 'disabled';
  error_message: string | null;
  last_synced_at: string | null;
}

export interface StoredNote {
  sourceId: number;
  relativePath: string;
  hash: string;
  title: string | null;
  body: string;
  frontMatter: string | null;
  tags: readonly string[];
  /** Spans of `body` (UTF-16 offsets, end exclusive): a fragment's text is `body.slice(start, end)`. */
  fragments: ReadonlyArray<{ headingPath: string; start: number; end: number; hash: string }>;
}

export interface NoteProblem {
  relative_path: string;
  message: string;
  occurred_at: string;
}

export interface PendingNote {
  id: number;
  title: string | null;
  relativePath: string;
  body: string;
  /** As read: seeds are saved only if the note did not change (or get seeded by another process) since. */
  updatedAt: string;
}

export interface NewSeed {
  nodeId: number;
  text: string;
  format: string | null;
}

export interface NoteStore {
  ensureSource(
    input: { source_type: NoteSourceType; source_key: string; config: object },
    at: Date,
  ): Promise<SourceRecord>;
  source(id: number): Promise<SourceRecord | undefined>;
  sources(): Promise<SourceRecord[]>;
  setSourceState(
    id: number,
    changes: Partial<Pick<SourceRecord, 'status' | 'error_message' | 'last_synced_at' | 'sync_cursor'>>,
    at: Date,
  ): Promise<void>;
  /** The stored hash of a live or gone note, to skip unchanged text; `problem`: one is recorded for its path. */
  noteHash(
    sourceId: number,
    relativePath: string,
  ): Promise<{ id: number; hash: string; gone: boolean; problem: boolean } | undefined>;
  /**
   * Runs `work` as one transaction (a batch of saves commits once; a throw rolls all of it back). Only this
   * store's calls may be awaited inside it.
   */
  atomically<T>(work: () => Promise<T>): Promise<T>;
  /** Inserts or updates the note and replaces its fragments, in one transaction; it is live and pending. */
  saveNote(note: StoredNote, at: Date): Promise<{ id: number; outcome: 'inserted' | 'updated' }>;
  /** Marks these notes gone (or, with `keep`, every live note of the source not in it); answers how many. */
  markGone(
    sourceId: number,
    paths: { only: readonly string[] } | { keep: ReadonlySet<string> },
    at: Date,
  ): Promise<number>;
  recordProblem(sourceId: number, relativePath: string, message: string, at: Date): Promise<void>;
  clearProblem(sourceId: number, relativePath: string): Promise<void>;
  problems(sourceId: number): Promise<NoteProblem[]>;
  counts(sourceId: number): Promise<{ notes: number; pending: number }>;
  /** Oldest first; live notes only. */
  pendingNotes(limit: number): Promise<PendingNote[]>;
  /** Saves the seeds and marks the note processed, unless it changed since `read`; answers whether it saved. */
  saveSeeds(
    note: Pick<PendingNote, 'id' | 'updatedAt'>,
    seeds: readonly NewSeed[],
    at: Date,
  ): Promise<boolean>;
  /** 'pending' again moves it to the back of the queue (a note that failed is retried after the others). */
  markNote(nodeId: number, status: 'pending' | 'processed' | 'failed', at: Date): Promise<void>;
  /** Live notes, newest first, or those matching `q` (words in the title, the body or a fragment). */
  searchNotes(filter: { q?: string; sourceId?: number; limit: number; offset: number }): Promise<{
    items: NoteSummary[];
    total: number;
  }>;
  note(id: number): Promise<NoteDetail | undefined>;
}
