// How each topic and format has been doing: the account's posts of the last `days` with their measured
// metrics, per topic (with its formats) and per format, next to the all-time averages analytics keeps in
// content_scores. Performance = engagement per 1000 impressions (likes×3 + replies×5 + reposts×4).
import type { ContentScore, TopicFormatPerformance } from '../../ports/topic-performance.js';
import type { DiscoveryServiceDeps } from '../discovery/discovery-service-deps.js';
import { contextFailure } from './context-failure.js';

const DAY_MS = 86_400_000;
/** Posts with no recorded topic (or format) are grouped under this name. */
const UNTAGGED = '(untagged)';

interface Totals {
  posts: number;
  measured: number;
  impressions: number;
  likes: number;
  replies: number;
  retweets: number;
  avg_performance: number | null;
}

export interface FormatPerformance extends Totals {
  format: string;
}

export interface TopicPerformance extends Totals {
  topic: string;
  best_format: string | null;
  formats: FormatPerformance[];
  /** From content_scores (every period analytics measured), when it has this topic. */
  all_time: { total_posts: number; avg_performance: number } | null;
}

export interface TopicSnapshot {
  days: number;
  since: string;
  totals: Totals;
  /** Best average performance first; topics with nothing measured last. */
  topics: TopicPerformance[];
  formats: FormatPerformance[];
  best_topic: string | null;
  worst_topic: string | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Sums rows; the average performance is weighted by how many posts each row measured. */
function total(rows: readonly TopicFormatPerformance[]): Totals {
  const sum = (pick: (row: TopicFormatPerformance) => number) =>
    rows.reduce((acc, row) => acc + pick(row), 0);
  const measured = sum((row) => row.measured);
  const weighted = sum((row) => (row.avg_performance ?? 0) * row.measured);
  return {
    posts: sum((row) => row.posts),
    measured,
    impressions: sum((row) => row.impressions),
    likes: sum((row) => row.likes),
    replies: sum((row) => row.replies),
    retweets: sum((row) => row.retweets),
    avg_performance: measured > 0 ? round2(weighted / measured) : null,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

const byPerformance = (a: Totals, b: Totals) =>
  (b.avg_performance ?? Number.NEGATIVE_INFINITY) - (a.avg_performance ?? Number.NEGATIVE_INFINITY) ||
  b.posts - a.posts;

function allTime(scores: readonly ContentScore[]): { total_posts: number; avg_performance: number } {
  const posts = scores.reduce((acc, s) => acc + s.total_posts, 0);
  const weighted = scores.reduce((acc, s) => acc + s.avg_performance * s.total_posts, 0);
  return { total_posts: posts, avg_performance: round2(posts > 0 ? weighted / posts : 0) };
}

export async function topicPerformanceSnapshot(
  deps: Pick<DiscoveryServiceDeps, 'topics' | 'clock'>,
  input: { days: number },
): Promise<TopicSnapshot> {
  try {
    const since = new Date(deps.clock.now().getTime() - input.days * DAY_MS);
    const [rows, scores] = await Promise.all([
      deps.topics.performanceSince(since),
      deps.topics.contentScores(),
    ]);
    const scoresByTopic = groupBy(scores, (s) => s.topic);
    const topicOf = (row: TopicFormatPerformance) => row.topic ?? UNTAGGED;
    const formatOf = (row: TopicFormatPerformance) => row.format ?? UNTAGGED;

    const topics: TopicPerformance[] = [...groupBy(rows, topicOf)].map(([topic, group]) => {
      const formats = [...groupBy(group, formatOf)]
        .map(([format, part]) => ({ format, ...total(part) }))
        .sort(byPerformance);
      const known = scoresByTopic.get(topic);
      return {
        topic,
        ...total(group),
        best_format: formats.find((f) => f.avg_performance !== null)?.format ?? null,
        formats,
        all_time: known ? allTime(known) : null,
      };
    });
    // Topics analytics scored before but not posted about in the period still show, with their history.
    for (const [topic, known] of scoresByTopic) {
      if (topics.some((t) => t.topic === topic)) continue;
      topics.push({
        topic,
        ...total([]),
        best_format: null,
        formats: [],
        all_time: allTime(known),
      });
    }
    topics.sort(byPerformance);
    const measuredTopics = topics.filter((t) => t.avg_performance !== null);
    return {
      days: input.days,
      since: since.toISOString(),
      totals: total(rows),
      topics,
      formats: [...groupBy(rows, formatOf)]
        .map(([format, part]) => ({ format, ...total(part) }))
        .sort(byPerformance),
      best_topic: measuredTopics[0]?.topic ?? null,
      worst_topic: measuredTopics.length > 1 ? (measuredTopics.at(-1)?.topic ?? null) : null,
    };
  } catch (error) {
    throw contextFailure('topic_error', `topic performance for the last ${input.days} days failed`, error);
  }
}
