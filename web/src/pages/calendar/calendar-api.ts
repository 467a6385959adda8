// The calendar page's requests: the one read of a range, rescheduling a draft (one call), and a new draft for
// a day's free slot, opened in Draft Studio.
import type { Calendar } from '../../../../src/contracts/calendar.js';
import type { Draft } from '../../../../src/contracts/drafts.js';
import { api } from '../../api.js';

export const readCalendar = (from: Date, to: Date) =>
  api<Calendar>('GET', `/api/calendar?from=${from.toISOString()}&to=${to.toISOString()}`);

/** Local wall-clock time ("YYYY-MM-DDTHH:MM", no zone): the server reads it in [schedule] timezone. */
export const rescheduleDraft = (id: string, local: string) =>
  api<{ status: string; scheduled_for: string | null }>('POST', `/api/content/drafts/${id}/schedule`, {
    scheduled_for: local,
  });

export const createPlannedDraft = (notes: string) =>
  api<Draft>('POST', '/api/content/drafts', { content: '', notes });
