// Applies the posting guards with the account's real usage: at queue/approve time (early, readable
// refusal) and at posting time (the moment that counts).
import type { PostKind } from '../../../contracts/posting.js';
import { checkPostingGuards, type GuardDenial, type GuardUsage } from '../../domain/posting-guards.js';
import { AppError } from '../../errors.js';
import type { PostingStore } from '../../ports/posting-store.js';
import type { ContentDeps } from '../content-deps.js';

const DAY_MS = 86_400_000;

export async function guardUsage(posting: PostingStore, now: Date): Promise<GuardUsage> {
  const day = new Date(now.getTime() - DAY_MS);
  const [tweetsLast24h, repliesLast24h, threadsLast7d] = await Promise.all([
    posting.countPosts(['tweet', 'quote'], day),
    posting.countPosts(['reply'], day),
    posting.countThreads(new Date(now.getTime() - 7 * DAY_MS)),
  ]);
  return { tweetsLast24h, repliesLast24h, threadsLast7d };
}

/** The denial, if any, for posting `texts` as `kind` now. */
export async function guardDenial(
  deps: Pick<ContentDeps, 'posting' | 'clock' | 'settings'>,
  kind: PostKind,
  texts: readonly string[],
): Promise<GuardDenial | undefined> {
  const usage = await guardUsage(deps.posting, deps.clock.now());
  return checkPostingGuards(kind, texts, usage, deps.settings().limits);
}

/**
 * Refuses what can never pass (banned phrases) and, when `now` is meant, what the caps stop today.
 * Scheduled or reviewed content is checked against the caps again when it goes out.
 */
export async function enforceGuards(
  deps: Pick<ContentDeps, 'posting' | 'clock' | 'settings'>,
  kind: PostKind,
  texts: readonly string[],
  options: { capsApply: boolean },
): Promise<void> {
  const denial = await guardDenial(deps, kind, texts);
  if (!denial || (denial.waitable && !options.capsApply)) return;
  throw new AppError('policy_denied_hard_rule', `refused by a safety rule: ${denial.message}`, {
    details: { rule: denial.rule },
  });
}
