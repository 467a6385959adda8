import { describe, expect, it } from 'vitest';
import { type ActiveHours, isWithinActiveHours, msUntilActive } from './active-hours.js';

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
const HOUR = 60 * 60_000;

describe('active hours', () => {
  const ny: ActiveHours = { timezone: 'America/New_York', start: 8, end: 22, days: weekdays };

  it('is active inside the window in the account timezone, end exclusive', () => {
    // Wednesday 2026-11-25: 08:00 New York is 13:00 UTC.
    expect(isWithinActiveHours(new Date('2026-11-25T13:00:00Z'), ny)).toBe(true);
    expect(isWithinActiveHours(new Date('2026-11-25T12:59:00Z'), ny)).toBe(false);
    expect(isWithinActiveHours(new Date('2026-11-26T03:00:00Z'), ny)).toBe(false); // 22:00
  });

  it('answers the time to the next window: later today, after the weekend, or now', () => {
    expect(msUntilActive(new Date('2026-11-25T13:30:00Z'), ny)).toBe(0);
    expect(msUntilActive(new Date('2026-11-25T11:30:00Z'), ny)).toBe(1.5 * HOUR);
    // Friday 22:00 New York → Monday 08:00: 58 hours.
    expect(msUntilActive(new Date('2026-11-28T03:00:00Z'), ny)).toBe(58 * HOUR);
  });

  it('a window past midnight and a half-hour zone', () => {
    const night: ActiveHours = { timezone: 'UTC', start: 22, end: 2, days: [...weekdays, 'Sat', 'Sun'] };
    expect(msUntilActive(new Date('2026-11-25T01:00:00Z'), night)).toBe(0);
    expect(msUntilActive(new Date('2026-11-25T02:00:00Z'), night)).toBe(20 * HOUR);
    const india: ActiveHours = { timezone: 'Asia/Kolkata', start: 9, end: 17, days: weekdays };
    // 03:00 UTC on a Wednesday is 08:30 in Kolkata: 30 minutes to go.
    expect(msUntilActive(new Date('2026-11-25T03:00:00Z'), india)).toBe(0.5 * HOUR);
  });

  it('no active day at all still answers a finite wait', () => {
    expect(msUntilActive(new Date('2026-11-25T03:00:00Z'), { ...ny, days: [] })).toBe(HOUR);
  });
});
