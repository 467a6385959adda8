// The dependencies of the content services (drafts, compose, approvals, publishing), as ports.

import type { ApprovalItem } from '../../contracts/approvals.js';
import type { GuardSettings } from '../domain/posting-guards.js';
import type { AppError } from '../errors.js';
import type { AccountLock } from '../ports/account-lock.js';
import type { ApprovalStore } from '../ports/approval-store.js';
import type { Clock } from '../ports/clock.js';
import type { DraftStore } from '../ports/draft-store.js';
import type { MediaCatalog } from '../ports/media-catalog.js';
import type { PostingStore } from '../ports/posting-store.js';
import type { ProvenanceStore } from '../ports/provenance-store.js';

/** Settings read at every call, so a mode or limit change applies without a restart. */
export interface ContentSettings {
  /** Effective approval mode (composer forces it on). */
  approvalMode: boolean;
  timezone: string;
  maxBatchApprove: number;
}

export interface ContentDeps {
  drafts: DraftStore;
  approvals: ApprovalStore;
  posting: PostingStore;
  media: MediaCatalog;
  clock: Clock;
  newId: () => string;
  settings: () => ContentSettings;
  /** Read at every check, like the settings. */
  guardSettings: () => GuardSettings;
  /** Why posting cannot work right now (no platform login…), or undefined when it can. */
  postingBlocker: () => AppError | undefined;
  /** Runs a tool call the policy engine routed to approval, once approved (the mutation gateway). */
  runApprovedTool?: (item: ApprovalItem, payload: unknown) => Promise<unknown>;
  /** Where drafts' text came from (notes, fragments, seeds): kept for loop-back. */
  provenance?: ProvenanceStore;
  /** Nudges the posting queue so an immediate post does not wait for the next tick. */
  wakePosting?: () => void;
  /** The account's locks in the database (Add to queue's check and write, across processes). */
  locks?: AccountLock;
}
