// What the draft services need from storage. Saves are atomic and version-checked: a stale version
// changes nothing and reports a conflict.
import type { ContentType } from '../../contracts/content.js';
import type { Draft, DraftListItem, DraftStatus, ListDraftsInput, Revision } from '../../contracts/drafts.js';

export type RevisionTrigger =
  | 'created'
  | 'autosave'
  | 'manual'
  | 'schedule'
  | 'unschedule'
  | 'publish'
  | 'restore'
  | 'ai_rewrite';

/** Content in its stored form: post text, or the thread payload JSON. */
export interface StoredContent {
  content_type: ContentType;
  content: string;
  media_paths: string[];
}

export interface NewDraft extends StoredContent {
  title: string | null;
  notes: string | null;
  tags: string[];
  source: Draft['source'];
}

export interface DraftChanges extends Partial<StoredContent> {
  title?: string | null;
  notes?: string | null;
  tags?: string[];
}

/** Publishing state, written by the system without touching the editor's version. */
export interface DraftState {
  status?: DraftStatus;
  scheduled_for?: string | null;
  archived_at?: string | null;
  posted_tweet_ids?: string[];
  last_error?: string | null;
}

export interface DraftStore {
  create(draft: NewDraft, at: Date): Promise<Draft>;
  get(id: number): Promise<Draft | undefined>;
  list(query: ListDraftsInput): Promise<{ items: DraftListItem[]; total: number }>;
  /** Applies `changes` if the draft is still at `expectedVersion`; the revision (if any) in the same transaction. */
  save(
    id: number,
    expectedVersion: number,
    changes: DraftChanges,
    revision: RevisionTrigger | undefined,
    at: Date,
  ): Promise<Draft | 'conflict' | undefined>;
  setState(id: number, state: DraftState, at: Date): Promise<Draft | undefined>;
  /** setState without reading the draft back: the publisher's moves, one statement each. */
  markState(id: number, state: DraftState, at: Date): Promise<void>;
  remove(id: number): Promise<boolean>;
  revisions(id: number): Promise<Revision[]>;
  revision(id: number, revisionId: number): Promise<Revision | undefined>;
  tags(): Promise<Array<{ name: string; count: number }>>;
}
