// What the runtime says about its loops (GET /api/runtime/status, the health tools, `app status`): per
// loop when it last ran and how that went, when it runs next, and why it is paused when it is.
import { z } from 'zod';
import { MODES, type Mode } from './config/config.js';

/** Why a loop is not running its work now (DECISIONS, Autopilot: the loop status words). */
export const LOOP_PAUSES = [
  'mode',
  'active_hours',
  'backoff',
  'breaker',
  'tier',
  'not_configured',
  'budget',
] as const;
export type LoopPause = (typeof LOOP_PAUSES)[number];

export const LoopStatusSchema = z.object({
  name: z.string().describe('The loop (discovery, mentions, targets, content, threads, analytics, …).'),
  modes: z.array(z.enum(MODES)).describe('Operating modes it runs in.'),
  state: z
    .enum(['running', 'idle', 'paused'])
    .describe('running: inside an iteration; idle: waiting for its next run; paused: see `paused`.'),
  interval_seconds: z.number().describe('Base interval between runs (jitter comes on top).'),
  last_run_at: z.string().nullable().describe('When the last run started (ISO 8601).'),
  next_run_at: z.string().nullable().describe('When the next run is due (ISO 8601).'),
  last_outcome: z.enum(['ok', 'error', 'skipped']).nullable().describe('How the last run ended.'),
  last_summary: z.string().nullable().describe('What the last successful run did, in a few words.'),
  last_error: z.string().nullable().describe('The last error message, kept until a run succeeds.'),
  last_error_code: z
    .string()
    .nullable()
    .default(null)
    .describe('Its error code (social_network_error, llm_error, …) when the error had one.'),
  consecutive_errors: z.number().int().describe('Failed runs in a row.'),
  paused: z.enum(LOOP_PAUSES).nullable().describe('Why it is paused now, or null.'),
  paused_until: z
    .string()
    .nullable()
    .describe('When a timed pause (active hours, back-off) ends; for `budget`, the 1st of next month (UTC).'),
  paused_reason: z
    .string()
    .nullable()
    .describe('Why it is paused, in words (e.g. "10 failures in a row", "the access tier lacks search").'),
  slowed: z
    .string()
    .nullable()
    .default(null)
    .describe(
      'Why it runs less often than its interval, or null: "slowed ×2: the month\'s forecast would exceed the API budget of $25.00".',
    ),
});
export type LoopStatus = z.infer<typeof LoopStatusSchema>;

/** A loop that has not run yet: nothing recorded, not paused. */
export function idleLoopStatus(name: string, modes: readonly Mode[], intervalSeconds: number): LoopStatus {
  return {
    name,
    modes: [...modes],
    state: 'idle',
    interval_seconds: intervalSeconds,
    last_run_at: null,
    next_run_at: null,
    last_outcome: null,
    last_summary: null,
    last_error: null,
    last_error_code: null,
    consecutive_errors: 0,
    paused: null,
    paused_until: null,
    paused_reason: null,
    slowed: null,
  };
}

/** GET /api/runtime/status. */
export const RuntimeStatusSchema = z.object({
  running: z.boolean().describe('Whether this process runs loops (`app serve` does).'),
  mode: z.enum(MODES),
  approval_mode: z.boolean().describe('Effective (composer forces it on).'),
  deployment_mode: z.string(),
  provider_backend: z.string(),
  can_post: z.boolean().describe('A login that may write and a backend that allows it.'),
  task_count: z.number().int().describe('Loops this process schedules.'),
  loops: z.array(LoopStatusSchema),
});
export type RuntimeStatus = z.infer<typeof RuntimeStatusSchema>;
