// The posting guards for a reply the account is about to commit to (queue for review, or recommend),
// counting replies already waiting in the approval queue as if they were posted: an agent proposing a
// second reply to the same post, or a sixth reply today, hears "no" now instead of at approval time.
import {
  checkGuards,
  type GuardDenial,
  type GuardSubject,
  mentionsProduct,
} from '../../domain/posting-guards.js';
import { capWindows } from '../../domain/time-windows.js';
import { type GuardDeps, guardUsage } from '../../gateway/guards.js';
import type { LiveReplyItem } from '../../ports/engagement-history.js';

/**
 * The first guard `subject` breaks given what was posted (SQLite counters) plus `committed` replies (live
 * approval items and earlier drafts of the same batch, newest first); undefined when it may go ahead.
 */
export async function replyGuardDenial(
  deps: { guards: GuardDeps },
  subject: GuardSubject,
  committed: readonly LiveReplyItem[],
): Promise<GuardDenial | undefined> {
  const now = deps.guards.clock.now();
  const settings = deps.guards.guardSettings();
  const timeZone = settings.activeHours.timezone;
  const usage = await guardUsage(deps.guards.posting, subject, now, timeZone);
  const dayStart = capWindows(now, timeZone).dayStart.getTime();
  const today = committed.filter((item) => Date.parse(item.created_at) >= dayStart);
  const toAuthor = subject.targetAuthorId
    ? today.filter((item) => item.target_author_id === subject.targetAuthorId).length
    : 0;
  return checkGuards(
    subject,
    {
      ...usage,
      repliesToday: usage.repliesToday + today.length,
      repliesToAuthorToday: usage.repliesToAuthorToday + toAuthor,
      productMentionRepliesToday:
        usage.productMentionRepliesToday +
        today.filter((item) => mentionsProduct(item.text, settings.product)).length,
      alreadyRepliedToTarget:
        usage.alreadyRepliedToTarget ||
        (subject.targetTweetId !== undefined &&
          committed.some((item) => item.target_tweet_id === subject.targetTweetId)),
      recentReplies: [...committed.map((item) => item.text), ...usage.recentReplies].slice(0, 20),
    },
    settings,
    now,
  );
}
