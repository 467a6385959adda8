// The platform circuit breaker: after repeated rate-limit/forbidden answers to writes it opens, lets one
// probe through after the cooldown (half-open), and closes again on success. Time comes from a clock.

/** Where the breaker reads the time (the Clock port fits): never the system clock, so tests use a fake. */
export interface BreakerClock {
  now(): Date;
}

export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerSettings {
  error_threshold: number;
  window_seconds: number;
  cooldown_seconds: number;
}

export interface BreakerSnapshot {
  state: BreakerState;
  /** Counted errors inside the window. */
  errorCount: number;
  openedAt?: Date;
  /** When an open breaker lets the next probe through. */
  retryAt?: Date;
}

export class CircuitBreaker {
  private errors: number[] = [];
  private openedAt: number | undefined;
  private probeInFlight = false;

  constructor(
    private readonly settings: BreakerSettings,
    private readonly clock: BreakerClock,
  ) {}

  private now(): number {
    return this.clock.now().getTime();
  }

  private prune(): void {
    const since = this.now() - this.settings.window_seconds * 1000;
    this.errors = this.errors.filter((at) => at > since);
  }

  get state(): BreakerState {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.settings.cooldown_seconds * 1000 ? 'half_open' : 'open';
  }

  snapshot(): BreakerSnapshot {
    this.prune();
    const state = this.state;
    const retryAt =
      this.openedAt === undefined
        ? undefined
        : new Date(this.openedAt + this.settings.cooldown_seconds * 1000);
    return {
      state,
      errorCount: this.errors.length,
      openedAt: this.openedAt === undefined ? undefined : new Date(this.openedAt),
      retryAt: state === 'closed' ? undefined : retryAt,
    };
  }

  /** Asks to send a request: refused while open, and in half-open only one probe at a time. */
  tryAcquire(): { allowed: true; probe: boolean } | { allowed: false; retryAt: Date } {
    const state = this.state;
    if (state === 'closed') return { allowed: true, probe: false };
    const retryAt = new Date((this.openedAt ?? 0) + this.settings.cooldown_seconds * 1000);
    if (state === 'open' || this.probeInFlight) return { allowed: false, retryAt };
    this.probeInFlight = true;
    return { allowed: true, probe: true };
  }

  /** A counted failure (429, or the platform's own 5xx). */
  recordFailure(): void {
    if (this.probeInFlight || this.state === 'half_open') {
      this.open();
      return;
    }
    this.errors.push(this.now());
    this.prune();
    if (this.errors.length >= this.settings.error_threshold) this.open();
  }

  recordSuccess(): void {
    if (this.openedAt !== undefined) {
      this.openedAt = undefined;
      this.errors = [];
    }
    this.probeInFlight = false;
  }

  /** The request ended in a way that says nothing about the account (network error, 5xx). */
  release(): void {
    this.probeInFlight = false;
  }

  private open(): void {
    this.openedAt = this.now();
    this.probeInFlight = false;
  }
}
