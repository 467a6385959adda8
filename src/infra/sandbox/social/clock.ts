// The fake's notion of time: token expiry, rate-limit windows, created_at and snowflake ids all read it,
// so tests can jump forward without sleeping.

export interface FakeClock {
  /** Milliseconds since the epoch. */
  now(): number;
  advance(ms: number): void;
}

export interface SettableClock extends FakeClock {
  set(ms: number): void;
}

/**
 * A clock that follows real time plus an offset (so a demo server's posts get distinct timestamps),
 * or stands still at `start` when `frozen` (so tests see exact expiry boundaries).
 */
export function createFakeClock(options: { start?: number; frozen?: boolean } = {}): SettableClock {
  // wall clock: this is the clock: real time plus an offset, or frozen
  const origin = Date.now();
  let base = options.start ?? origin;
  const frozen = options.frozen ?? false;
  // wall clock: this is the clock: real time plus an offset, or frozen
  const elapsed = () => (frozen ? 0 : Date.now() - origin);
  return {
    now: () => base + elapsed(),
    advance: (ms) => {
      base += ms;
    },
    set: (ms) => {
      base = ms - elapsed();
    },
  };
}
