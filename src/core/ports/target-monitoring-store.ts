// What target monitoring keeps per watched account (the platform id it resolved to, when it was last read
// and answered) and how many replies one loop committed to since a moment, read from the database so the
// per-day target cap survives restarts.
import type { Actor } from '../../contracts/actor.js';
import type { StoredTargetAccount } from './discovery-store.js';

/** What the platform said about a watched handle. */
export interface TargetProfile {
  user_id: string;
  display_name: string | null;
  followers: number | null;
}

export interface TargetMonitoringStore {
  /** The stored row of a handle (case-insensitive), if monitoring has stored it. */
  get(username: string): Promise<StoredTargetAccount | undefined>;
  /** Stores the handle's platform profile, inserting the row on first sight. */
  saveProfile(username: string, profile: TargetProfile, at: Date): Promise<void>;
  /** Drops the platform id of a handle whose account is gone, so it is looked up again next time. */
  forgetUser(username: string): Promise<void>;
  markChecked(username: string, at: Date): Promise<void>;
  /** One more reply sent or queued to the handle's posts. */
  recordReply(username: string, at: Date): Promise<void>;
  /**
   * Replies of `actor` since `since`: posted, queued to be posted, or waiting in the approval queue
   * (pending, approved, posting), each counted once.
   */
  countReplies(actor: Actor, since: Date): Promise<number>;
}
