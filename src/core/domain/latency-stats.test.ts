import { describe, expect, it } from 'vitest';
import { latencyStats, percentile, ratio } from './latency-stats.js';

describe('latencyStats', () => {
  it('reports nearest-rank p50 and p95 that are real call latencies', () => {
    // 20 calls: 10, 20, ..., 200 ms, given out of order.
    const values = Array.from({ length: 20 }, (_, i) => (20 - i) * 10);
    expect(latencyStats(values)).toEqual({ avg: 105, p50: 100, p95: 190, min: 10, max: 200 });
  });

  it('lets one slow call dominate p95 only once it is more than 5 % of the sample', () => {
    const fast = Array.from({ length: 19 }, () => 5);
    expect(latencyStats([...fast, 900]).p95).toBe(5);
    expect(latencyStats([...fast.slice(1), 900, 900]).p95).toBe(900);
  });

  it('answers zeros for an empty sample and the value itself for one call', () => {
    expect(latencyStats([])).toEqual({ avg: 0, p50: 0, p95: 0, min: 0, max: 0 });
    expect(latencyStats([42])).toEqual({ avg: 42, p50: 42, p95: 42, min: 42, max: 42 });
  });

  it('percentile clamps p to [0, 100] and ratio never divides by zero', () => {
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([1, 2, 3], 150)).toBe(3);
    expect(ratio(2, 3)).toBe(0.6667);
    expect(ratio(1, 0)).toBe(0);
  });
});
