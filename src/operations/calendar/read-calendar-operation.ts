// Operation calendar.read (GET /api/calendar): the dashboard calendar's one read — scheduled drafts, queued jobs,
// approval items with a time and posts already out in a range, with the preferred posting slots of each day.
import { CalendarInput, CalendarSchema } from '../../contracts/calendar.js';
import { readCalendar } from '../../core/services/calendar/read-calendar.js';
import { defineOperation } from '../define-operation.js';

export const readCalendarOperation = defineOperation({
  name: 'calendar.read',
  summary:
    'What is scheduled, queued and posted between from and to (at most 62 days), in time order, with the preferred posting slots of each day in [schedule] timezone.',
  input: CalendarInput,
  output: CalendarSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/calendar' },
  run: (deps, input) =>
    readCalendar(
      {
        store: deps.calendar,
        schedule: () => deps.config.schedule,
        statusUrl: (id) => `https://x.com/i/status/${id}`,
      },
      input,
    ),
});
