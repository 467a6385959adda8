// The month's platform bill from its daily spend: every UTC day of the calendar month so far (days without
// calls at 0), the month-to-date total and a forecast to the month's end. The forecast is a straight-line
// projection of the month's own rate, month-to-date ÷ days elapsed × days in the month, where today counts as
// a whole day: it never jumps on a quiet morning, and on the last day it equals the month-to-date total. Pure.
import { roundUsd } from './platform-prices.js';

export interface DaySpend {
  date: string;
  calls: number;
  cost_usd: number;
}

export interface MonthBill {
  /** `YYYY-MM` (UTC). */
  month: string;
  days_in_month: number;
  /** Days of the month so far, today included. */
  days_elapsed: number;
  month_to_date_usd: number;
  forecast_usd: number;
  /** Every day of the month up to today, oldest first. */
  daily: DaySpend[];
}

const DAY_MS = 86_400_000;

/** The UTC calendar month holding `now`: its first instant and the first instant of the next month. */
export function utcMonth(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The bill of the UTC month holding `now`, from per-day spend rows (other days are ignored). */
export function monthBill(now: Date, rows: readonly DaySpend[]): MonthBill {
  const { start, end } = utcMonth(now);
  const daysInMonth = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  const elapsed = now.getUTCDate();
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const daily: DaySpend[] = [];
  for (let day = 0; day < elapsed; day++) {
    const date = new Date(start.getTime() + day * DAY_MS).toISOString().slice(0, 10);
    const row = byDate.get(date);
    daily.push({ date, calls: row?.calls ?? 0, cost_usd: roundUsd(row?.cost_usd ?? 0) });
  }
  const monthToDate = roundUsd(daily.reduce((total, day) => total + day.cost_usd, 0));
  return {
    month: start.toISOString().slice(0, 7),
    days_in_month: daysInMonth,
    days_elapsed: elapsed,
    month_to_date_usd: monthToDate,
    forecast_usd: roundUsd((monthToDate / elapsed) * daysInMonth),
    daily,
  };
}
