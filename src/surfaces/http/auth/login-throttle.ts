// Slows passphrase guessing: after too many failures from one address inside the window, logins from it
// are refused (429 with Retry-After) until the oldest failure leaves the window.
import type { Clock } from '../../../core/ports/clock.js';

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private recent(key: string): number[] {
    const since = this.clock.now().getTime() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length > 0) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds to wait before the next attempt, or 0 when one may be made now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[0] ?? this.clock.now().getTime();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.clock.now().getTime()) / 1000));
  }

  fail(key: string): void {
    this.failures.set(key, [...this.recent(key), this.clock.now().getTime()]);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
