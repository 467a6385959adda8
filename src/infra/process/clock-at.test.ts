import { describe, expect, it } from 'vitest';
import { clockAtFrom } from './clock-at.js';

describe('APP_CLOCK_AT', () => {
  it('starts at the instant and runs on at the real speed', () => {
    let real = 1_000;
    const clock = clockAtFrom('2026-11-30T23:30:00-05:00', () => real);
    expect(clock?.now().toISOString()).toBe('2026-12-01T04:30:00.000Z');
    real += 90_000;
    expect(clock?.now().toISOString()).toBe('2026-12-01T04:31:30.000Z');
  });

  it('is off when unset or empty', () => {
    expect(clockAtFrom(undefined)).toBeUndefined();
    expect(clockAtFrom('  ')).toBeUndefined();
  });

  it('refuses what is not an instant, naming the variable', () => {
    for (const text of ['tomorrow', '2026-11-30T23:30', '2026-13-01T00:00:00Z']) {
      expect(() => clockAtFrom(text)).toThrow(/^APP_CLOCK_AT: /);
    }
  });
});
