import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { CircuitBreaker } from './circuit-breaker.js';

const SETTINGS = { error_threshold: 3, window_seconds: 60, cooldown_seconds: 120 };

describe('CircuitBreaker', () => {
  it('opens after the threshold of errors inside the window, not when they are spread out', () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker(SETTINGS, clock);
    breaker.recordFailure();
    clock.advanceSeconds(61);
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.state).toBe('closed');
    breaker.recordFailure();
    expect(breaker.snapshot()).toMatchObject({ state: 'open', errorCount: 3 });
    const refused = breaker.tryAcquire();
    expect(refused).toEqual({ allowed: false, retryAt: new Date(clock.now().getTime() + 120_000) });
  });

  it('lets exactly one probe through after the cooldown; success closes, failure reopens', () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker(SETTINGS, clock);
    for (let i = 0; i < 3; i++) breaker.recordFailure();
    clock.advanceSeconds(119);
    expect(breaker.state).toBe('open');
    clock.advanceSeconds(1);
    expect(breaker.state).toBe('half_open');
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: true });
    expect(breaker.tryAcquire().allowed).toBe(false);
    breaker.recordFailure();
    expect(breaker.state).toBe('open');

    clock.advanceSeconds(120);
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: true });
    breaker.recordSuccess();
    expect(breaker.snapshot()).toEqual({
      state: 'closed',
      errorCount: 0,
      openedAt: undefined,
      retryAt: undefined,
    });
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: false });
  });

  it('a probe that ends without a verdict (network error) frees the slot', () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker(SETTINGS, clock);
    for (let i = 0; i < 3; i++) breaker.recordFailure();
    clock.advanceSeconds(120);
    expect(breaker.tryAcquire().allowed).toBe(true);
    breaker.release();
    expect(breaker.tryAcquire().allowed).toBe(true);
  });
});
