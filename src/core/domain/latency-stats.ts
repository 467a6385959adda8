// Latency summaries for the telemetry tools: nearest-rank percentiles over a sorted sample, so a reported
// p95 is always a latency some call really had (no interpolation between two calls).

export interface LatencyStats {
  avg: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

/**
 * The nearest-rank percentile of an ascending sample: the smallest value with at least `p` % of the
 * sample at or below it. 0 for an empty sample.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((Math.min(Math.max(p, 0), 100) / 100) * sorted.length);
  return sorted[Math.max(rank, 1) - 1] ?? 0;
}

/** Average (one decimal), median, p95, min and max of a sample in any order; all 0 when it is empty. */
export function latencyStats(values: readonly number[]): LatencyStats {
  if (values.length === 0) return { avg: 0, p50: 0, p95: 0, min: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((total, v) => total + v, 0);
  return {
    avg: Math.round((sum / sorted.length) * 10) / 10,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** A share as a ratio in [0, 1] with four decimals; 0 when there is nothing to divide. */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}
