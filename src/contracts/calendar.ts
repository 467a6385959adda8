// The calendar's read model (GET /api/calendar): what is scheduled, queued and already posted in a time range,
// one list over drafts, posting jobs, approval items and posts, and the preferred posting slots of each local day.
import { z } from 'zod';

export const CALENDAR_KINDS = ['draft', 'job', 'approval', 'post'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** A range of at most 62 days (a month view with its leading and trailing weeks fits). */
export const CALENDAR_MAX_DAYS = 62;

export const CalendarInput = z.object({
  from: z.string().min(1).describe('Start of the range (ISO 8601 instant, inclusive).'),
  to: z
    .string()
    .min(1)
    .describe('End of the range (ISO 8601 instant, exclusive); at most 62 days after from.'),
});
export type CalendarInput = z.infer<typeof CalendarInput>;

export const CalendarItemSchema = z.object({
  key: z.string().describe('Unique across kinds: "<kind>:<id>".'),
  kind: z.enum(CALENDAR_KINDS),
  id: z.string().describe('The draft, job or approval id, or the post id on the platform.'),
  preview: z.string().describe('The first post text, flattened, at most 80 characters.'),
  content_type: z.enum(['tweet', 'thread', 'reply', 'quote']),
  card_count: z.number().int().min(1),
  at: z.string().describe('When it is scheduled, queued or was posted (ISO 8601 UTC).'),
  status: z.string().describe('The status in its own store (scheduled, pending, queued, posted, ...).'),
  source: z
    .string()
    .describe('Who made it: the draft source, or the actor (dashboard, api, agent, loop:<name>).'),
  link: z
    .string()
    .nullable()
    .describe(
      'Where it opens: Draft Studio for drafts, the approvals tab for items, the post on the platform.',
    ),
  movable: z
    .boolean()
    .describe(
      'Can be rescheduled from the calendar: a scheduled draft (drafts.schedule) or a posting job that has not started (posting.reschedule).',
    ),
});
export type CalendarItem = z.infer<typeof CalendarItemSchema>;

export const CalendarSlotSchema = z.object({
  date: z.string().describe('Local date, YYYY-MM-DD.'),
  time: z.string().describe('Local time, HH:MM.'),
  at: z.string().describe('The instant (ISO 8601 UTC).'),
  taken: z.boolean().describe('A draft, job or approval item is already at this minute.'),
});
export type CalendarSlot = z.infer<typeof CalendarSlotSchema>;

export const CalendarSchema = z.object({
  timezone: z.string().describe('[schedule] timezone: every local date and time here is in it.'),
  from: z.string(),
  to: z.string(),
  items: z.array(CalendarItemSchema).describe('In time order.'),
  truncated: z.boolean().describe('More items than the 2,000 returned fall in the range.'),
  slots: z.array(CalendarSlotSchema).describe('The preferred posting slots of each local day in the range.'),
  slot_source: z
    .enum(['preferred', 'auto'])
    .describe('"auto" when [schedule] preferred_times is empty: the default times 09:15, 12:30, 17:00.'),
});
export type Calendar = z.infer<typeof CalendarSchema>;

/** How far ahead the queue looks for a free slot. */
export const NEXT_SLOT_HORIZON_DAYS = 60;

export const NextSlotSchema = z.object({
  at: z
    .string()
    .nullable()
    .describe(
      'The next free preferred slot (ISO 8601 UTC): more than 5 minutes ahead, with no draft, job or approval item at that minute; null when none is free in the next 60 days.',
    ),
  date: z.string().nullable().describe('Its local date, YYYY-MM-DD (null with at).'),
  time: z.string().nullable().describe('Its local time, HH:MM (null with at).'),
  timezone: z.string().describe('[schedule] timezone: date and time are in it.'),
  slot_source: z
    .enum(['preferred', 'auto'])
    .describe('"auto" when [schedule] preferred_times is empty: the default times 09:15, 12:30, 17:00.'),
  horizon_days: z.number().int().describe('How far ahead the search looked (60 days).'),
});
export type NextSlot = z.infer<typeof NextSlotSchema>;
