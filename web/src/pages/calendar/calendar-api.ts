// The calendar page's requests: the one read of a range, moving a draft or a posting job (one call each), and a
// new draft for a day's free slot, opened in Draft Studio.
import type { CalendarItem } from '../../../../src/contracts/calendar.js';
import { api } from '../../api.js';

export const readCalendar = (from: Date, to: Date) =>
  api.calendar.read({ from: from.toISOString(), to: to.toISOString() });

/** Local wall-clock time ("YYYY-MM-DDTHH:MM", no zone): the server reads it in [schedule] timezone. */
export const rescheduleDraft = (id: string, local: string) =>
  api.drafts.schedule(Number(id), { scheduled_for: local });

/** A post made by compose, an agent or a loop (a posting job with no draft) moves by its job. */
export const rescheduleJob = (id: string, local: string) =>
  api.posting.reschedule(Number(id), { scheduled_for: local });

/** The one request that moves a movable item to a local wall-clock time. */
export const rescheduleItem = (item: Pick<CalendarItem, 'kind' | 'id'>, local: string): Promise<unknown> =>
  item.kind === 'job' ? rescheduleJob(item.id, local) : rescheduleDraft(item.id, local);

export const createPlannedDraft = (notes: string) => api.drafts.create({ content: '', notes });
