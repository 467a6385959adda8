import { describe, expect, it } from 'vitest';
import {
  checkGuards,
  type GuardSettings,
  type GuardSubject,
  type GuardUsage,
  mentionsProduct,
  tooSimilar,
  wordSimilarity,
} from './posting-guards.js';

const SETTINGS: GuardSettings = {
  max_tweets_per_day: 6,
  max_replies_per_day: 5,
  max_threads_per_week: 1,
  max_replies_per_author_per_day: 1,
  product_mention_ratio: 0.2,
  banned_phrases: ['check out', 'link in bio'],
  activeHours: {
    timezone: 'Europe/Lisbon',
    start: 8,
    end: 22,
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  },
  product: { name: 'Acme', url: 'https://acme.dev' },
};
const NONE: GuardUsage = {
  tweetsToday: 0,
  repliesToday: 0,
  threadsThisWeek: 0,
  repliesToAuthorToday: 0,
  productMentionRepliesToday: 0,
  alreadyRepliedToTarget: false,
  recentReplies: [],
};
const NOON = new Date('2026-11-22T12:00:00Z'); // 12:00 in Lisbon (UTC+0 in winter)
const reply = (text: string, extra: Partial<GuardSubject> = {}): GuardSubject => ({
  kind: 'reply',
  texts: [text],
  targetTweetId: 't1',
  targetAuthorId: 'a1',
  autonomous: true,
  ...extra,
});
const rule = (subject: GuardSubject, usage: Partial<GuardUsage> = {}, now = NOON, settings = SETTINGS) =>
  checkGuards(subject, { ...NONE, ...usage }, settings, now)?.rule;

describe('posting guards', () => {
  it('daily reply cap: the 5th reply is allowed, the 6th denied (waitable)', () => {
    expect(rule(reply('fifth'), { repliesToday: 4 })).toBeUndefined();
    const denial = checkGuards(reply('sixth'), { ...NONE, repliesToday: 5 }, SETTINGS, NOON);
    expect(denial).toEqual({ rule: 'reply_cap', message: 'daily reply cap reached (5/5)', waitable: true });
  });

  it('daily post cap (6) and weekly thread cap (1)', () => {
    const post = { kind: 'tweet' as const, texts: ['hi'], autonomous: true };
    expect(rule(post, { tweetsToday: 5 })).toBeUndefined();
    expect(rule(post, { tweetsToday: 6 })).toBe('tweet_cap');
    expect(rule({ kind: 'quote', texts: ['q'], autonomous: true }, { tweetsToday: 6 })).toBe('tweet_cap');
    const thread = { kind: 'thread' as const, texts: ['a', 'b'], autonomous: true };
    expect(rule(thread, { threadsThisWeek: 0 })).toBeUndefined();
    expect(rule(thread, { threadsThisWeek: 1 })).toBe('thread_cap');
  });

  it("a person's own posts meet no cap and no active hours; banned phrases and duplicates still apply", () => {
    const full: Partial<GuardUsage> = {
      tweetsToday: 60,
      repliesToday: 50,
      threadsThisWeek: 9,
      repliesToAuthorToday: 9,
      productMentionRepliesToday: 50,
    };
    const midnight = new Date('2026-11-22T02:00:00Z');
    const person = { autonomous: false };
    expect(rule({ kind: 'tweet', texts: ['mine'] }, full, midnight)).toBeUndefined();
    expect(rule({ kind: 'thread', texts: ['a', 'b'] }, full, midnight)).toBeUndefined();
    expect(rule(reply('Acme, my reply', person), full, midnight)).toBeUndefined();
    expect(rule({ kind: 'tweet', texts: ['check out my link'] }, full)).toBe('banned_phrase');
    expect(rule(reply('again', person), { alreadyRepliedToTarget: true })).toBe('duplicate_reply');
    expect(
      rule(reply('same words here for you', person), { recentReplies: ['same words here for you'] }),
    ).toBe('similar_reply');
    expect(rule(reply('me', { ...person, selfUserId: 'a1' }))).toBe('self_reply');
  });

  it('per-author cap: one reply per author per day', () => {
    expect(rule(reply('first to a1'), { repliesToAuthorToday: 0 })).toBeUndefined();
    expect(rule(reply('second to a1'), { repliesToAuthorToday: 1 })).toBe('author_cap');
  });

  it('product mentions: exactly 20 % of replies is allowed, above is denied', () => {
    const mention = reply('Acme does this well');
    // 4 replies today, none mentioning: this one makes 1 of 5 = 20 %.
    expect(rule(mention, { repliesToday: 4, productMentionRepliesToday: 0 })).toBeUndefined();
    // 3 replies today: 1 of 4 = 25 %.
    expect(rule(mention, { repliesToday: 3, productMentionRepliesToday: 0 })).toBe('mention_ratio');
    expect(rule(reply('see acme.dev/docs'), { repliesToday: 3 })).toBe('mention_ratio');
    expect(rule(reply('no product here'), { repliesToday: 3 })).toBeUndefined();
    expect(mentionsProduct('ACME rocks', SETTINGS.product)).toBe(true);
  });

  it('banned phrases, case-insensitive, in any card', () => {
    expect(checkGuards({ kind: 'tweet', texts: ['Please CHECK OUT this'] }, NONE, SETTINGS, NOON)).toEqual({
      rule: 'banned_phrase',
      message: 'contains the banned phrase "check out"',
      waitable: false,
    });
    expect(
      checkGuards({ kind: 'thread', texts: ['fine', 'Link In Bio'] }, NONE, SETTINGS, NOON)?.message,
    ).toBe('card 2 contains the banned phrase "link in bio"');
  });

  it('no self-reply, no second reply to the same post, no near-duplicate phrasing', () => {
    expect(rule(reply('hello', { targetAuthorId: 'me', selfUserId: 'me' }))).toBe('self_reply');
    expect(rule(reply('hello'), { alreadyRepliedToTarget: true })).toBe('duplicate_reply');
    const recent = ['Great point about caching layers in distributed systems today'];
    expect(
      rule(reply('Great point about caching layers in distributed systems!'), { recentReplies: recent }),
    ).toBe('similar_reply');
    expect(
      rule(reply('A different take entirely on how caches fail'), { recentReplies: recent }),
    ).toBeUndefined();
    expect(rule(reply('ok thanks'), { recentReplies: ['OK   thanks'] })).toBe('similar_reply');
    expect(tooSimilar('short one', ['short two'])).toBeUndefined();
    expect(wordSimilarity('a b c d e', 'a b c d f')).toBeCloseTo(4 / 6);
  });

  it('active hours apply to autonomous callers only, in the account timezone, wrapping midnight', () => {
    const post = { kind: 'tweet' as const, texts: ['x'], autonomous: true };
    expect(rule(post, {}, new Date('2026-11-22T07:59:00Z'))).toBe('active_hours');
    expect(rule(post, {}, new Date('2026-11-22T08:00:00Z'))).toBeUndefined();
    expect(rule(post, {}, new Date('2026-11-22T22:00:00Z'))).toBe('active_hours');
    expect(rule({ ...post, autonomous: false }, {}, new Date('2026-11-22T23:00:00Z'))).toBeUndefined();
    const summer = new Date('2026-07-01T07:30:00Z'); // 08:30 in Lisbon (UTC+1)
    expect(rule(post, {}, summer)).toBeUndefined();
    const night = { ...SETTINGS, activeHours: { ...SETTINGS.activeHours, start: 22, end: 6 } };
    expect(rule(post, {}, new Date('2026-11-22T23:00:00Z'), night)).toBeUndefined();
    expect(rule(post, {}, new Date('2026-11-22T12:00:00Z'), night)).toBe('active_hours');
    const weekdays = { ...SETTINGS, activeHours: { ...SETTINGS.activeHours, days: ['Mon' as const] } };
    expect(rule(post, {}, NOON, weekdays)).toBe('active_hours'); // 2026-11-22 is a Sunday
  });
});
