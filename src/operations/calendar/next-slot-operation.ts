// Operation calendar.next_slot (GET /api/content/next-slot): where "Add to queue" would put a post now — the
// first free preferred slot of the account, by the calendar's own slot rules.
import { NextSlotSchema } from '../../contracts/calendar.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { readNextSlot } from '../../core/services/calendar/next-free-slot.js';
import { defineOperation } from '../define-operation.js';
import type { OperationDeps } from '../operation-deps.js';

/** The account's calendar and slot settings, read at each call (a config change applies at once). */
export const slotDeps = (deps: OperationDeps) => ({
  store: deps.calendar,
  schedule: () => deps.config.schedule,
  clock: deps.clock,
});

export const nextSlotOperation = defineOperation({
  name: 'calendar.next_slot',
  summary:
    'The next free preferred posting slot ([schedule] preferred_times, or 09:15, 12:30, 17:00 when empty; per-weekday overrides) more than 5 minutes ahead with no draft, job or approval item at that minute, looking 60 days ahead (at is null when none is free).',
  input: EmptyInput,
  output: NextSlotSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/content/next-slot' },
  run: (deps) => readNextSlot(slotDeps(deps)),
});
