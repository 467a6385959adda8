// The guards every post passes at the moment it would go out (and when it is queued or approved):
// banned phrases and the daily/weekly caps. Pure: counts come in, a readable denial goes out.
import type { PostKind } from '../../contracts/posting.js';

export interface GuardLimits {
  max_tweets_per_day: number;
  max_replies_per_day: number;
  max_threads_per_week: number;
  banned_phrases: readonly string[];
}

/** What the account posted in the windows the caps look at. */
export interface GuardUsage {
  tweetsLast24h: number;
  repliesLast24h: number;
  threadsLast7d: number;
}

export interface GuardDenial {
  rule: 'banned_phrase' | 'tweet_cap' | 'reply_cap' | 'thread_cap';
  message: string;
  /** Caps free up with time; a banned phrase needs an edit. */
  waitable: boolean;
}

/** The first banned phrase in `text` (case-insensitive), if any. */
export function findBannedPhrase(text: string, phrases: readonly string[]): string | undefined {
  const lower = text.toLocaleLowerCase();
  return phrases.find((phrase) => phrase.trim() !== '' && lower.includes(phrase.toLocaleLowerCase()));
}

export function checkPostingGuards(
  kind: PostKind,
  texts: readonly string[],
  usage: GuardUsage,
  limits: GuardLimits,
): GuardDenial | undefined {
  for (const [index, text] of texts.entries()) {
    const phrase = findBannedPhrase(text, limits.banned_phrases);
    if (phrase) {
      const where = texts.length > 1 ? `card ${index + 1} ` : '';
      return {
        rule: 'banned_phrase',
        message: `${where}contains the banned phrase "${phrase}"`,
        waitable: false,
      };
    }
  }
  if (kind === 'reply' && usage.repliesLast24h >= limits.max_replies_per_day) {
    const { repliesLast24h: used } = usage;
    return {
      rule: 'reply_cap',
      message: `daily reply cap reached (${used}/${limits.max_replies_per_day})`,
      waitable: true,
    };
  }
  if ((kind === 'tweet' || kind === 'quote') && usage.tweetsLast24h >= limits.max_tweets_per_day) {
    return {
      rule: 'tweet_cap',
      message: `daily post cap reached (${usage.tweetsLast24h}/${limits.max_tweets_per_day})`,
      waitable: true,
    };
  }
  if (kind === 'thread' && usage.threadsLast7d >= limits.max_threads_per_week) {
    return {
      rule: 'thread_cap',
      message: `weekly thread cap reached (${usage.threadsLast7d}/${limits.max_threads_per_week})`,
      waitable: true,
    };
  }
  return undefined;
}
