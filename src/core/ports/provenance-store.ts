// Where a draft's words came from: the notes, fragments and seeds it was written from (assisted generation
// cites them). Kept with the draft so that, once posted, loop-back finds the notes to write back into.

import type { ProvenanceRef } from '../../contracts/drafts.js';

export type { ProvenanceRef };

export interface ProvenanceStore {
  /** Replaces the links of a draft (an empty list removes them); seeds it names are marked used. */
  linkDraft(draftId: number, refs: readonly ProvenanceRef[], at: Date): Promise<void>;
  /** The notes a draft links to (distinct, with where they live). */
  notesOfDraft(draftId: number): Promise<Array<{ nodeId: number; sourceId: number; relativePath: string }>>;
  /** Every note a posted item came from, with the latest metrics of the post (posts without metrics left out). */
  postedNotes(): Promise<PostedNote[]>;
}

export interface PostedNote {
  nodeId: number;
  sourceId: number;
  relativePath: string;
  /** The first post of the item (a thread's opening post). */
  tweetId: string;
  impressions: number;
  likes: number;
  performanceScore: number | null;
}
