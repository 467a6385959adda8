// The one clock of a browser test's world: the fake platform, the built server (APP_CLOCK_AT) and the page
// (Playwright's clock) all read the same instant and run on from it at real speed, so no browser test
// depends on the day the suite runs. A test that is about a particular day names its instant.
import { createFakeClock, type SettableClock } from '../../src/infra/sandbox/social/index.js';

/** Where every browser test stands unless it names another instant: Wednesday 18 November 2026, 15:00 UTC
 * (10:00 in New York). */
export const E2E_NOW = '2026-11-18T15:00:00.000Z';

/** A clock running from `at` (an ISO instant). */
export function worldClock(at: string = E2E_NOW): SettableClock {
  return createFakeClock({ start: Date.parse(at) });
}

/** The server's env for the clock's present instant: call it right before the server starts. */
export function clockEnv(clock: { now(): number }): { APP_CLOCK_AT: string } {
  return { APP_CLOCK_AT: new Date(clock.now()).toISOString() };
}
