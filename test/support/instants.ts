// The instants the day-sensitive tests stand on (calendar, home, analytics, scheduling), each with what a
// person in the account's timezone knows about it, written out by hand rather than computed by the code under
// test: the last evening of a month (already the next day in UTC), the first morning of a month and year, a
// DST change day, and a Monday just after midnight where the local week has begun but the UTC one has not.

export interface Instant {
  /** How a test names it. */
  name: string;
  /** The instant itself (UTC). */
  at: string;
  /** The account's [schedule] timezone. */
  zone: string;
  /** A browser zone on another date than the account's at this instant: the page must not use its own. */
  browserZone: string;
  /** Local "now" as the wall clock reads it ("YYYY-MM-DDTHH:MM"). */
  local: string;
  /** Local wall-clock times four and six minutes ago (inside and outside the 5-minute grace). */
  fourMinutesAgo: string;
  sixMinutesAgo: string;
  today: { date: string; name: string; long: string };
  /** Yesterday, with its short weekday as the heatmap writes it. */
  yesterday: { date: string; name: string; weekday: string };
  tomorrow: { date: string; name: string };
  /** The calendar's month heading and week heading for today. */
  month: string;
  week: string;
  /** Today's 09:30 and 17:00 preferred slots as instants. */
  todaySlots: [string, string];
  /** The first preferred slot of today still ahead (the day's "+"), if any. */
  nextFreeToday?: '09:30' | '17:00';
  /** Instants of 17:00 local yesterday, today and tomorrow. */
  yesterday17: string;
  today17: string;
  tomorrow17: string;
  /** 00:10 today and 23:50 yesterday, local: on either side of the local midnight that starts the day. */
  todayEarly: string;
  yesterdayLate: string;
  /** 00:10 on the Monday that began this local week, and 23:50 on the Sunday before it. */
  weekEarly: string;
  lastWeekLate: string;
  /** 00:10 on the 1st of this local month, and 23:50 on the last day of the month before. */
  monthEarly: string;
  lastMonthLate: string;
}

export const INSTANTS: readonly Instant[] = [
  {
    name: 'the last day of a month at 23:30 in New York (1 December in UTC), a Monday',
    at: '2026-12-01T04:30:00.000Z',
    zone: 'America/New_York',
    browserZone: 'Pacific/Auckland',
    local: '2026-11-30T23:30',
    fourMinutesAgo: '2026-11-30T23:26',
    sixMinutesAgo: '2026-11-30T23:24',
    today: { date: '2026-11-30', name: 'Monday 30 November', long: 'Monday, November 30, 2026' },
    yesterday: { date: '2026-11-29', name: 'Sunday 29 November', weekday: 'Sun' },
    tomorrow: { date: '2026-12-01', name: 'Tuesday 1 December' },
    month: 'November 2026',
    week: 'Week of Mon 30 Nov',
    todaySlots: ['2026-11-30T14:30:00.000Z', '2026-11-30T22:00:00.000Z'],
    yesterday17: '2026-11-29T22:00:00.000Z',
    today17: '2026-11-30T22:00:00.000Z',
    tomorrow17: '2026-12-01T22:00:00.000Z',
    todayEarly: '2026-11-30T05:10:00.000Z',
    yesterdayLate: '2026-11-30T04:50:00.000Z',
    weekEarly: '2026-11-30T05:10:00.000Z',
    lastWeekLate: '2026-11-30T04:50:00.000Z',
    monthEarly: '2026-11-01T04:10:00.000Z',
    lastMonthLate: '2026-11-01T03:50:00.000Z',
  },
  {
    name: 'the first day of a month and year, 09:00 in New York',
    at: '2027-01-01T14:00:00.000Z',
    zone: 'America/New_York',
    browserZone: 'Pacific/Kiritimati',
    local: '2027-01-01T09:00',
    fourMinutesAgo: '2027-01-01T08:56',
    sixMinutesAgo: '2027-01-01T08:54',
    today: { date: '2027-01-01', name: 'Friday 1 January', long: 'Friday, January 1, 2027' },
    yesterday: { date: '2026-12-31', name: 'Thursday 31 December', weekday: 'Thu' },
    tomorrow: { date: '2027-01-02', name: 'Saturday 2 January' },
    month: 'January 2027',
    week: 'Week of Mon 28 Dec',
    todaySlots: ['2027-01-01T14:30:00.000Z', '2027-01-01T22:00:00.000Z'],
    nextFreeToday: '09:30',
    yesterday17: '2026-12-31T22:00:00.000Z',
    today17: '2027-01-01T22:00:00.000Z',
    tomorrow17: '2027-01-02T22:00:00.000Z',
    todayEarly: '2027-01-01T05:10:00.000Z',
    yesterdayLate: '2027-01-01T04:50:00.000Z',
    weekEarly: '2026-12-28T05:10:00.000Z',
    lastWeekLate: '2026-12-28T04:50:00.000Z',
    monthEarly: '2027-01-01T05:10:00.000Z',
    lastMonthLate: '2027-01-01T04:50:00.000Z',
  },
  {
    name: 'the day DST starts in New York (02:00 → 03:00), 10:00',
    at: '2027-03-14T14:00:00.000Z',
    zone: 'America/New_York',
    browserZone: 'Pacific/Kiritimati',
    local: '2027-03-14T10:00',
    fourMinutesAgo: '2027-03-14T09:56',
    sixMinutesAgo: '2027-03-14T09:54',
    today: { date: '2027-03-14', name: 'Sunday 14 March', long: 'Sunday, March 14, 2027' },
    yesterday: { date: '2027-03-13', name: 'Saturday 13 March', weekday: 'Sat' },
    tomorrow: { date: '2027-03-15', name: 'Monday 15 March' },
    month: 'March 2027',
    week: 'Week of Mon 8 Mar',
    // 09:30 and 17:00 EDT (UTC-4): the day started in EST (UTC-5).
    todaySlots: ['2027-03-14T13:30:00.000Z', '2027-03-14T21:00:00.000Z'],
    nextFreeToday: '17:00',
    yesterday17: '2027-03-13T22:00:00.000Z',
    today17: '2027-03-14T21:00:00.000Z',
    tomorrow17: '2027-03-15T21:00:00.000Z',
    todayEarly: '2027-03-14T05:10:00.000Z',
    yesterdayLate: '2027-03-14T04:50:00.000Z',
    weekEarly: '2027-03-08T05:10:00.000Z',
    lastWeekLate: '2027-03-08T04:50:00.000Z',
    monthEarly: '2027-03-01T05:10:00.000Z',
    lastMonthLate: '2027-03-01T04:50:00.000Z',
  },
  {
    name: 'a Monday at 00:30 in Tokyo (still Sunday in UTC): the local week has begun',
    at: '2026-11-22T15:30:00.000Z',
    zone: 'Asia/Tokyo',
    browserZone: 'America/Los_Angeles',
    local: '2026-11-23T00:30',
    fourMinutesAgo: '2026-11-23T00:26',
    sixMinutesAgo: '2026-11-23T00:24',
    today: { date: '2026-11-23', name: 'Monday 23 November', long: 'Monday, November 23, 2026' },
    yesterday: { date: '2026-11-22', name: 'Sunday 22 November', weekday: 'Sun' },
    tomorrow: { date: '2026-11-24', name: 'Tuesday 24 November' },
    month: 'November 2026',
    week: 'Week of Mon 23 Nov',
    todaySlots: ['2026-11-23T00:30:00.000Z', '2026-11-23T08:00:00.000Z'],
    nextFreeToday: '09:30',
    yesterday17: '2026-11-22T08:00:00.000Z',
    today17: '2026-11-23T08:00:00.000Z',
    tomorrow17: '2026-11-24T08:00:00.000Z',
    todayEarly: '2026-11-22T15:10:00.000Z',
    yesterdayLate: '2026-11-22T14:50:00.000Z',
    weekEarly: '2026-11-22T15:10:00.000Z',
    lastWeekLate: '2026-11-22T14:50:00.000Z',
    monthEarly: '2026-10-31T15:10:00.000Z',
    lastMonthLate: '2026-10-31T14:50:00.000Z',
  },
];
