import { describe, expect, it } from 'vitest';
import {
  atLocalTime,
  drawSlotOffsets,
  localLabel,
  SLOT_JITTER_MS,
  slotsToday,
  slotTimesFor,
  weeklySlot,
} from './posting-slots.js';

describe('slotTimesFor', () => {
  it('"auto" is 09:15, 12:30 and 17:00; an override replaces the day; [] means none', () => {
    expect(slotTimesFor('Mon', ['auto'], {})).toEqual(['09:15', '12:30', '17:00']);
    expect(slotTimesFor('Mon', ['18:00', 'auto', '09:15'], {})).toEqual(['09:15', '12:30', '17:00', '18:00']);
    expect(slotTimesFor('Sat', ['auto'], { Sat: ['11:00'] })).toEqual(['11:00']);
    expect(slotTimesFor('Sun', ['auto'], { Sun: [] })).toEqual([]);
  });
});

describe('slotsToday', () => {
  const base = { date: '2026-11-23', times: ['09:15', '12:30'], timeZone: 'Europe/Berlin' };
  it('the last slot that has come and the next one, in the account timezone', () => {
    // 09:15 Berlin = 08:15 UTC in November.
    const before = slotsToday({ ...base, now: new Date('2026-11-23T08:14:00Z'), offsets: [0, 0] });
    expect(before.due).toBeUndefined();
    expect(before.next?.at.toISOString()).toBe('2026-11-23T08:15:00.000Z');
    const after = slotsToday({ ...base, now: new Date('2026-11-23T08:16:00Z'), offsets: [0, 0] });
    expect(after.due?.time).toBe('09:15');
    expect(after.next?.time).toBe('12:30');
  });

  it('moves each slot by its jitter', () => {
    const moved = slotsToday({ ...base, now: new Date('2026-11-23T08:16:00Z'), offsets: [5 * 60_000, 0] });
    expect(moved.due).toBeUndefined();
    expect(moved.next?.at.toISOString()).toBe('2026-11-23T08:20:00.000Z');
  });
});

describe('drawSlotOffsets', () => {
  it('stays within ±15 minutes', () => {
    expect(drawSlotOffsets(3, () => 0)).toEqual([-SLOT_JITTER_MS, -SLOT_JITTER_MS, -SLOT_JITTER_MS]);
    expect(drawSlotOffsets(1, () => 0.5)).toEqual([0]);
    expect(Math.abs(drawSlotOffsets(1, () => 0.9999999)[0] ?? 0)).toBeLessThanOrEqual(SLOT_JITTER_MS);
  });
});

describe('weeklySlot', () => {
  it("is this ISO week's day and time in the zone, whichever day it is now", () => {
    // Sunday 2026-11-22 belongs to the week of Monday 2026-11-16.
    expect(weeklySlot(new Date('2026-11-22T12:00:00Z'), 'UTC', 'Tue', '10:00').toISOString()).toBe(
      '2026-11-17T10:00:00.000Z',
    );
    expect(weeklySlot(new Date('2026-11-23T00:30:00Z'), 'Asia/Kolkata', 'Mon', '10:00').toISOString()).toBe(
      '2026-11-23T04:30:00.000Z',
    );
  });

  it('an unknown zone reads as UTC', () => {
    expect(atLocalTime('2026-11-23', '10:00', 'Nowhere/Else').toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(localLabel(new Date('2026-11-23T10:00:00Z'), 'Nowhere/Else')).toBe('2026-11-23T10:00:00.000Z');
    expect(localLabel(new Date('2026-11-23T10:00:00Z'), 'Asia/Kolkata')).toBe(
      '2026-11-23T15:30 Asia/Kolkata',
    );
  });
});
