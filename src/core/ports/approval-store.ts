// What the approval services need from storage. Status moves are compare-and-set: a second reviewer
// (or a double click) finds the item already moved and changes nothing.

import type { Actor } from '../../contracts/actor.js';
import type {
  ApprovalEdit,
  ApprovalItem,
  ApprovalStatus,
  ListApprovalsInput,
} from '../../contracts/approvals.js';
import type { PostingPayload } from '../../contracts/posting.js';

export interface NewApproval {
  action_type: string;
  tool_name?: string;
  /** What runs on approval: a posting payload for content items, tool parameters for routed tool calls. */
  payload: PostingPayload | Record<string, unknown>;
  /** Who queued it (its face is derived). */
  actor: Actor;
  draft_id?: number;
  scheduled_for?: string | null;
  reason?: string;
  detected_risks?: string[];
  score?: number;
  target_tweet_id?: string;
  target_author_id?: string;
  target_author_username?: string;
  expires_at?: string | null;
}

export interface ApprovalTransition {
  status: ApprovalStatus;
  reviewed_by?: string | null;
  review_notes?: string | null;
  reviewed_at?: string | null;
  posted_tweet_ids?: string[];
  error_code?: string | null;
  error_message?: string | null;
}

export interface ApprovalStore {
  create(item: NewApproval, at: Date): Promise<ApprovalItem>;
  get(id: number): Promise<ApprovalItem | undefined>;
  payload(id: number): Promise<unknown>;
  list(query: ListApprovalsInput): Promise<{ items: ApprovalItem[]; total: number }>;
  stats(): Promise<Record<ApprovalStatus, number>>;
  /** Moves the item only if its status is one of `from`. */
  transition(
    id: number,
    from: readonly ApprovalStatus[],
    to: ApprovalTransition,
    at: Date,
  ): Promise<ApprovalItem | 'wrong_state' | undefined>;
  /** Replaces the payload of a pending item and records each changed field. */
  edit(
    id: number,
    payload: PostingPayload,
    changes: Array<{ field: string; old_value: string; new_value: string }>,
    editor: string,
    at: Date,
  ): Promise<ApprovalItem | 'wrong_state' | undefined>;
  history(id: number): Promise<ApprovalEdit[]>;
  pendingIds(limit: number): Promise<number[]>;
  /** How many pending items are past their expiry. */
  dueToExpire(now: Date): Promise<number>;
  /** When the next pending item expires after `now`; undefined: none will. */
  nextExpiryAt(now: Date): Promise<Date | undefined>;
  /** How many writes this process made through this store (it changes whenever an item may have changed). */
  writeCount(): number;
  /** Marks pending items past their expiry as expired; returns how many. */
  expire(now: Date): Promise<number>;
}
