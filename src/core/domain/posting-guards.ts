// The safety guards every post passes, whoever starts it (loops, HTTP, tools, approvals): banned phrases,
// no self-reply, no duplicate or near-duplicate reply; and for autonomous actors (agents, loops) only, no
// repeat of a post of the last 30 days (a person is warned instead: `similarPosts`), the automation caps
// (daily and weekly, per author, product-mention share of replies) and active hours.
// Pure: usage comes in, a denial a user can read goes out.

import type { PostWarning } from '../../contracts/post-warnings.js';
import type { PostKind } from '../../contracts/posting.js';
import { type ActiveHours, isWithinActiveHours } from './active-hours.js';

export interface GuardSettings {
  max_tweets_per_day: number;
  max_replies_per_day: number;
  max_threads_per_week: number;
  max_replies_per_author_per_day: number;
  product_mention_ratio: number;
  banned_phrases: readonly string[];
  activeHours: ActiveHours;
  product: { name?: string; url?: string };
}

/** What a post would be. */
export interface GuardSubject {
  kind: PostKind;
  texts: readonly string[];
  targetTweetId?: string;
  targetAuthorId?: string;
  /** The signed-in account, when known (self-reply check). */
  selfUserId?: string;
  /** A loop or agent acting on its own (the automation caps and active hours apply), not a person. */
  autonomous?: boolean;
}

/** What the account already did, in the windows the rules look at (from SQLite, survives restarts). */
export interface GuardUsage {
  tweetsToday: number;
  repliesToday: number;
  threadsThisWeek: number;
  repliesToAuthorToday: number;
  productMentionRepliesToday: number;
  alreadyRepliedToTarget: boolean;
  /** Texts of the most recent replies (newest first, up to 20). */
  recentReplies: readonly string[];
  /**
   * Posts (not replies) of the account out in the last 30 days or waiting to go out, newest first, that a new
   * post (not a reply) must not repeat. Absent: not looked up (replies, counters only).
   */
  earlierPosts?: readonly PriorPost[];
}

/** A post of the account a new one is compared with: out on the platform (`posted_at`), or waiting to go out. */
export interface PriorPost {
  /** Its cards' texts in order (one for a post or a quote); of a thread cut short, the cards out. */
  texts: readonly string[];
  /** Every card its posting job holds, when more than went out (a thread cut short): what a retry repeats. */
  planned?: readonly string[];
  tweet_id?: string;
  job_id?: number;
  draft_id?: number;
  /** When it went out (ISO 8601); absent while it waits. */
  posted_at?: string;
  /** Waiting: when it goes out (null: as soon as it can). */
  scheduled_for?: string | null;
  /** Waiting: when it was queued (ISO 8601). */
  queued_at?: string;
}

export type GuardRule =
  | 'banned_phrase'
  | 'self_reply'
  | 'duplicate_reply'
  | 'similar_reply'
  | 'duplicate_post'
  | 'reply_cap'
  | 'author_cap'
  | 'mention_ratio'
  | 'tweet_cap'
  | 'thread_cap'
  | 'active_hours';

export interface GuardDenial {
  rule: GuardRule;
  message: string;
  /** Time lifts it (caps, ratio, active hours); the others need a different post. */
  waitable: boolean;
}

/** The first banned phrase in `text` (case-insensitive), if any. */
export function findBannedPhrase(text: string, phrases: readonly string[]): string | undefined {
  const lower = text.toLocaleLowerCase();
  return phrases.find((phrase) => phrase.trim() !== '' && lower.includes(phrase.toLocaleLowerCase()));
}

/** Does the text name the product (its name or its URL)? */
export function mentionsProduct(text: string, product: GuardSettings['product']): boolean {
  const lower = text.toLocaleLowerCase();
  const name = product.name?.trim().toLocaleLowerCase();
  const host = product.url
    ? product.url
        .replace(/^https?:\/\//, '')
        .replace(/\/.*$/, '')
        .toLocaleLowerCase()
    : undefined;
  return Boolean((name && lower.includes(name)) || (host && lower.includes(host)));
}

/**
 * A text's words, by text: a guard check compares one text with up to 20 recent replies and 30 days of
 * posts, and the next check with the same ones again. Bounded; started again when full.
 */
const wordSets = new Map<string, ReadonlySet<string>>();

function wordsOf(text: string): ReadonlySet<string> {
  let words = wordSets.get(text);
  if (!words) {
    words = new Set(
      text
        .toLocaleLowerCase()
        .split(/\s+/)
        .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
        .filter(Boolean),
    );
    if (wordSets.size >= 2048) wordSets.clear();
    wordSets.set(text, words);
  }
  return words;
}

/** Jaccard similarity of the word sets (lower-cased, punctuation trimmed). */
export function wordSimilarity(a: string, b: string): number {
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const word of x) if (y.has(word)) shared++;
  return shared / (x.size + y.size - shared);
}

const normalText = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * How close `text` is to `other`: `same` after normalising whitespace and case, `near` when `text` has at least
 * 5 words and ≥ 80 % of the words are shared (`wordSimilarity`), else undefined.
 */
export function closeness(text: string, other: string): 'same' | 'near' | undefined {
  if (normalText(text) === normalText(other)) return 'same';
  return wordsOf(text).size >= 5 && wordSimilarity(text, other) >= 0.8 ? 'near' : undefined;
}

/** A reply too close to a recent one: identical, or ≥ 80 % of the words shared (when it has ≥ 5 words). */
export function tooSimilar(reply: string, recent: readonly string[]): string | undefined {
  return recent.slice(0, 20).find((old) => closeness(reply, old) !== undefined);
}

/** How far back a new post is compared with the account's posts (waiting ones count whatever their age). */
export const DUPLICATE_POST_DAYS = 30;

/** A card of a new post that repeats (`same`) or nearly repeats a card of an earlier post. */
export interface SimilarPost {
  /** The card of the new post (0-based) and how many it has. */
  card: number;
  cards: number;
  earlier: PriorPost;
  /** The earlier post's card it repeats. */
  earlierCard: number;
  same: boolean;
}

/**
 * Each card of a new post (every card of a thread: the platform refuses any card that repeats a post) that
 * repeats or nearly repeats a card of a post out in the last 30 days or waiting to go out: the first such
 * earlier post (newest first) for each card. Cards without text (media only) repeat nothing.
 */
export function similarPosts(
  texts: readonly string[],
  earlier: readonly PriorPost[],
  now: Date,
): SimilarPost[] {
  const since = now.getTime() - DUPLICATE_POST_DAYS * 86_400_000;
  const candidates = earlier.filter((post) => !post.posted_at || Date.parse(post.posted_at) >= since);
  const found: SimilarPost[] = [];
  for (const [card, text] of texts.entries()) {
    if (normalText(text) === '') continue;
    for (const post of candidates) {
      const earlierCard = post.texts.findIndex(
        (old) => normalText(old) !== '' && closeness(text, old) !== undefined,
      );
      if (earlierCard < 0) continue;
      const same = closeness(text, post.texts[earlierCard] ?? '') === 'same';
      found.push({ card, cards: texts.length, earlier: post, earlierCard, same });
      break;
    }
  }
  return found;
}

/**
 * The earlier posts without the exact repeats (every card the same, trimmed) made since `since`: a double
 * submit, which the posting store collapses into the first (and the gateway answers as a duplicate).
 */
export function withoutRepeats(
  texts: readonly string[],
  earlier: readonly PriorPost[],
  since: Date,
): PriorPost[] {
  const key = (cards: readonly string[]) => JSON.stringify(cards.map((t) => t.normalize('NFC').trim()));
  const mine = key(texts);
  return earlier.filter((post) => {
    const made = post.posted_at ?? post.queued_at;
    return !(made && Date.parse(made) >= since.getTime() && key(post.planned ?? post.texts) === mine);
  });
}

const excerpt = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The earlier post as a person reads it: its platform id and day, or the job waiting to go out. */
function nameOf(post: PriorPost): string {
  if (post.posted_at) {
    const id = post.tweet_id ? `post ${post.tweet_id}` : 'a post';
    return `${id} of ${post.posted_at.slice(0, 10)}`;
  }
  const job = post.job_id === undefined ? 'a post' : `the post of job ${post.job_id}`;
  const draft = post.draft_id === undefined ? '' : ` (draft ${post.draft_id})`;
  const when = post.scheduled_for ? `scheduled for ${post.scheduled_for}` : 'waiting to go out';
  return `${job}${draft}, ${when}`;
}

/** "card 2 nearly repeats post 123 of 2026-11-12: "…"". */
export function similarPostMessage(match: SimilarPost): string {
  const where = match.cards > 1 ? `card ${match.card + 1} ` : '';
  const how = match.same ? 'repeats' : 'nearly repeats';
  const text = excerpt(match.earlier.texts[match.earlierCard] ?? '');
  return `${where}${how} ${nameOf(match.earlier)}: "${text}"`;
}

/** The warning a person gets for a repeat (they may go on: only autonomous posts are refused). */
export function similarPostWarning(match: SimilarPost): PostWarning {
  const { earlier } = match;
  return {
    code: 'similar_post',
    message: similarPostMessage(match),
    earlier: {
      ...(earlier.tweet_id === undefined ? {} : { tweet_id: earlier.tweet_id }),
      ...(earlier.job_id === undefined ? {} : { job_id: earlier.job_id }),
      ...(earlier.draft_id === undefined ? {} : { draft_id: earlier.draft_id }),
      text: excerpt(earlier.texts[match.earlierCard] ?? ''),
      ...(earlier.posted_at === undefined
        ? { scheduled_for: earlier.scheduled_for ?? null }
        : { posted_at: earlier.posted_at }),
    },
  };
}

const deny = (rule: GuardRule, message: string, waitable = false): GuardDenial => ({
  rule,
  message,
  waitable,
});

/** The first rule the post breaks, in the order a user would want to hear about them; undefined = allowed. */
export function checkGuards(
  subject: GuardSubject,
  usage: GuardUsage,
  settings: GuardSettings,
  now: Date,
): GuardDenial | undefined {
  for (const [index, text] of subject.texts.entries()) {
    const phrase = findBannedPhrase(text, settings.banned_phrases);
    if (phrase) {
      const where = subject.texts.length > 1 ? `card ${index + 1} ` : '';
      return deny('banned_phrase', `${where}contains the banned phrase "${phrase}"`);
    }
  }
  if (subject.kind === 'reply') {
    const text = subject.texts[0] ?? '';
    if (subject.selfUserId && subject.targetAuthorId === subject.selfUserId) {
      return deny('self_reply', 'the account does not reply to its own posts');
    }
    if (usage.alreadyRepliedToTarget)
      return deny('duplicate_reply', `already replied to post ${subject.targetTweetId}`);
    const similar = tooSimilar(text, usage.recentReplies);
    if (similar !== undefined)
      return deny('similar_reply', `too similar to a recent reply: "${similar.slice(0, 60)}"`);
  }
  // A person who repeats a post is warned (`similarPosts`); an agent or a loop is stopped.
  if (subject.autonomous && subject.kind !== 'reply') {
    const [similar] = similarPosts(subject.texts, usage.earlierPosts ?? [], now);
    if (similar) return deny('duplicate_post', similarPostMessage(similar));
  }
  // The automation caps and active hours bound agents and loops; a person's own posts are not held back.
  if (!subject.autonomous) return undefined;
  return capDenial(subject, usage, settings, now);
}

/** The automation caps (daily, weekly, per author, product-mention share) and active hours. */
function capDenial(
  subject: GuardSubject,
  usage: GuardUsage,
  settings: GuardSettings,
  now: Date,
): GuardDenial | undefined {
  if (subject.kind === 'reply') {
    const text = subject.texts[0] ?? '';
    if (usage.repliesToday >= settings.max_replies_per_day) {
      return deny(
        'reply_cap',
        `daily reply cap reached (${usage.repliesToday}/${settings.max_replies_per_day})`,
        true,
      );
    }
    if (subject.targetAuthorId && usage.repliesToAuthorToday >= settings.max_replies_per_author_per_day) {
      return deny(
        'author_cap',
        `already replied to this author ${usage.repliesToAuthorToday} time(s) today (max ${settings.max_replies_per_author_per_day})`,
        true,
      );
    }
    if (mentionsProduct(text, settings.product)) {
      const share = (usage.productMentionRepliesToday + 1) / (usage.repliesToday + 1);
      if (share > settings.product_mention_ratio) {
        const percent = Math.round(settings.product_mention_ratio * 100);
        return deny(
          'mention_ratio',
          `mentioning the product here would make ${Math.round(share * 100)} % of today's replies (max ${percent} %)`,
          true,
        );
      }
    }
  }
  if (
    (subject.kind === 'tweet' || subject.kind === 'quote') &&
    usage.tweetsToday >= settings.max_tweets_per_day
  ) {
    return deny(
      'tweet_cap',
      `daily post cap reached (${usage.tweetsToday}/${settings.max_tweets_per_day})`,
      true,
    );
  }
  if (subject.kind === 'thread' && usage.threadsThisWeek >= settings.max_threads_per_week) {
    return deny(
      'thread_cap',
      `weekly thread cap reached (${usage.threadsThisWeek}/${settings.max_threads_per_week})`,
      true,
    );
  }
  if (!isWithinActiveHours(now, settings.activeHours)) {
    const { start, end, timezone } = settings.activeHours;
    return deny('active_hours', `outside active hours (${start}:00–${end}:00 ${timezone})`, true);
  }
  return undefined;
}
