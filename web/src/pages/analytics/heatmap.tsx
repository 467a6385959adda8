// The best-time heatmap: weekday × hour in the account's timezone from the measured posts of the last 90
// days (average performance score per slot). A real table, so each cell reads as "Fri 17:00: 80"; colour
// only repeats what the number says. Without history it says so and shows the default slots instead.
import type { z } from 'zod';
import type { OptimalTimesOutput } from '../../../../src/contracts/assist.js';

type OptimalTimes = z.infer<typeof OptimalTimesOutput>;

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
export const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function bestCell(times: OptimalTimes) {
  return [...times.cells].sort(
    (a, b) => b.avg_engagement - a.avg_engagement || b.post_count - a.post_count,
  )[0];
}

export function Heatmap({ times }: { times: OptimalTimes }) {
  if (times.fallback)
    return (
      <p>
        No measured posts in the last 90 days, so there is no best time from your history yet. Until there is,
        posts go out at the default slots {times.fallback.join(', ')} ({times.timezone}).
      </p>
    );
  const max = Math.max(...times.cells.map((c) => c.avg_engagement), 1);
  const at = new Map(times.cells.map((c) => [`${c.day} ${c.hour}`, c]));
  const best = bestCell(times);
  return (
    <>
      {best && (
        <p>
          Best slot: <strong>{`${best.day} ${hh(best.hour)}`}</strong>, average score {best.avg_engagement}{' '}
          from {best.post_count} post{best.post_count === 1 ? '' : 's'} ({times.timezone}).
        </p>
      )}
      <div className="an-scroll">
        <table className="an-heatmap">
          <caption className="visually-hidden">
            Average performance score by weekday and hour, {times.timezone}
          </caption>
          <thead>
            <tr>
              <td />
              {HOURS.map((h) => (
                <th key={h} scope="col" abbr={hh(h)}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DAYS.map((day) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {HOURS.map((h) => {
                  const cell = at.get(`${day} ${h}`);
                  if (!cell) return <td key={h} />;
                  const strength = Math.round(10 + (cell.avg_engagement / max) * 35);
                  return (
                    <td
                      key={h}
                      style={{ background: `color-mix(in srgb, var(--accent) ${strength}%, var(--bg))` }}
                      title={`${day} ${hh(h)}: ${cell.avg_engagement} from ${cell.post_count} post(s)`}
                    >
                      {Math.round(cell.avg_engagement)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
