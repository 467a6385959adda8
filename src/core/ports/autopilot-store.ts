// What the content and thread loops read to decide whether it is their turn: scheduled posts waiting for
// the posting queue, and when the last original post or thread went out (or was queued by the loop). All
// from the database, so a restart loses nothing.
import type { Actor } from '../../contracts/actor.js';
import type { PostKind } from '../../contracts/posting.js';

export interface AutopilotStore {
  /** Posting jobs whose scheduled time has come and that are not out yet, oldest first. */
  dueScheduledJobs(now: Date): Promise<Array<{ id: number; kind: PostKind }>>;
  /**
   * The latest moment an original post (kind `tweet`, whoever wrote it) went out, or `actor` queued one
   * (a posting job or an approval item); undefined when neither ever happened.
   */
  lastOriginalAt(actor: Actor): Promise<Date | undefined>;
  /** The same for threads: a first card went out, or `actor` queued a thread. */
  lastThreadAt(actor: Actor): Promise<Date | undefined>;
}
