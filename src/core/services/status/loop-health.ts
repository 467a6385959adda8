// The loops as the health tools report them: each loop's state in brief, and one verdict — a loop paused
// by failures, the breaker, the access tier or missing settings needs a person; mode and active-hours
// pauses are the loops doing what they were told.
import type { LoopPause, LoopStatus } from '../../../contracts/runtime-status.js';

const NEEDS_ATTENTION: readonly LoopPause[] = ['backoff', 'breaker', 'tier', 'not_configured'];

export function loopBrief(loop: LoopStatus) {
  return {
    name: loop.name,
    state: loop.state,
    paused: loop.paused,
    paused_reason: loop.paused_reason,
    paused_until: loop.paused_until,
    last_run_at: loop.last_run_at,
    next_run_at: loop.next_run_at,
    last_outcome: loop.last_outcome,
    last_error: loop.last_error,
    consecutive_errors: loop.consecutive_errors,
  };
}

/** Loops paused for a reason a person should act on, as guidance lines. */
export function loopWarnings(loops: readonly LoopStatus[] | undefined): string[] {
  return (loops ?? [])
    .filter((loop) => loop.paused && NEEDS_ATTENTION.includes(loop.paused))
    .map(
      (loop) =>
        `loop ${loop.name} is paused (${loop.paused}${loop.paused_reason ? `: ${loop.paused_reason}` : ''})`,
    );
}

export function loopsHealth(loops: readonly LoopStatus[] | undefined): {
  status: 'ok' | 'error' | 'not_configured';
  message: string;
} {
  if (!loops) return { status: 'not_configured', message: 'no process runs the loops (start `app serve`)' };
  const warnings = loopWarnings(loops);
  if (warnings.length > 0) return { status: 'error', message: warnings.join('; ') };
  return { status: 'ok', message: `${loops.length} loops running` };
}
