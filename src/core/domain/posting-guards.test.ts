import { describe, expect, it } from 'vitest';
import {
  checkGuards,
  type GuardSettings,
  type GuardSubject,
  type GuardUsage,
  mentionsProduct,
  type PriorPost,
  similarPosts,
  similarPostWarning,
  tooSimilar,
  withoutRepeats,
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

describe('no duplicate posts: a repeat of a post of the last 30 days or one waiting to go out', () => {
  const DAY = 86_400_000;
  const ago = (days: number) => new Date(NOON.getTime() - days * DAY).toISOString();
  const LAUNCH = 'Shipping the new calendar view today for every account';
  const posted = (texts: string[], days: number, tweet_id = 't10'): PriorPost => ({
    texts,
    tweet_id,
    job_id: 3,
    posted_at: ago(days),
  });
  const match = (texts: string[], earlier: PriorPost[]) => similarPosts(texts, earlier, NOON);

  it('the same text after normalising whitespace and case is a repeat', () => {
    const [found] = match(
      ['  shipping the NEW calendar\nview today   for every account '],
      [posted([LAUNCH], 10)],
    );
    expect(found).toMatchObject({ card: 0, same: true, earlier: { tweet_id: 't10' } });
    // Short texts too: an exact repeat needs no five words.
    expect(match(['Hello world'], [posted(['hello   WORLD'], 2)])).toHaveLength(1);
  });

  it('near-identical: Jaccard ≥ 0.8 over words with at least 5 words; below either, not', () => {
    // 9 of 10 distinct words shared (one swapped): 0.8.
    const near = 'Shipping the new calendar view today for every user';
    expect(wordSimilarity(near, LAUNCH)).toBeCloseTo(0.8);
    expect(match([near], [posted([LAUNCH], 10)])).toMatchObject([{ same: false }]);
    expect(match(['Shipping the new calendar view soon, maybe next week'], [posted([LAUNCH], 10)])).toEqual(
      [],
    );
    // Four words, three shared: not near (too short to judge), and not the same.
    expect(match(['one two three four'], [posted(['one two three five'], 1)])).toEqual([]);
  });

  it('posts older than 30 days are ignored; posts waiting to go out count whatever their age', () => {
    expect(match([LAUNCH], [posted([LAUNCH], 31)])).toEqual([]);
    expect(match([LAUNCH], [posted([LAUNCH], 29)])).toHaveLength(1);
    const waiting: PriorPost = {
      texts: [LAUNCH],
      job_id: 7,
      draft_id: 4,
      scheduled_for: null,
      queued_at: ago(40),
    };
    expect(match([LAUNCH], [waiting])).toHaveLength(1);
  });

  it('a different post is not flagged; media-only cards repeat nothing', () => {
    expect(match(['A thread about our pricing changes and why'], [posted([LAUNCH], 3)])).toEqual([]);
    expect(match([''], [posted([''], 3)])).toEqual([]);
  });

  it('threads are compared card by card against every card of earlier posts', () => {
    const thread = posted(['Intro card of a thread', LAUNCH], 5, 't20');
    const found = match(
      ['Something new', 'shipping the new calendar view today for every account'],
      [thread],
    );
    expect(found).toMatchObject([{ card: 1, cards: 2, earlierCard: 1, same: true }]);
    expect(similarPostWarning(found[0] as never)).toEqual({
      code: 'similar_post',
      message: `card 2 repeats post t20 of ${ago(5).slice(0, 10)}: "${LAUNCH}"`,
      earlier: { tweet_id: 't20', job_id: 3, text: LAUNCH, posted_at: ago(5) },
    });
  });

  it('the warning names a waiting post by its job, draft and time', () => {
    const waiting: PriorPost = {
      texts: [LAUNCH],
      job_id: 7,
      draft_id: 4,
      scheduled_for: '2026-11-30T09:00:00.000Z',
      queued_at: ago(1),
    };
    const [found] = match([LAUNCH], [waiting]);
    expect(similarPostWarning(found as never)).toEqual({
      code: 'similar_post',
      message: `repeats the post of job 7 (draft 4), scheduled for 2026-11-30T09:00:00.000Z: "${LAUNCH}"`,
      earlier: { job_id: 7, draft_id: 4, text: LAUNCH, scheduled_for: '2026-11-30T09:00:00.000Z' },
    });
  });

  it('the guard refuses an autonomous repeat (not waitable) and never a person; replies keep their own rule', () => {
    const earlierPosts = [posted([LAUNCH], 10)];
    const denial = checkGuards(
      { kind: 'tweet', texts: [LAUNCH], autonomous: true },
      { ...NONE, earlierPosts },
      SETTINGS,
      NOON,
    );
    expect(denial).toEqual({
      rule: 'duplicate_post',
      message: `repeats post t10 of ${ago(10).slice(0, 10)}: "${LAUNCH}"`,
      waitable: false,
    });
    expect(rule({ kind: 'quote', texts: [LAUNCH], autonomous: true }, { earlierPosts })).toBe(
      'duplicate_post',
    );
    expect(rule({ kind: 'tweet', texts: [LAUNCH], autonomous: false }, { earlierPosts })).toBeUndefined();
    expect(rule(reply(LAUNCH), { earlierPosts })).toBeUndefined();
  });

  it('an exact repeat made in the last five minutes is a double submit, left to the collapse', () => {
    const since = new Date(NOON.getTime() - 5 * 60_000);
    const justNow: PriorPost = { texts: [`${LAUNCH} `], tweet_id: 't1', posted_at: ago(1 / 1440) };
    const waiting: PriorPost = { texts: [LAUNCH], job_id: 9, scheduled_for: null, queued_at: ago(1 / 1440) };
    const older = posted([LAUNCH], 1);
    expect(withoutRepeats([LAUNCH], [justNow, waiting, older], since)).toEqual([older]);
    // A near repeat, or another card count, is no double submit.
    expect(withoutRepeats([`${LAUNCH}!`], [justNow], since)).toEqual([justNow]);
    expect(withoutRepeats([LAUNCH, 'more'], [justNow], since)).toEqual([justNow]);
    // A thread cut short (one card out of two): a retry of the whole thread is the same double submit.
    const cutShort: PriorPost = { ...justNow, planned: [LAUNCH, 'more'] };
    expect(withoutRepeats([LAUNCH, 'more'], [cutShort], since)).toEqual([]);
  });
});
