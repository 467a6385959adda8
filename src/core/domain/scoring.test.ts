// Scoring engine: the worked example, every formula boundary, dirty inputs, and the human-readable forms.
import { describe, expect, it } from 'vitest';
import { ScoringSchema } from '../../contracts/config/automation.js';
import { describeScore, formatAge, formatFollowerCount, formatScore } from './score-breakdown.js';
import {
  followerFraction,
  parseRfc3339,
  recencyFraction,
  type ScoringInput,
  type ScoringSettings,
  scoreTweet,
} from './scoring.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const DEFAULTS: ScoringSettings = ScoringSchema.parse({});
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const EXAMPLE: ScoringInput = {
  text: 'Building amazing Rust CLI tools for developers',
  author_followers: 5000,
  likes: 20,
  retweets: 5,
  replies: 3,
  created_at: minutesAgo(10),
};
const score = (
  over: Partial<ScoringInput> = {},
  keywords: readonly string[] = ['rust', 'cli'],
  settings = DEFAULTS,
) => scoreTweet({ ...EXAMPLE, ...over }, settings, keywords, NOW);

describe('scoreTweet', () => {
  it('reproduces the worked example exactly (74.03, meets 60)', () => {
    const result = score();
    expect(result.total).toBe(74.03);
    expect(result.meets_threshold).toBe(true);
    expect(result.matched_keywords).toEqual(['rust', 'cli']);
    const s = result.signals;
    expect([
      s.keyword_relevance.score,
      s.follower.score,
      s.recency.score,
      s.engagement.score,
      s.reply_count.score,
      s.content_type.score,
    ]).toEqual([25, 15, 9.6, 1.68, 12.75, 10]);
    expect([
      s.keyword_relevance.max,
      s.follower.max,
      s.recency.max,
      s.engagement.max,
      s.reply_count.max,
      s.content_type.max,
    ]).toEqual([25, 15, 10, 15, 15, 10]);
  });

  it.each([
    [0, 0],
    [1, 0.005],
    [99, 0.495],
    [100, 0.5],
    [500, 0.5 + 400 / 1800],
    [999, 0.5 + 899 / 1800],
    [1000, 1],
    [5000, 1],
    [10_000, 1],
    [10_001, 1 - 0.75 / 90_000],
    [50_000, 1 - (0.75 * 40_000) / 90_000],
    [100_000, 0.25],
    [100_001, 0.25],
    [50_000_000, 0.25],
  ])('follower bell curve: %d followers → fraction %f', (followers, fraction) => {
    expect(followerFraction(followers)).toBeCloseTo(fraction, 12);
    expect(score({ author_followers: followers }).signals.follower.score).toBe(
      Math.round(fraction * 15 * 100) / 100,
    );
  });

  it('follower reference points: 100 → 7.5, 500 → 10.83, 50,000 → ~10', () => {
    expect(score({ author_followers: 100 }).signals.follower.score).toBe(7.5);
    expect(score({ author_followers: 500 }).signals.follower.score).toBe(10.83);
    // Upstream quotes "~9.99" (f32 arithmetic); in f64 it is 10.000000000000002, shown as 10.
    expect(score({ author_followers: 50_000 }).signals.follower.score).toBe(10);
  });

  it.each([
    [0, 10],
    [5, 10],
    [6, 9.92],
    [10, 9.6],
    [30, 8],
    [31, 7.9],
    [60, 5],
    [61, 4.99],
    [360, 2.5],
    [361, 0],
    [10_000, 0],
  ])('recency: %d minutes old → %f', (minutes, points) => {
    expect(score({ created_at: minutesAgo(minutes) }).signals.recency.score).toBe(points);
    expect(recencyFraction(minutes) * 10).toBeCloseTo(points, 2);
  });

  it('recency counts whole minutes (5 min 59 s is still 5) and treats the future as age 0', () => {
    expect(score({ created_at: minutesAgo(5 + 59 / 60) }).signals.recency.score).toBe(10);
    expect(score({ created_at: minutesAgo(6) }).signals.recency.score).toBe(9.92);
    const future = score({ created_at: minutesAgo(-90) }).signals.recency;
    expect(future.score).toBe(10);
    expect(future.detail).toBe('0 minutes old');
  });

  it.each([
    ['yesterday'],
    [''],
    ['2025-03-01'],
    ['2025-03-01T11:50:00'], // no offset: ambiguous, not RFC 3339
    ['2025-02-30T11:50:00Z'], // no such day
    ['2025-03-01T24:00:00Z'],
    ['2025-03-01T11:50:00.Z'],
    ['2025-03-01T11:50:00+0100'],
    ['March 1, 2025 11:50 UTC'],
  ])('recency: unparseable created_at %j → 0', (createdAt) => {
    const recency = score({ created_at: createdAt }).signals.recency;
    expect(recency.score).toBe(0);
    expect(recency.detail).toBe('unparseable timestamp');
  });

  it.each([
    ['2025-03-01T11:50:00Z'],
    ['2025-03-01t11:50:00z'],
    ['2025-03-01 11:50:00Z'],
    ['2025-03-01T11:50:00.123456Z'],
    ['2025-03-01T13:50:00+02:00'],
    ['2025-03-01T06:20:00-05:30'],
    ['2024-02-29T00:00:00Z'],
  ])('parses RFC 3339 %j like Date.parse of its canonical form', (text) => {
    const canonical = text.replace(/^(.{10})[t ]/, '$1T').replace(/z$/, 'Z');
    expect(parseRfc3339(text)).toBe(Date.parse(canonical));
  });

  it.each([
    // followers, likes, retweets, replies → engagement points (max 15, full at a 5 % rate)
    [1000, 0, 0, 0, 0],
    [1000, 15, 0, 0, 4.5], // 1.5 % baseline
    [1000, 25, 0, 0, 7.5],
    [1000, 40, 5, 5, 15], // exactly 5 %
    [1000, 500, 0, 0, 15], // above 5 % is capped
    [0, 1, 0, 0, 15], // followers floor at 1
    [5000, 20, 5, 3, 1.68],
  ])('engagement: %d followers, %d/%d/%d → %f', (followers, likes, retweets, replies, points) => {
    const result = score({ author_followers: followers, likes, retweets, replies });
    expect(result.signals.engagement.score).toBe(points);
  });

  it.each([
    [0, 15],
    [3, 12.75],
    [10, 7.5],
    [19, 0.75],
    [20, 0],
    [25, 0],
  ])('reply count: %d replies → %f', (replies, points) => {
    expect(score({ replies }).signals.reply_count.score).toBe(points);
  });

  it.each([
    [{}, 10, 'text-only'],
    [{ has_media: false, is_quote: false }, 10, 'text-only'],
    [{ has_media: true }, 0, 'media/quote'],
    [{ is_quote: true }, 0, 'media/quote'],
    [{ has_media: true, is_quote: true }, 0, 'media/quote'],
  ])('content type %j → %f', (flags, points, detail) => {
    const signal = score(flags).signals.content_type;
    expect([signal.score, signal.detail]).toEqual([points, detail]);
  });

  it.each([
    [[], 0, []],
    [['', '  '], 0, []], // blank keywords would match everything: ignored
    [['rust'], 25, ['rust']],
    [['golang'], 0, []],
    [['rust', 'golang'], 12.5, ['rust']],
    [['golang', 'cli tools'], 16.67, ['cli tools']], // a phrase weighs 2 of 3
    [['rust', 'command line'], 8.33, ['rust']], // a word weighs 1 of 3
    [['RuSt', 'CLI TOOLS'], 25, ['RuSt', 'CLI TOOLS']], // case-insensitive, reported as configured
    [['build'], 25, ['build']], // substring match, as upstream
  ] as [string[], number, string[]][])('keywords %j → %f', (keywords, points, matched) => {
    const result = score({}, keywords);
    expect(result.signals.keyword_relevance.score).toBe(points);
    expect(result.matched_keywords).toEqual(matched);
  });

  it('keyword details name the matches, "none", or the empty list', () => {
    expect(score({}, ['rust', 'cli']).signals.keyword_relevance.detail).toBe('matched: rust, cli');
    expect(score({}, ['golang']).signals.keyword_relevance.detail).toBe('matched: none');
    expect(score({}, []).signals.keyword_relevance.detail).toBe('no keywords configured');
  });

  it('notices a keyword array edited in place between calls', () => {
    const keywords = ['golang'];
    expect(score({}, keywords).signals.keyword_relevance.score).toBe(0);
    keywords[0] = 'rust';
    expect(score({}, keywords).signals.keyword_relevance.score).toBe(25);
  });

  it('scales with custom maxes and clamps the total at 100', () => {
    const half: ScoringSettings = {
      threshold: 30,
      keyword_relevance_max: 12.5,
      follower_count_max: 7.5,
      recency_max: 5,
      engagement_rate_max: 7.5,
      reply_count_max: 7.5,
      content_type_max: 5,
    };
    const halved = score({}, ['rust', 'cli'], half);
    expect(halved.signals.keyword_relevance).toMatchObject({ score: 12.5, max: 12.5 });
    expect(halved.total).toBe(37.02); // 74.03 / 2 before rounding (37.015)
    expect(halved.meets_threshold).toBe(true);

    const big: ScoringSettings = {
      threshold: 100,
      keyword_relevance_max: 50,
      follower_count_max: 50,
      recency_max: 50,
      engagement_rate_max: 50,
      reply_count_max: 50,
      content_type_max: 50,
    };
    const best = score({ likes: 1000, replies: 0, created_at: minutesAgo(1) }, ['rust'], big);
    expect(best.signals.follower.score).toBe(50);
    expect(best.total).toBe(100);
    expect(best.meets_threshold).toBe(true);
  });

  it('meets the threshold when the total equals it exactly (inclusive)', () => {
    // 0 keywords + 15 reach + 10 recency + 0 engagement + 15 replies + 10 content = 50
    const input = { likes: 0, retweets: 0, replies: 0, created_at: minutesAgo(0) };
    const at = score(input, [], { ...DEFAULTS, threshold: 50 });
    expect(at.total).toBe(50);
    expect(at.meets_threshold).toBe(true);
    expect(score(input, [], { ...DEFAULTS, threshold: 51 }).meets_threshold).toBe(false);
    expect(score({}, ['rust', 'cli'], { ...DEFAULTS, threshold: 75 }).meets_threshold).toBe(false);
  });

  it('treats negative, NaN and infinite counts as harmless and never throws', () => {
    const dirty = score({
      author_followers: Number.NaN,
      likes: -5,
      retweets: Number.NaN,
      replies: -1,
    });
    expect(dirty.signals.follower.score).toBe(0);
    expect(dirty.signals.engagement.score).toBe(0);
    expect(dirty.signals.reply_count.score).toBe(15);
    expect(Number.isFinite(dirty.total)).toBe(true);

    const infinite = score({ author_followers: Number.POSITIVE_INFINITY, likes: Number.POSITIVE_INFINITY });
    expect(infinite.signals.follower.score).toBe(3.75);
    expect(infinite.signals.engagement.score).toBe(0);
    expect(Number.isFinite(infinite.total)).toBe(true);
    expect(score({ replies: Number.POSITIVE_INFINITY }).signals.reply_count.score).toBe(0);

    const junk = { ...EXAMPLE, text: undefined, created_at: 42 } as unknown as ScoringInput;
    expect(() => scoreTweet(junk, DEFAULTS, ['rust'], NOW)).not.toThrow();
    expect(scoreTweet(junk, DEFAULTS, ['rust'], NOW).signals.recency.score).toBe(0);
    expect(scoreTweet(EXAMPLE, DEFAULTS, ['rust'], new Date(Number.NaN)).signals.recency.score).toBe(0);
  });
});

describe('score formatting', () => {
  it('formats the compact line with whole points', () => {
    expect(formatScore(score(), EXAMPLE)).toBe(
      'Score: 74/100 [kw:25 fol:15 rec:10 eng:2 rep:13 ct:10] REPLY',
    );
    expect(formatScore(score({}, ['golang']))).toBe(
      'Score: 49/100 [kw:0 fol:15 rec:10 eng:2 rep:13 ct:10] SKIP',
    );
  });

  it.each([
    [0, '0'],
    [500, '500'],
    [999, '999'],
    [1000, '1.0K'],
    [1200, '1.2K'],
    [45_300, '45.3K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_200_000, '1.2M'],
    [-3, '0'],
  ])('follower count %d → %s', (count, text) => {
    expect(formatFollowerCount(count)).toBe(text);
  });

  it.each([
    [0, '0 minutes'],
    [1, '1 minute'],
    [12, '12 minutes'],
    [59, '59 minutes'],
    [60, '1 hour'],
    [180, '3 hours'],
    [1439, '23 hours'],
    [1440, '1 day'],
    [2880, '2 days'],
  ])('age %d min → %s', (minutes, text) => {
    expect(formatAge(minutes)).toBe(text);
  });

  it('describes the worked example line by line', () => {
    const input = { ...EXAMPLE, author_username: 'ferris' };
    expect(describeScore(score(), input, 60)).toBe(
      [
        '"Building amazing Rust CLI tools for developers" by @ferris (5.0K followers)',
        'Score: 74.03/100',
        '  Keyword relevance: 25/25     matched: rust, cli',
        '  Follower count:    15/15     5.0K followers (bell curve)',
        '  Recency:           9.6/10    10 minutes old',
        '  Engagement:        1.7/15    0.56% rate vs 1.5% baseline',
        '  Reply count:       12.8/15   3 existing replies',
        '  Content type:      10/10     text-only',
        'Verdict: REPLY (74.03 >= threshold 60)',
      ].join('\n'),
    );
  });

  it('quotes only the first 50 characters on one line and says SKIP below the threshold', () => {
    const text = `${'x'.repeat(40)}\n\n${'😀'.repeat(20)}`;
    const input = { ...EXAMPLE, text, author_followers: 45_300 };
    const lines = describeScore(score({ text, author_followers: 45_300 }), input, 80).split('\n');
    expect(lines[0]).toBe(`"${'x'.repeat(40)} ${'😀'.repeat(9)}..." by author (45.3K followers)`);
    expect(lines.at(-1)).toMatch(/^Verdict: SKIP \([\d.]+ < threshold 80\)$/);
  });
});
