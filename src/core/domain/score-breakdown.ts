// Human-readable forms of a score: the compact one-liner, the multi-line breakdown of the CLI `score` command,
// and the small number/age formatters they share with the per-signal details.

import { formatFollowerCount } from './score-format.js';
import type { ScoreResult, ScoringInput } from './scoring.js';

export { formatAge, formatFollowerCount } from './score-format.js';

/** Points with at most one decimal and no trailing `.0` (`25`, `9.6`, `12.8`). */
function formatPoints(points: number): string {
  return String(Math.round(points * 10) / 10);
}

/**
 * The compact line `Score: 74/100 [kw:25 fol:15 rec:10 eng:2 rep:13 ct:10] REPLY`, numbers rounded to whole
 * points. `_input` is accepted for symmetry with `describeScore`; nothing in the line comes from it.
 */
export function formatScore(result: ScoreResult, _input?: ScoringInput): string {
  const s = result.signals;
  const r = Math.round;
  return (
    `Score: ${r(result.total)}/100 [kw:${r(s.keyword_relevance.score)} fol:${r(s.follower.score)} ` +
    `rec:${r(s.recency.score)} eng:${r(s.engagement.score)} rep:${r(s.reply_count.score)} ` +
    `ct:${r(s.content_type.score)}] ${result.meets_threshold ? 'REPLY' : 'SKIP'}`
  );
}

const TEXT_PREVIEW_CHARS = 50;

/**
 * The multi-line breakdown: quoted text (first 50 characters, on one line), the author (`@handle` when the
 * input carries `author_username`) and follower count, the total, one `got/max` line per signal with its
 * context, and the verdict against `threshold` (inclusive, on the rounded total as in `scoreTweet`).
 */
export function describeScore(
  result: ScoreResult,
  input: ScoringInput & { author_username?: string },
  threshold: number,
): string {
  // Code points, not UTF-16 units, so an emoji is never cut in half.
  const chars = Array.from(typeof input.text === 'string' ? input.text.replace(/\s+/g, ' ').trim() : '');
  const preview =
    chars.length > TEXT_PREVIEW_CHARS ? `${chars.slice(0, TEXT_PREVIEW_CHARS).join('')}...` : chars.join('');
  const author = input.author_username ? `@${input.author_username.replace(/^@/, '')}` : 'author';
  const s = result.signals;
  const rows: [string, { score: number; max: number; detail: string }][] = [
    ['Keyword relevance', s.keyword_relevance],
    ['Follower count', s.follower],
    ['Recency', s.recency],
    ['Engagement', s.engagement],
    ['Reply count', s.reply_count],
    ['Content type', s.content_type],
  ];
  const meets = result.total >= threshold;
  return [
    `"${preview}" by ${author} (${formatFollowerCount(input.author_followers)} followers)`,
    `Score: ${result.total}/100`,
    ...rows.map(
      ([label, signal]) =>
        `  ${`${label}:`.padEnd(19)}${`${formatPoints(signal.score)}/${formatPoints(signal.max)}`.padEnd(10)}${signal.detail}`,
    ),
    meets
      ? `Verdict: REPLY (${result.total} >= threshold ${threshold})`
      : `Verdict: SKIP (${result.total} < threshold ${threshold})`,
  ].join('\n');
}
