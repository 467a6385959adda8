// The calendar page's requests: the one read of a range, moving a draft or a posting job (one call each), and a
// new draft for a day's free slot, opened in Draft Studio.
import type { Calendar, CalendarItem } from '../../../../src/contracts/calendar.js';
import type { Draft } from '../../../../src/contracts/drafts.js';
import { api } from '../../api.js';

export const readCalendar = (from: Date, to: Date) =>
  api<Calendar>('GET', `/api/calendar?from=${from.toISOString()}&to=${to.toISOString()}`);

/** Local wall-clock time ("YYYY-MM-DDTHH:MM", no zone): the server reads it in [schedule] timezone. */
export const rescheduleDraft = (id: string, local: string) =>
  api<{ status: string; scheduled_for: string | null }>('POST', `/api/content/drafts/${id}/schedule`, {
    scheduled_for: local,
  });

/** A post made by compose, an agent or a loop (a posting job with no draft) moves by its job. */
export const rescheduleJob = (id: string, local: string) =>
  api<{ status: string; scheduled_for: string | null }>('POST', `/api/posting/jobs/${id}/reschedule`, {
    scheduled_for: local,
  });

/** The one request that moves a movable item to a local wall-clock time. */
export const rescheduleItem = (item: Pick<CalendarItem, 'kind' | 'id'>, local: string) =>
  item.kind === 'job' ? rescheduleJob(item.id, local) : rescheduleDraft(item.id, local);

export const createPlannedDraft = (notes: string) =>
  api<Draft>('POST', '/api/content/drafts', { content: '', notes });
