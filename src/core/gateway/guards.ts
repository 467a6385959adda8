// Applies the safety guards with the account's real usage: when content is queued or approved (an early,
// readable refusal) and when it goes out (the moment that counts). Who acts decides which guards apply:
// the automation caps bind agents and loops only (see posting-guards.ts).
import { type Actor, isAutonomous } from '../../contracts/actor.js';
import type { PostWarning } from '../../contracts/post-warnings.js';
import type { PostingPayload, PostKind } from '../../contracts/posting.js';
import { nextOpening } from '../domain/active-hours.js';
import { IDEMPOTENCY_WINDOW_MS } from '../domain/post-content.js';
import {
  checkGuards,
  DUPLICATE_POST_DAYS,
  type GuardDenial,
  type GuardSettings,
  type GuardSubject,
  type GuardUsage,
  type PriorPost,
  similarPosts,
  similarPostWarning,
  withoutRepeats,
} from '../domain/posting-guards.js';
import { capWindows } from '../domain/time-windows.js';
import { AppError } from '../errors.js';
import type { PostingStore, ReplyExclusion } from '../ports/posting-store.js';

/** When a guard check happens: new content, a person's approval, or the moment it goes out. */
export type GuardStage = 'queue' | 'approve' | 'post';

/**
 * The counters the guards read, for this subject (from SQLite: they survive restarts), over the calendar
 * day and ISO week of `now` in the account's timezone.
 */
export async function guardUsage(
  posting: PostingStore,
  subject: Pick<GuardSubject, 'kind' | 'targetTweetId' | 'targetAuthorId'> &
    Partial<Pick<GuardSubject, 'texts' | 'autonomous'>>,
  now: Date,
  timeZone: string,
  except?: ReplyExclusion,
  /**
   * When the check happens, which decides what else counts besides posts already out: at `queue` time
   * (new content) posting jobs and approval items, pending ones too, so loops acting at the same moment
   * cannot each see room under a cap; at `approve` time jobs and approved items (a person's choice among
   * pending items is not held against the others); at `post` time only what went out. Undefined: posts
   * only (proposals add their own list).
   */
  stage?: GuardStage,
): Promise<GuardUsage> {
  const { dayStart: day, weekStart } = capWindows(now, timeZone);
  const isReply = subject.kind === 'reply';
  // The caps bind agents and loops only (checkGuards): a person's post leaves them uncounted, which spares
  // each of its checks their statements. A caller that names no actor (the loops' planning) counts them.
  const caps = subject.autonomous !== false;
  const counted = (count: () => Promise<number>) => (caps ? count() : Promise.resolve(0));
  const [
    tweetsToday,
    repliesToday,
    threadsThisWeek,
    repliesToAuthorToday,
    productMentionRepliesToday,
    alreadyRepliedToTarget,
    recentReplies,
    earlierPosts,
  ] = await Promise.all([
    counted(() => posting.countPosts(['tweet', 'quote'], day)),
    counted(() => posting.countPosts(['reply'], day)),
    counted(() => posting.countThreads(weekStart)),
    isReply && subject.targetAuthorId
      ? counted(() => posting.countRepliesToAuthor(subject.targetAuthorId as string, day))
      : Promise.resolve(0),
    isReply ? counted(() => posting.countProductMentionReplies(day)) : Promise.resolve(0),
    isReply && subject.targetTweetId
      ? posting.hasReplyTo(subject.targetTweetId, except)
      : Promise.resolve(false),
    isReply ? posting.recentReplyTexts(20) : Promise.resolve([]),
    earlierPostsFor(posting, subject, now, stage, except),
  ]);
  const usage = {
    tweetsToday,
    repliesToday,
    threadsThisWeek,
    repliesToAuthorToday,
    productMentionRepliesToday,
    alreadyRepliedToTarget,
    recentReplies,
    ...(earlierPosts ? { earlierPosts } : {}),
  };
  if (stage === undefined || stage === 'post' || !caps) return usage;
  const pending = stage === 'queue';
  const [tweets, replies, threads, toAuthor] = await Promise.all([
    posting.countQueued(['tweet', 'quote'], day, { except, pending }),
    posting.countQueued(['reply'], day, { except, pending }),
    posting.countQueued(['thread'], weekStart, { except, pending }),
    isReply && subject.targetAuthorId
      ? posting.countQueued(['reply'], day, { except, pending, authorId: subject.targetAuthorId })
      : Promise.resolve(0),
  ]);
  return {
    ...usage,
    tweetsToday: tweetsToday + tweets,
    repliesToday: repliesToday + replies,
    threadsThisWeek: threadsThisWeek + threads,
    repliesToAuthorToday: repliesToAuthorToday + toAuthor,
  };
}

/**
 * What a new post (not a reply: replies have their own rules) must not repeat: posts out in the last 30 days
 * and, before posting time, posts waiting to go out. At queue time an exact repeat of the last five minutes
 * is left out: that is a double submit, collapsed into the first (posting store, gateway), not a new post.
 * At posting time only an autonomous post is checked (a person is warned earlier, never stopped).
 */
async function earlierPostsFor(
  posting: PostingStore,
  subject: Pick<GuardSubject, 'kind'> & Partial<Pick<GuardSubject, 'texts' | 'autonomous'>>,
  now: Date,
  stage: GuardStage | undefined,
  except: ReplyExclusion | undefined,
): Promise<PriorPost[] | undefined> {
  if (subject.kind === 'reply' || !subject.texts?.length) return undefined;
  if (stage === 'post' && !subject.autonomous) return undefined;
  const since = new Date(now.getTime() - DUPLICATE_POST_DAYS * 86_400_000);
  const earlier = await posting.earlierPosts(since, { waiting: stage !== 'post', except });
  if (stage !== 'queue') return earlier;
  return withoutRepeats(subject.texts, earlier, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS));
}

/** What the guards see of a posting payload, posted for `actor`. */
export function subjectOf(
  kind: PostKind,
  payload: PostingPayload,
  actor: Actor,
  extra: Partial<GuardSubject> = {},
): GuardSubject {
  return {
    kind,
    texts: payload.cards.map((card) => card.text),
    targetTweetId: payload.in_reply_to_tweet_id,
    targetAuthorId: payload.target_author_id,
    autonomous: isAutonomous(actor),
    ...extra,
  };
}

export interface GuardDeps {
  posting: PostingStore;
  clock: { now(): Date };
  guardSettings: () => GuardSettings;
}

/** What the guards decide: a denial (the first rule broken), and what a person is told but not stopped by. */
export interface GuardCheck {
  denial?: GuardDenial;
  /** A person's post repeating one of the last 30 days or one waiting (an autonomous one is denied). */
  warnings: PostWarning[];
}

export async function guardCheck(
  deps: GuardDeps,
  subject: GuardSubject,
  stage: GuardStage,
  except?: ReplyExclusion,
): Promise<GuardCheck> {
  const now = deps.clock.now();
  const settings = deps.guardSettings();
  const usage = await guardUsage(deps.posting, subject, now, settings.activeHours.timezone, except, stage);
  const found = checkGuards(subject, usage, settings, now);
  // Outside active hours an autonomous post is held, not refused: it waits in the queue (or for its review)
  // and the publisher lets it go when the window opens.
  const denial = found?.rule === 'active_hours' && stage !== 'post' ? undefined : found;
  const warnings =
    subject.autonomous || !usage.earlierPosts
      ? []
      : similarPosts(subject.texts, usage.earlierPosts, now).map(similarPostWarning);
  return { ...(denial ? { denial } : {}), warnings };
}

export async function guardDenial(
  deps: GuardDeps,
  subject: GuardSubject,
  stage: GuardStage,
  except?: ReplyExclusion,
): Promise<GuardDenial | undefined> {
  return (await guardCheck(deps, subject, stage, except)).denial;
}

/** The error a denial becomes for callers (HTTP 403, envelope policy_denied_hard_rule). */
export function denialError(denial: GuardDenial): AppError {
  return new AppError('policy_denied_hard_rule', `refused by a safety rule: ${denial.message}`, {
    details: { rule: denial.rule, waitable: denial.waitable },
  });
}

/**
 * Refuses what can never pass (banned phrase, duplicate, self-reply…) and, when posting `now` is meant,
 * what the caps stop today. Scheduled or reviewed content meets the caps again when it goes out. Answers
 * the warnings a person gets (a repeat of a recent post) when nothing refuses it.
 */
export async function enforceGuards(
  deps: GuardDeps,
  subject: GuardSubject,
  options: { capsApply: boolean; stage: GuardStage; except?: ReplyExclusion },
): Promise<PostWarning[]> {
  const { denial, warnings } = await guardCheck(deps, subject, options.stage, options.except);
  if (!denial || (denial.waitable && !options.capsApply)) return warnings;
  throw denialError(denial);
}

/** When an autonomous post made now, outside the active hours, goes out: the window's next opening. */
export function heldUntil(deps: GuardDeps, subject: GuardSubject | undefined): Date | undefined {
  return subject?.autonomous ? nextOpening(deps.clock.now(), deps.guardSettings().activeHours) : undefined;
}
