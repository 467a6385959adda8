import { describe, expect, it } from 'vitest';
import { capWindows, lookbackWindow, monthToDate, slotFreesAt, startOfLocalDay } from './time-windows.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');

describe('lookbackWindow', () => {
  it('uses since_hours over days, and the default when neither is given', () => {
    expect(lookbackWindow(NOW, { days: 2, since_hours: 6 }, 7)).toEqual({
      since: new Date('2026-11-22T06:00:00.000Z'),
      until: NOW,
      hours: 6,
    });
    expect(lookbackWindow(NOW, { days: 2 }, 7).since).toEqual(new Date('2026-11-20T12:00:00.000Z'));
    expect(lookbackWindow(NOW, {}, 7).hours).toBe(168);
  });
});

describe('startOfLocalDay', () => {
  it('finds local midnight east and west of UTC', () => {
    expect(startOfLocalDay(NOW, 'UTC')).toMatchObject({
      start: new Date('2026-11-22T00:00:00.000Z'),
      date: '2026-11-22',
    });
    // 12:00 UTC is 13:00 in Berlin (CET): the day began at 23:00 UTC the evening before.
    expect(startOfLocalDay(NOW, 'Europe/Berlin').start).toEqual(new Date('2026-11-21T23:00:00.000Z'));
    // 12:00 UTC is 04:00 in Los Angeles (PST).
    expect(startOfLocalDay(NOW, 'America/Los_Angeles').start).toEqual(new Date('2026-11-22T08:00:00.000Z'));
    // Just after midnight UTC it is still the previous day in Los Angeles.
    expect(startOfLocalDay(new Date('2026-11-22T00:30:00.000Z'), 'America/Los_Angeles').date).toBe(
      '2026-11-21',
    );
  });

  it('is right on a day whose clocks changed (Berlin springs forward on 2026-03-29)', () => {
    const afternoon = new Date('2026-03-29T12:00:00.000Z');
    expect(startOfLocalDay(afternoon, 'Europe/Berlin').start).toEqual(new Date('2026-03-28T23:00:00.000Z'));
  });

  it('treats an unknown zone as UTC instead of failing the tool', () => {
    expect(startOfLocalDay(NOW, 'Mars/Olympus')).toMatchObject({
      start: new Date('2026-11-22T00:00:00.000Z'),
      timeZone: 'UTC',
    });
  });
});

describe('slotFreesAt', () => {
  it('is the oldest counted event plus the period, or nothing when nothing is counted', () => {
    expect(slotFreesAt(new Date('2026-11-22T11:15:00.000Z'), 3600)).toEqual(
      new Date('2026-11-22T12:15:00.000Z'),
    );
    expect(slotFreesAt(undefined, 3600)).toBeUndefined();
  });
});

describe('capWindows', () => {
  it('starts the day at local midnight and the week on the local Monday', () => {
    // Sunday 21:00 in Tokyo.
    const tokyo = capWindows(new Date('2026-11-22T12:00:00Z'), 'Asia/Tokyo');
    expect(tokyo.dayStart.toISOString()).toBe('2026-11-21T15:00:00.000Z');
    expect(tokyo.weekStart.toISOString()).toBe('2026-11-15T15:00:00.000Z');
    // A Monday is its own week's start.
    const monday = capWindows(new Date('2026-11-23T08:00:00Z'), 'UTC');
    expect(monday.weekStart.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('finds Monday midnight across a DST change in the week', () => {
    // New York left DST on Sunday 2026-11-01; Monday 2026-10-26 began at 04:00Z (EDT).
    const week = capWindows(new Date('2026-11-01T18:00:00Z'), 'America/New_York');
    expect(week.weekStart.toISOString()).toBe('2026-10-26T04:00:00.000Z');
    expect(week.dayStart.toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
});

describe('monthToDate', () => {
  it('starts at local midnight of the 1st, across a DST change inside the month', () => {
    // 2026-11-20 in New York: DST ended on the 1st, so the 1st began at 04:00Z (EDT), not 05:00Z.
    const now = new Date('2026-11-20T15:00:00Z');
    const month = monthToDate(now, 'America/New_York');
    expect(month.since.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(month.until).toBe(now);
    // 03:00Z on the 1st is still October 31st in New York.
    expect(monthToDate(new Date('2026-11-01T03:00:00Z'), 'America/New_York').since.toISOString()).toBe(
      '2026-10-01T04:00:00.000Z',
    );
  });
});
