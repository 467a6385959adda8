// The safety guards every post passes, whoever starts it (loops, HTTP, tools, approvals): banned phrases,
// no self-reply, no duplicate or near-duplicate reply; and for autonomous actors (agents, loops) only, the
// automation caps (daily and weekly, per author, product-mention share of replies) and active hours.
// Pure: usage comes in, a denial a user can read goes out.
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
}

export type GuardRule =
  | 'banned_phrase'
  | 'self_reply'
  | 'duplicate_reply'
  | 'similar_reply'
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

const wordsOf = (text: string) =>
  new Set(
    text
      .toLocaleLowerCase()
      .split(/\s+/)
      .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      .filter(Boolean),
  );

/** Jaccard similarity of the word sets (lower-cased, punctuation trimmed). */
export function wordSimilarity(a: string, b: string): number {
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const word of x) if (y.has(word)) shared++;
  return shared / (x.size + y.size - shared);
}

/** A reply too close to a recent one: identical, or ≥ 80 % of the words shared (when it has ≥ 5 words). */
export function tooSimilar(reply: string, recent: readonly string[]): string | undefined {
  const normal = (t: string) => t.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
  const words = wordsOf(reply).size;
  return recent
    .slice(0, 20)
    .find((old) => normal(old) === normal(reply) || (words >= 5 && wordSimilarity(reply, old) >= 0.8));
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
