import { describe, expect, it } from 'vitest';
import { FOLLOWER_DROP_ALERT, followerDrop, performanceScore } from './performance-score.js';

describe('performance score', () => {
  it('weights likes 3, replies 5, reposts 4 per thousand impressions', () => {
    expect(performanceScore({ impressions: 2000, likes: 10, replies: 2, retweets: 3 })).toBe(26);
    // (30 + 10 + 12) / 2000 × 1000 = 26.
    expect(performanceScore({ impressions: 0, likes: 1, replies: 0, retweets: 0 })).toBe(3000);
    expect(performanceScore({ impressions: 300, likes: 1, replies: 0, retweets: 0 })).toBe(10);
  });

  it('a follower drop past 2 % day over day; growth is no drop; no day before, no answer', () => {
    expect(followerDrop(1000, 975)).toBeCloseTo(0.025);
    expect((followerDrop(1000, 975) ?? 0) > FOLLOWER_DROP_ALERT).toBe(true);
    expect((followerDrop(1000, 985) ?? 0) > FOLLOWER_DROP_ALERT).toBe(false);
    expect(followerDrop(1000, 1100)).toBe(0);
    expect(followerDrop(undefined, 10)).toBeUndefined();
  });
});
