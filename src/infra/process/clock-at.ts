// The clock instrument: APP_CLOCK_AT=<ISO instant> makes a long-running process (`app serve`, `app mcp serve`)
// read that instant at start and run on from it at real speed, so browser and process tests can stand on
// any day (a month's last evening, a DST change) instead of whatever day the suite happens to run. A test
// instrument like APP_CRASH_AT: never set in production.
import { AppError } from '../../core/errors.js';
import type { Clock } from '../../core/ports/clock.js';

/** Parses the instant; undefined when unset. A typo throws: a silent fall back to the real clock would let a
 * test that means to stand on another day pass on today. */
export function clockAtFrom(text: string | undefined, real: () => number = Date.now): Clock | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  // An instant, not a local time: the process has no zone of its own to read it in.
  const start = /(Z|[+-]\d{2}:\d{2})$/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(start))
    throw new AppError(
      'invalid_input',
      `APP_CLOCK_AT: "${trimmed}" is not an ISO 8601 instant with Z or an offset (e.g. 2026-11-30T23:30:00-05:00)`,
    );
  const origin = real();
  return { now: () => new Date(start + (real() - origin)) };
}
