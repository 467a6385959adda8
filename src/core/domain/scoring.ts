// The 6-signal reply-worthiness score (keywords, author reach, recency, engagement, reply count, content type).
// Pure and hot: called for every discovered post, so no regex, no per-call keyword preparation, few allocations.
import type { z } from 'zod';
import type { ScoringSchema } from '../../contracts/config/automation.js';
import { formatAge, formatFollowerCount } from './score-format.js';

/** The `[scoring]` config section: threshold and the cap of each signal. */
export type ScoringSettings = z.infer<typeof ScoringSchema>;

/** The post as the scorer sees it (platform field names; counts may come in dirty and are sanitised). */
export interface ScoringInput {
  text: string;
  author_followers: number;
  likes: number;
  retweets: number;
  replies: number;
  /** RFC 3339 timestamp; anything else scores 0 on recency. */
  created_at: string;
  has_media?: boolean;
  is_quote?: boolean;
}

export interface SignalScore {
  score: number;
  max: number;
  detail: string;
}

export interface ScoreResult {
  total: number;
  meets_threshold: boolean;
  signals: {
    keyword_relevance: SignalScore;
    follower: SignalScore;
    recency: SignalScore;
    engagement: SignalScore;
    reply_count: SignalScore;
    content_type: SignalScore;
  };
  matched_keywords: string[];
}

/** Engagement rate that earns full marks (5 %); 1.5 % is the baseline quoted in breakdowns. */
const FULL_ENGAGEMENT_RATE = 0.05;
/** At this many existing replies the conversation is crowded and the signal is 0. */
const CROWDED_REPLIES = 20;
const MINUTE_MS = 60_000;

/** NaN, negatives (and anything not a number) become 0 so dirty platform data never throws or poisons the total. */
function sane(value: number): number {
  return value > 0 ? value : 0;
}

/** Clamp to [0, max]; NaN becomes 0. */
function clamp(value: number, max: number): number {
  return value > 0 ? (value < max ? value : max) : 0;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

interface PreparedKeywords {
  source: readonly string[];
  /** Copies of the source entries, so an in-place edit of the caller's array is noticed. */
  originals: string[];
  /** Usable keywords as configured (blank ones dropped), for `matched_keywords`. */
  names: string[];
  lower: string[];
  weights: number[];
  totalWeight: number;
}

// One-entry memo: a batch is scored against the same keyword array, so lower-casing and weighing it once per
// batch instead of once per post is the main saving. Invisible to callers (same inputs, same outputs).
let preparedCache: PreparedKeywords | undefined;

function prepareKeywords(keywords: readonly string[]): PreparedKeywords {
  const cached = preparedCache;
  if (cached !== undefined && cached.source === keywords && cached.originals.length === keywords.length) {
    let same = true;
    for (let i = 0; i < keywords.length; i++) {
      if (cached.originals[i] !== keywords[i]) {
        same = false;
        break;
      }
    }
    if (same) return cached;
  }
  const prepared: PreparedKeywords = {
    source: keywords,
    originals: [...keywords],
    names: [],
    lower: [],
    weights: [],
    totalWeight: 0,
  };
  for (const keyword of keywords) {
    // A blank keyword would "match" every post; config lists reject them, direct callers might not.
    if (typeof keyword !== 'string' || keyword.trim() === '') continue;
    // Multi-word phrases are rarer and more specific than single words, hence double weight.
    const weight = keyword.includes(' ') ? 2 : 1;
    prepared.names.push(keyword);
    prepared.lower.push(keyword.toLowerCase());
    prepared.weights.push(weight);
    prepared.totalWeight += weight;
  }
  preparedCache = prepared;
  return prepared;
}

/**
 * Author reach as a fraction of the cap: a bell curve that favours 1,000–10,000 followers (big enough to be
 * seen, small enough that a reply is noticed) and tapers on both sides.
 */
export function followerFraction(followers: number): number {
  const f = sane(followers);
  if (f === 0) return 0;
  if (f < 100) return f / 200;
  if (f < 1000) return 0.5 + (f - 100) / 1800;
  if (f <= 10_000) return 1;
  if (f <= 100_000) return 1 - (0.75 * (f - 10_000)) / 90_000;
  return 0.25;
}

/** Recency as a fraction of the cap, from the age in whole minutes: full for 5 min, 0 after 6 hours. */
export function recencyFraction(ageMinutes: number): number {
  const age = sane(ageMinutes);
  if (age <= 5) return 1;
  if (age <= 30) return 1 - (0.2 * (age - 5)) / 25;
  if (age <= 60) return 0.8 - (0.3 * (age - 30)) / 30;
  if (age <= 360) return 0.5 - (0.25 * (age - 60)) / 300;
  return 0;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

/**
 * Milliseconds since the epoch of an RFC 3339 date-time (`2024-05-01T12:00:00Z`, `...T12:00:00.5+02:00`), or
 * NaN. Hand-rolled because `Date.parse` accepts non-RFC text (and reads offset-less times in the host's zone).
 */
export function parseRfc3339(text: string): number {
  if (typeof text !== 'string' || text.length < 20) return Number.NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const sep = text.charCodeAt(10);
  if (
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    (sep !== 84 && sep !== 116 && sep !== 32) || // T t space
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58 ||
    year < 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 60 // leap second, as RFC 3339 allows
  ) {
    return Number.NaN;
  }
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0))) return Number.NaN;
  let at = 19;
  let fractionMs = 0;
  if (text.charCodeAt(at) === 46) {
    at++;
    let scale = 100;
    const start = at;
    for (; at < text.length; at++) {
      const code = text.charCodeAt(at) - 48;
      if (code < 0 || code > 9) break;
      fractionMs += code * scale;
      scale /= 10;
    }
    if (at === start) return Number.NaN;
  }
  let offsetMinutes = 0;
  const zone = text.charCodeAt(at);
  if (zone === 90 || zone === 122) {
    if (at + 1 !== text.length) return Number.NaN;
  } else if (zone === 43 || zone === 45) {
    const offHour = digits(text, at + 1, 2);
    const offMinute = digits(text, at + 4, 2);
    if (
      at + 6 !== text.length ||
      text.charCodeAt(at + 3) !== 58 ||
      offHour < 0 ||
      offHour > 23 ||
      offMinute < 0 ||
      offMinute > 59
    ) {
      return Number.NaN;
    }
    offsetMinutes = (zone === 43 ? 1 : -1) * (offHour * 60 + offMinute);
  } else {
    return Number.NaN;
  }
  return (
    Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(fractionMs) - offsetMinutes * MINUTE_MS
  );
}

/**
 * Scores a post 0–100 for reply-worthiness from six signals, each clamped to `[0, its max]`; the total is
 * their sum clamped to [0, 100]. Per-signal scores and the total are rounded to 2 decimals in the result
 * (the total from the unrounded signals), and `meets_threshold` compares that rounded total, inclusive.
 * Keywords match case-insensitively as substrings; a keyword with a space weighs 2. Never throws: negative
 * or NaN counts count as 0, an unparseable `created_at` scores 0 on recency, a future one counts as age 0.
 */
export function scoreTweet(
  input: ScoringInput,
  settings: ScoringSettings,
  keywords: readonly string[],
  now: Date,
): ScoreResult {
  // 1. Keyword relevance.
  const kwMax = sane(settings.keyword_relevance_max);
  const prepared = prepareKeywords(keywords);
  const matched: string[] = [];
  let kwScore = 0;
  let kwDetail: string;
  if (prepared.totalWeight === 0) {
    kwDetail = 'no keywords configured';
  } else {
    const text = typeof input.text === 'string' ? input.text.toLowerCase() : '';
    let matchedWeight = 0;
    for (let i = 0; i < prepared.lower.length; i++) {
      if (text.includes(prepared.lower[i] as string)) {
        matchedWeight += prepared.weights[i] as number;
        matched.push(prepared.names[i] as string);
      }
    }
    kwScore = clamp((kwMax * matchedWeight) / prepared.totalWeight, kwMax);
    kwDetail = matched.length === 0 ? 'matched: none' : `matched: ${matched.join(', ')}`;
  }

  // 2. Author reach.
  const followers = sane(input.author_followers);
  const folMax = sane(settings.follower_count_max);
  const folScore = clamp(followerFraction(followers) * folMax, folMax);

  // 3. Recency, in whole minutes as upstream truncates; a future timestamp is "just now".
  const recMax = sane(settings.recency_max);
  // NaN also when `now` is an invalid Date: no recency points rather than full marks.
  const ageMs = now.getTime() - parseRfc3339(input.created_at);
  let recScore = 0;
  let recDetail: string;
  if (Number.isNaN(ageMs)) {
    recDetail = 'unparseable timestamp';
  } else {
    const ageMinutes = Math.max(0, Math.trunc(ageMs / MINUTE_MS));
    recScore = clamp(recencyFraction(ageMinutes) * recMax, recMax);
    recDetail = `${formatAge(ageMinutes)} old`;
  }

  // 4. Engagement rate relative to the author's audience.
  const replies = sane(input.replies);
  const interactions = sane(input.likes) + sane(input.retweets) + replies;
  const rate = interactions / (followers > 1 ? followers : 1);
  const engMax = sane(settings.engagement_rate_max);
  // clamp(…, 1) rather than a ternary: Infinity/Infinity is NaN and must give 0, not full marks.
  const engScore = clamp(clamp(rate / FULL_ENGAGEMENT_RATE, 1) * engMax, engMax);
  const ratePercent = Number.isFinite(rate) ? rate * 100 : 0;

  // 5. Reply count: fewer replies, more room for ours to be seen.
  const repMax = sane(settings.reply_count_max);
  const repScore = replies >= CROWDED_REPLIES ? 0 : clamp(repMax * (1 - replies / CROWDED_REPLIES), repMax);

  // 6. Content type: text-only originals invite a conversation; media and quotes less so.
  const ctMax = sane(settings.content_type_max);
  const textOnly = input.has_media !== true && input.is_quote !== true;
  const ctScore = textOnly ? ctMax : 0;

  const total = round2(clamp(kwScore + folScore + recScore + engScore + repScore + ctScore, 100));
  return {
    total,
    meets_threshold: total >= settings.threshold,
    signals: {
      keyword_relevance: { score: round2(kwScore), max: kwMax, detail: kwDetail },
      follower: {
        score: round2(folScore),
        max: folMax,
        detail: `${formatFollowerCount(followers)} followers (bell curve)`,
      },
      recency: { score: round2(recScore), max: recMax, detail: recDetail },
      engagement: {
        score: round2(engScore),
        max: engMax,
        detail: `${ratePercent.toFixed(2)}% rate vs 1.5% baseline`,
      },
      reply_count: {
        score: round2(repScore),
        max: repMax,
        detail: replies === 1 ? '1 existing reply' : `${replies} existing replies`,
      },
      content_type: { score: round2(ctScore), max: ctMax, detail: textOnly ? 'text-only' : 'media/quote' },
    },
    matched_keywords: matched,
  };
}
