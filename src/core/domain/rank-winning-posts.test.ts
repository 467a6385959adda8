import { describe, expect, it } from 'vitest';
import { engagementShare, rankWinningPosts, recencyWeight } from './rank-winning-posts.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('winning posts', () => {
  it('engagement is the share of the best score, clamped; 0.5 while the best is 0', () => {
    expect(engagementShare(20, 80)).toBe(0.25);
    expect(engagementShare(120, 80)).toBe(1);
    expect(engagementShare(-1, 80)).toBe(0);
    expect(engagementShare(0, 0)).toBe(0.5);
  });

  it('halves the weight every 14 days; an unreadable time counts as 30 days', () => {
    expect(recencyWeight(1, NOW, NOW)).toBe(1);
    expect(recencyWeight(0.8, daysAgo(14), NOW)).toBeCloseTo(0.8 * Math.exp(-Math.LN2), 10);
    expect(recencyWeight(1, daysAgo(28), NOW)).toBeCloseTo(0.25, 2);
    expect(recencyWeight(1, new Date('not a date'), NOW)).toBeCloseTo(Math.exp((-Math.LN2 * 30) / 14), 10);
    // A post time after "now" is not weighted up.
    expect(recencyWeight(1, daysAgo(-2), NOW)).toBe(1);
  });

  it('drops posts under a tenth of the best, ranks by weight and keeps 5', () => {
    const posts = [
      { id: 'best-old', performance: 100, postedAt: daysAgo(28) },
      { id: 'recent', performance: 50, postedAt: daysAgo(0) },
      { id: 'under', performance: 9.9, postedAt: daysAgo(0) },
      { id: 'edge', performance: 10, postedAt: daysAgo(1) },
      ...[1, 2, 3, 4].map((n) => ({ id: `mid${n}`, performance: 40, postedAt: daysAgo(n) })),
    ];
    const ranked = rankWinningPosts(posts, 100, NOW);
    expect(ranked.map((p) => p.id)).toEqual(['recent', 'mid1', 'mid2', 'mid3', 'mid4']);
    expect(ranked[0]).toMatchObject({ engagement: 0.5, weight: 0.5 });
    expect(ranked[1]?.weight).toBeCloseTo(0.4 * Math.exp(-Math.LN2 / 14), 10);
    const fewer = rankWinningPosts(posts.slice(0, 4), 100, NOW);
    // 'edge' sits exactly on the threshold and stays; 'under' does not.
    expect(fewer.map((p) => p.id)).toEqual(['recent', 'best-old', 'edge']);
  });

  it('a cold start (best 0) keeps every post at 0.5, newest first', () => {
    const ranked = rankWinningPosts(
      [
        { id: 'a', performance: 0, postedAt: daysAgo(3) },
        { id: 'b', performance: 0, postedAt: daysAgo(1) },
      ],
      0,
      NOW,
    );
    expect(ranked.map((p) => [p.id, p.engagement])).toEqual([
      ['b', 0.5],
      ['a', 0.5],
    ]);
  });
});
