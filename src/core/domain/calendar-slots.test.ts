import { describe, expect, it } from 'vitest';
import { busyMinutes, isTaken, type PreferredSlot, preferredSlots, slotSourceOf } from './calendar-slots.js';

const NY = 'America/New_York';

describe('preferredSlots', () => {
  it('each local day in [from, to), the weekday override replacing the times (empty: none)', () => {
    const schedule = {
      timezone: NY,
      preferred_times: ['09:30', '17:00'],
      preferred_times_override: { Sat: ['11:00'], Sun: [] },
    };
    // Friday 20 November 2026 12:00 EST to Monday 23 November 00:00 EST.
    const slots = preferredSlots(
      schedule,
      new Date('2026-11-20T17:00:00.000Z'),
      new Date('2026-11-23T05:00:00.000Z'),
    );
    expect(slots.map((s) => [s.date, s.time, s.at.toISOString()])).toEqual([
      ['2026-11-20', '17:00', '2026-11-20T22:00:00.000Z'],
      ['2026-11-21', '11:00', '2026-11-21T16:00:00.000Z'],
    ]);
    expect(slotSourceOf(schedule)).toBe('preferred');
    expect(slotSourceOf({ ...schedule, preferred_times: [] })).toBe('auto');
  });

  it('a slot the DST change skips (02:30 on 14 March 2027) is at 03:30 EDT, and what is at 03:30 takes it', () => {
    const schedule = { timezone: NY, preferred_times: ['02:30'], preferred_times_override: {} };
    const slot = preferredSlots(
      schedule,
      new Date('2027-03-14T05:00:00.000Z'),
      new Date('2027-03-15T04:00:00.000Z'),
    )[0] as PreferredSlot;
    expect(slot).toMatchObject({ date: '2027-03-14', time: '02:30' });
    expect(slot.at.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    const at0330 = busyMinutes([{ kind: 'draft', at: '2027-03-14T07:30:20.000Z' }], NY);
    expect(isTaken(slot, at0330, NY)).toBe(true);
    // A post already out never takes a slot.
    expect(isTaken(slot, busyMinutes([{ kind: 'post', at: '2027-03-14T07:30:00.000Z' }], NY), NY)).toBe(
      false,
    );
  });
});
