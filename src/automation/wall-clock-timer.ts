// The loops' timer. Node's setTimeout counts monotonic time, which stands still while a laptop sleeps: a
// wait of 8 hours for the active hours, set before a 6-hour sleep, would end 6 hours late, and a rate-limit
// reset or a scheduled post due during the sleep would wait as long. So a long wait is cut into slices of
// at most a minute, and after each slice the wait ends once either the wall clock has reached the deadline
// (the machine slept, or the clock was set forward) or the monotonic time has (the clock was set back):
// a jump either way costs at most one slice, never a burst of catch-up runs and never a stall.

export const TIMER_SLICE_MS = 60_000;

export function wallClockTimer(wallNow: () => number, sliceMs = TIMER_SLICE_MS): SetTimer {
  return (fn, ms) => {
    const wallDeadline = wallNow() + ms;
    const started = performance.now();
    let handle: ReturnType<typeof setTimeout> | undefined;
    const arm = (wait: number) => {
      handle = setTimeout(check, Math.max(0, Math.min(wait, sliceMs)));
      handle.unref();
    };
    function check() {
      const wallLeft = wallDeadline - wallNow();
      const monotonicLeft = ms - (performance.now() - started);
      if (wallLeft <= 0 || monotonicLeft <= 0) fn();
      else arm(Math.min(wallLeft, monotonicLeft));
    }
    arm(ms);
    return { cancel: () => clearTimeout(handle) };
  };
}

/** Runs `fn` once after `ms` (real or simulated time); cancel() stops it. */
export type SetTimer = (fn: () => void, ms: number) => { cancel(): void };
