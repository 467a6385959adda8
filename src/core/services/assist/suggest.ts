// Suggestions without the LLM: topics from the profile and recent performance, and the hours posts do
// best in the account's timezone.
import { WEEKDAYS, type Weekday } from '../../../contracts/config/common.js';
import { localHourAndDay } from '../../domain/active-hours.js';
import type { AssistDeps } from './assist-deps.js';

export async function suggestTopics(
  deps: AssistDeps,
  count = 10,
): Promise<{ topics: Array<{ topic: string; score: number; source: 'performance' | 'profile' }> }> {
  const scored = await deps.stats.topicScores(count);
  const topics: Array<{ topic: string; score: number; source: 'performance' | 'profile' }> = scored.map(
    (t) => ({
      topic: t.topic,
      score: Math.round(t.avgPerformance * 100) / 100,
      source: 'performance',
    }),
  );
  const known = new Set(topics.map((t) => t.topic.toLowerCase()));
  for (const topic of deps.settings().profileTopics) {
    if (topics.length >= count) break;
    if (known.has(topic.toLowerCase())) continue;
    known.add(topic.toLowerCase());
    topics.push({ topic, score: 0, source: 'profile' });
  }
  return { topics: topics.slice(0, count) };
}

/** Default slots when there is no history yet (upstream's "auto" preferred times). */
export const DEFAULT_SLOTS = ['09:15', '12:30', '17:00'];

export async function optimalTimes(deps: AssistDeps): Promise<{
  timezone: string;
  times: Array<{ hour: number; avg_engagement: number; post_count: number }>;
  by_weekday: Array<{ day: string; avg_engagement: number; post_count: number }>;
  cells: Array<{ day: string; hour: number; avg_engagement: number; post_count: number }>;
  fallback: string[] | null;
}> {
  const { timezone } = deps.settings();
  const since = new Date(deps.clock.now().getTime() - 90 * 86_400_000);
  const posts = await deps.stats.postEngagement(since);
  const byHour = new Map<number, { total: number; n: number }>();
  const byDay = new Map<Weekday, { total: number; n: number }>();
  const byCell = new Map<number, { total: number; n: number }>();
  const add = <K>(map: Map<K, { total: number; n: number }>, key: K, engagement: number) => {
    const bucket = map.get(key) ?? { total: 0, n: 0 };
    bucket.total += engagement;
    bucket.n += 1;
    map.set(key, bucket);
  };
  for (const post of posts) {
    const { hour, day } = localHourAndDay(post.postedAt, timezone);
    add(byHour, hour, post.engagement);
    add(byDay, day, post.engagement);
    add(byCell, WEEKDAYS.indexOf(day) * 24 + hour, post.engagement);
  }
  // Best average first; ties go to the slot with more posts behind it, then the earlier hour or day.
  const rank = <K>(map: Map<K, { total: number; n: number }>, order: (key: K) => number) =>
    [...map]
      .map(([key, b]) => ({ key, avg: Math.round((b.total / b.n) * 100) / 100, n: b.n }))
      .sort((a, b) => b.avg - a.avg || b.n - a.n || order(a.key) - order(b.key));
  return {
    timezone,
    times: rank(byHour, (hour) => hour).map((r) => ({
      hour: r.key,
      avg_engagement: r.avg,
      post_count: r.n,
    })),
    by_weekday: rank(byDay, (day) => WEEKDAYS.indexOf(day)).map((r) => ({
      day: r.key,
      avg_engagement: r.avg,
      post_count: r.n,
    })),
    cells: [...byCell]
      .sort(([a], [b]) => a - b)
      .map(([slot, b]) => ({
        day: WEEKDAYS[Math.floor(slot / 24)] as Weekday,
        hour: slot % 24,
        avg_engagement: Math.round((b.total / b.n) * 100) / 100,
        post_count: b.n,
      })),
    fallback: posts.length === 0 ? DEFAULT_SLOTS : null,
  };
}
