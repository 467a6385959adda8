// The platform's bill this month: a bar per UTC day so far, and the days left drawn at the forecast's daily
// rate (dashed), with its text alternative — a sentence with the month-to-date and the forecast as the
// chart's name, and the daily figures as a table. Hand-drawn SVG like the follower chart; the figures come
// from get_social_usage's `bill` (the same as `app status`).
import type { PlatformBill } from '../../../../src/contracts/analytics.js';

const W = 640;
const H = 180;
const PAD = 28;

/** Dollars to the cent, or to a hundredth of a cent below a dollar (platform reads cost $0.001). */
export const dollars = (n: number) => `$${n.toFixed(n > 0 && n < 1 ? 4 : 2)}`;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 2026" from "2026-11". */
export const monthName = (month: string) =>
  `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

/** "Platform spend in November 2026: $0.2700 so far (18 of 30 days), forecast $0.4500 by the month's end." */
export function spendSentence(bill: PlatformBill): string {
  return `Platform spend in ${monthName(bill.month)}: ${dollars(bill.month_to_date_usd)} so far (${bill.days_elapsed} of ${bill.days_in_month} days), forecast ${dollars(bill.forecast_usd)} by the month's end.`;
}

export function SpendChart({ bill }: { bill: PlatformBill }) {
  const sentence = spendSentence(bill);
  const rate = bill.days_elapsed > 0 ? bill.month_to_date_usd / bill.days_elapsed : 0;
  const max = Math.max(rate, ...bill.daily.map((d) => d.cost_usd)) || 1;
  const slot = (W - 2 * PAD) / bill.days_in_month;
  const height = (usd: number) => (usd * (H - 2 * PAD)) / max;
  const ahead = Array.from(
    { length: bill.days_in_month - bill.days_elapsed },
    (_, i) => bill.days_elapsed + i,
  );
  return (
    <figure className="an-chart">
      <figcaption>{sentence}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={sentence} preserveAspectRatio="none">
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="an-axis" />
        {bill.daily.map((d, i) => (
          <rect
            key={d.date}
            x={PAD + i * slot + 1}
            y={H - PAD - height(d.cost_usd)}
            width={Math.max(slot - 2, 1)}
            height={height(d.cost_usd)}
            className="an-bar"
          />
        ))}
        {ahead.map((day) => (
          <rect
            key={day}
            x={PAD + day * slot + 1}
            y={H - PAD - height(rate)}
            width={Math.max(slot - 2, 1)}
            height={height(rate)}
            className="an-bar-forecast"
          />
        ))}
        <text x={PAD} y={H - 8} className="an-label">
          {bill.daily[0]?.date}
        </text>
        <text x={W - PAD} y={H - 8} textAnchor="end" className="an-label">
          {`forecast ${dollars(bill.forecast_usd)}`}
        </text>
        <text x={4} y={PAD - 8} className="an-label">
          {dollars(max)}
        </text>
      </svg>
      <details>
        <summary>Daily spend</summary>
        <table>
          <caption className="visually-hidden">Platform spend per UTC day this month</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Calls</th>
              <th scope="col">Spend</th>
            </tr>
          </thead>
          <tbody>
            {bill.daily.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{d.calls.toLocaleString()}</td>
                <td>{dollars(d.cost_usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
