// The follower trend as a small hand-drawn SVG line (no chart library) with its text alternative: a
// sentence naming the change, and the daily numbers as a table for screen readers and for reading exact values.
import { useId } from 'react';
import type { FollowerTrend } from '../../../../src/contracts/analytics.js';

const W = 640;
const H = 180;
const PAD = 28;

export const signed = (n: number) => (n > 0 ? `+${n.toLocaleString()}` : n.toLocaleString());

/** "1,234 followers, +34 (+2.83 %) over the last 30 days" or what is missing. */
export function followerSentence(trend: FollowerTrend, days: number): string {
  const { summary } = trend;
  if (summary.current === null) return 'No follower count recorded yet: the analytics loop takes one a day.';
  const percent = summary.start
    ? ` (${summary.change_percent > 0 ? '+' : ''}${summary.change_percent} %)`
    : '';
  return `${summary.current.toLocaleString()} followers, ${signed(summary.net_change)}${percent} over the last ${days} days.`;
}

export function FollowerChart({ trend, days }: { trend: FollowerTrend; days: number }) {
  const titleId = useId();
  const points = trend.snapshots;
  const sentence = followerSentence(trend, days);
  if (points.length === 0) return <p>{sentence}</p>;
  const values = points.map((p) => p.followers);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => (points.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (v: number) => H - PAD - ((v - min) * (H - 2 * PAD)) / span;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.followers).toFixed(1)}`);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className="an-chart">
      <figcaption id={titleId}>{sentence}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} preserveAspectRatio="none">
        <title>{sentence}</title>
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="an-axis" />
        <path d={line.join(' ')} className="an-line" />
        {points.map((p, i) => (
          <circle key={p.date} cx={x(i)} cy={y(p.followers)} r={3} className="an-dot" />
        ))}
        <text x={PAD} y={H - 8} className="an-label">
          {first?.date}
        </text>
        <text x={W - PAD} y={H - 8} textAnchor="end" className="an-label">
          {last?.date}
        </text>
        <text x={4} y={y(max) + 4} className="an-label">
          {max.toLocaleString()}
        </text>
        {max !== min && (
          <text x={4} y={y(min) + 4} className="an-label">
            {min.toLocaleString()}
          </text>
        )}
      </svg>
      <details>
        <summary>Daily numbers</summary>
        <table>
          <caption className="visually-hidden">Followers per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Followers</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{p.date}</th>
                <td>{p.followers.toLocaleString()}</td>
                <td>{signed(p.change)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
