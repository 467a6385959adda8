// One turn of the thread loop (reference §g.1): when the week's thread slot has come (`[schedule]
// thread_preferred_day` at thread_preferred_time, in the account's timezone) and this week's thread is not
// out, or — with no day set — thread_interval_seconds after the last thread, and the weekly thread cap
// allows: a 5-8 post thread by the LLM (topic by epsilon-greedy, a random structure), checked, then queued
// as the loop. The posting queue posts it as a reply chain through the exactly-once outbox. An answer
// that is not posted is tried again an hour later (the loop looks every 15 minutes).

import type { Weekday } from '../../../contracts/config/common.js';
import { pickOne, THREAD_STRUCTURES, type ThreadStructure } from '../../domain/autopilot-choices.js';
import { localLabel, weeklySlot } from '../../domain/posting-slots.js';
import { guardUsage } from '../../gateway/guards.js';
import { type AutopilotDeps, laterOf, type SubmitOutcome } from './autopilot-deps.js';
import { pickTopic } from './pick-topic.js';
import { writeThread } from './write-thread.js';

export const THREAD_TOPICS_CURSOR = 'threads:recent_topics';
/** When the last thread answer was not posted (rejected or refused): the loop tries again an hour later. */
export const THREAD_ATTEMPT_CURSOR = 'threads:last_attempt';
const RETRY_AFTER_MS = 3_600_000;

export interface ThreadSettings {
  timezone: string;
  /** Set: one thread a week at this day and `preferredTime`; unset: every `intervalSeconds`. */
  preferredDay?: Weekday;
  preferredTime: string;
  intervalSeconds: number;
  maxThreadsPerWeek: number;
}

export type ThreadTurn =
  | { outcome: 'not_yet'; reason: string }
  | { outcome: 'cap'; used: number; max: number }
  | { outcome: 'no_topics' }
  | { outcome: 'rejected'; topic: string; structure: ThreadStructure; reason: string }
  | ({ topic: string; structure: ThreadStructure; cards: number } & SubmitOutcome);

/** Why it is not time for a thread yet, or undefined when it is. */
async function notYet(deps: AutopilotDeps, settings: ThreadSettings, now: Date): Promise<string | undefined> {
  const attempt = laterOf(undefined, await deps.cursors.get(THREAD_ATTEMPT_CURSOR));
  if (attempt && now.getTime() - attempt.getTime() < RETRY_AFTER_MS) {
    const again = new Date(attempt.getTime() + RETRY_AFTER_MS);
    return `the last thread was not posted; next try after ${localLabel(again, settings.timezone)}`;
  }
  const last = await deps.store.lastThreadAt(deps.actor);
  if (settings.preferredDay) {
    const slot = weeklySlot(now, settings.timezone, settings.preferredDay, settings.preferredTime);
    if (now < slot) return `this week's thread at ${localLabel(slot, settings.timezone)}`;
    if (last && last >= slot) return `this week's thread is out (${localLabel(slot, settings.timezone)})`;
    return undefined;
  }
  if (!last) return undefined;
  const next = new Date(last.getTime() + settings.intervalSeconds * 1000);
  return next > now ? `next thread after ${localLabel(next, settings.timezone)}` : undefined;
}

export async function runThreadTurn(deps: AutopilotDeps, settings: ThreadSettings): Promise<ThreadTurn> {
  const now = deps.clock.now();
  const wait = await notYet(deps, settings, now);
  if (wait) return { outcome: 'not_yet', reason: wait };

  // The gateway's own count at queue time (threads out plus committed ones), read before the LLM is asked.
  const used = (
    await guardUsage(deps.posting, { kind: 'thread' }, now, settings.timezone, undefined, 'queue')
  ).threadsThisWeek;
  if (used >= settings.maxThreadsPerWeek) return { outcome: 'cap', used, max: settings.maxThreadsPerWeek };

  const topic = await pickTopic(deps, THREAD_TOPICS_CURSOR);
  if (!topic) return { outcome: 'no_topics' };
  const structure = pickOne(THREAD_STRUCTURES, deps.random);
  const written = await writeThread(deps.assist, { topic: topic.topic, structure });
  await deps.cursors.set(THREAD_TOPICS_CURSOR, JSON.stringify(topic.recent), now);
  if (!written.ok) {
    await deps.cursors.set(THREAD_ATTEMPT_CURSOR, now.toISOString(), now);
    return { outcome: 'rejected', topic: topic.topic, structure, reason: written.reason };
  }
  const outcome = await deps.submit({
    kind: 'thread',
    texts: written.value,
    topic: topic.topic,
    format: structure,
    provenance: written.provenance,
  });
  if (outcome.outcome === 'refused') await deps.cursors.set(THREAD_ATTEMPT_CURSOR, now.toISOString(), now);
  return { topic: topic.topic, structure, cards: written.value.length, ...outcome };
}

/** A status line for the turn, e.g. `queued for posting: 6-post framework thread on "sqlite"`. */
export function describeThreadTurn(turn: ThreadTurn): string {
  switch (turn.outcome) {
    case 'not_yet':
      return turn.reason;
    case 'cap':
      return `weekly thread cap reached (${turn.used}/${turn.max})`;
    case 'no_topics':
      return 'no topics to write about (set [business] industry_topics or content_pillars)';
    case 'rejected':
      return `not posted: ${turn.structure} thread on "${turn.topic}": ${turn.reason}`;
    case 'refused':
      return `refused: ${turn.structure} thread on "${turn.topic}": ${turn.reason}`;
    default: {
      const what = `${turn.cards}-post ${turn.structure} thread on "${turn.topic}"`;
      return turn.outcome === 'queued_for_approval'
        ? `queued for approval: ${what}`
        : `queued for posting: ${what}`;
    }
  }
}
