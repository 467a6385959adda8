// [schedule]: when the loops may act (active hours and days) and preferred posting slots, in one timezone.
import { z } from 'zod';
import { ClockTimeSchema, WEEKDAYS, WeekdaySchema } from './common.js';

const hour = z.number().int().min(0).max(23);

export const ScheduleSchema = z.object({
  timezone: z
    .string()
    .trim()
    .min(1)
    .default('UTC')
    .describe('IANA timezone of the account (e.g. Europe/Berlin).'),
  active_hours_start: hour.default(8).describe('First active hour (0-23).'),
  active_hours_end: hour
    .default(22)
    .describe('End of the active window (0-23, exclusive); a start after the end wraps past midnight.'),
  active_days: z
    .array(WeekdaySchema)
    .default([...WEEKDAYS])
    .describe('Active weekdays (Mon..Sun).'),
  preferred_times: z
    .array(z.union([ClockTimeSchema, z.literal('auto')]))
    .default([])
    .describe('Posting slots "HH:MM"; "auto" means 09:15, 12:30 and 17:00. Empty = interval mode.'),
  preferred_times_override: z
    .partialRecord(WeekdaySchema, z.array(ClockTimeSchema))
    .default({})
    .describe('Per-weekday slot lists replacing preferred_times; an empty list means no posts that day.'),
  thread_preferred_day: WeekdaySchema.optional().describe(
    'Weekday for the weekly thread; unset = interval mode.',
  ),
  thread_preferred_time: ClockTimeSchema.default('10:00').describe('Time of the weekly thread.'),
});
