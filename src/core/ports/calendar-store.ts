// What the calendar reads from storage: everything with a time in a range — scheduled drafts, posting jobs
// and approval items not made from a draft (a draft's job or item shows as the draft), and posts already out.
import type { CalendarKind } from '../../contracts/calendar.js';

/** One stored thing with a time, before the calendar decides how it opens and whether it can move. */
export interface CalendarEntry {
  kind: CalendarKind;
  /** Draft, job or approval id; the platform's post id for posts. */
  id: string;
  /** First post text as stored (not yet shortened). */
  text: string;
  content_type: 'tweet' | 'thread' | 'reply' | 'quote';
  card_count: number;
  /** ISO 8601 UTC. */
  at: string;
  status: string;
  source: string;
  /** A posting job that has not started (queued, unclaimed, nothing posted or in doubt). */
  movable: boolean;
}

export interface CalendarStore {
  /** Entries with `from <= at < to`, in time order, at most `limit`. */
  entries(range: { from: Date; to: Date; limit: number }): Promise<CalendarEntry[]>;
}
