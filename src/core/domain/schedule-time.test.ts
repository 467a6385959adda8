// scheduled_for parsing across zones, DST gaps and overlaps, explicit offsets, the grace window and garbage.
import { describe, expect, it } from 'vitest';
import { formatInZone, parseScheduledFor } from './schedule-time.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const at = (input: string, zone: string, now = NOW) => {
  const result = parseScheduledFor(input, zone, now);
  return result.ok ? result.at.toISOString() : result.message;
};

describe('parseScheduledFor', () => {
  it.each([
    ['UTC', '2026-07-01T12:00', 'UTC', '2026-07-01T12:00:00.000Z'],
    ['Lisbon summer (WEST, +1)', '2026-07-01T12:00', 'Europe/Lisbon', '2026-07-01T11:00:00.000Z'],
    ['Lisbon winter (WET, +0)', '2026-01-15T12:00:00', 'Europe/Lisbon', '2026-01-15T12:00:00.000Z'],
    ['Lisbon spring gap 01:30 → 02:30', '2026-03-29T01:30', 'Europe/Lisbon', '2026-03-29T01:30:00.000Z'],
    ['Lisbon autumn overlap takes WEST', '2026-10-25T01:30', 'Europe/Lisbon', '2026-10-25T00:30:00.000Z'],
    ['New York gap 02:30 → 03:30 EDT', '2026-03-08T02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['New York just before the gap', '2026-03-08T01:59:59', 'America/New_York', '2026-03-08T06:59:59.000Z'],
    ['New York just after the gap', '2026-03-08T03:00', 'America/New_York', '2026-03-08T07:00:00.000Z'],
    ['New York overlap takes EDT', '2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['New York after the overlap', '2026-11-01T02:00', 'America/New_York', '2026-11-01T07:00:00.000Z'],
    ['Kolkata +05:30', '2026-07-01T12:00', 'Asia/Kolkata', '2026-07-01T06:30:00.000Z'],
    ['seconds and milliseconds', '2026-07-01T12:00:05.250', 'UTC', '2026-07-01T12:00:05.250Z'],
    ['one fraction digit', '2026-07-01T12:00:05.5', 'UTC', '2026-07-01T12:00:05.500Z'],
    ['Z ignores the zone', '2026-07-01T12:00:00Z', 'America/New_York', '2026-07-01T12:00:00.000Z'],
    ['positive offset', '2026-07-01T12:00:00+02:00', 'Asia/Kolkata', '2026-07-01T10:00:00.000Z'],
    ['negative half-hour offset', '2026-07-01T12:00-03:30', 'UTC', '2026-07-01T15:30:00.000Z'],
    ['offset without colon', '2026-07-01T12:00+0530', 'UTC', '2026-07-01T06:30:00.000Z'],
    ['leap day', '2028-02-29T10:00', 'UTC', '2028-02-29T10:00:00.000Z'],
    ['surrounding whitespace', ' 2026-07-01T12:00 ', 'UTC', '2026-07-01T12:00:00.000Z'],
  ])('%s', (_name, input, zone, expected) => {
    expect(at(input, zone)).toBe(expected);
  });

  it('accepts the past within the grace window and refuses it beyond', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(at('2026-06-01T11:56:00Z', 'UTC', now)).toBe('2026-06-01T11:56:00.000Z');
    expect(at('2026-06-01T11:55:00Z', 'UTC', now)).toBe('2026-06-01T11:55:00.000Z');
    expect(at('2026-06-01T11:54:59Z', 'UTC', now)).toBe('scheduled_for is in the past');
    // Local 12:54 in Lisbon is 11:54Z.
    expect(at('2026-06-01T12:54', 'Europe/Lisbon', now)).toBe('scheduled_for is in the past');
    expect(parseScheduledFor('2026-06-01T11:00:00Z', 'UTC', now, 2 * 3_600_000).ok).toBe(true);
  });

  it.each([
    ['garbage', 'tomorrow at noon', /"tomorrow at noon" is not an ISO 8601 date-time/],
    ['empty', '', /"" is not an ISO 8601/],
    ['date only', '2026-07-01', /"2026-07-01" is not an ISO 8601/],
    ['no minutes', '2026-07-01T12', /not an ISO 8601/],
    ['Feb 30', '2026-02-30T10:00', /"2026-02-30T10:00" is not a real date/],
    ['Feb 29 in a common year', '2026-02-29T10:00', /is not a real date/],
    ['month 13', '2026-13-01T10:00', /is not a real date/],
    ['day 0', '2026-07-00T10:00', /is not a real date/],
    ['hour 24', '2026-07-01T24:00', /"2026-07-01T24:00" is not a real time of day/],
    ['minute 60', '2026-07-01T12:60', /is not a real time of day/],
    ['offset 25h', '2026-07-01T12:00+25:00', /impossible UTC offset/],
  ])('refuses %s', (_name, input, message) => {
    const result = parseScheduledFor(input, 'UTC', NOW);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
  });

  it('refuses an unknown time zone for local times', () => {
    expect(at('2026-07-01T12:00', 'Mars/Olympus_Mons')).toBe('unknown time zone "Mars/Olympus_Mons"');
  });
});

describe('formatInZone', () => {
  it.each([
    ['UTC midnight', '2026-01-01T00:00:00Z', 'UTC', '2026-01-01T00:00:00'],
    ['Lisbon summer', '2026-07-01T11:00:00Z', 'Europe/Lisbon', '2026-07-01T12:00:00'],
    ['New York after the gap', '2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08T03:30:00'],
    ['Kolkata', '2026-07-01T18:45:09.999Z', 'Asia/Kolkata', '2026-07-02T00:15:09'],
  ])('%s', (_name, iso, zone, expected) => {
    expect(formatInZone(new Date(iso), zone)).toBe(expected);
  });

  it('round-trips with parseScheduledFor outside DST changes', () => {
    for (const zone of ['UTC', 'Europe/Lisbon', 'America/New_York', 'Asia/Kolkata']) {
      const parsed = parseScheduledFor('2026-09-15T08:45:30', zone, NOW);
      expect(parsed.ok && formatInZone(parsed.at, zone)).toBe('2026-09-15T08:45:30');
    }
  });

  it('throws for an unknown zone or an invalid date', () => {
    expect(() => formatInZone(new Date(0), 'Nowhere/Else')).toThrow(RangeError);
    expect(() => formatInZone(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});
