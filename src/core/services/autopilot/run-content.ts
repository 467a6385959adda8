// One turn of the content loop (reference §g.1): a scheduled post that is due goes out first (the posting
// queue sends it; no original that turn). Otherwise one original post when its time has come — the content
// window since the last original post, or in slot mode a preferred slot of today (± its jitter) not used
// yet — and the daily post cap allows: topic by epsilon-greedy, a fresh format, the text by the LLM with
// vault context, queued as the loop (approval mode and the guards apply there). An answer that is not
// posted uses up its window or slot all the same, so a model that keeps failing is not asked every turn.
import { z } from 'zod';
import type { Weekday } from '../../../contracts/config/common.js';
import { localHourAndDay } from '../../domain/active-hours.js';
import { chooseFresh, POST_FORMATS, type PostFormat, parseRecent } from '../../domain/autopilot-choices.js';
import {
  drawSlotOffsets,
  localDate,
  localLabel,
  type Slot,
  slotsToday,
  slotTimesFor,
} from '../../domain/posting-slots.js';
import { guardUsage } from '../../gateway/guards.js';
import { type AutopilotDeps, laterOf, type SubmitOutcome } from './autopilot-deps.js';
import { pickTopic } from './pick-topic.js';
import { writePost } from './write-post.js';

export const CONTENT_TOPICS_CURSOR = 'content:recent_topics';
export const CONTENT_FORMATS_CURSOR = 'content:recent_formats';
/** When the last answer was not posted (rejected or refused): it used up its window or slot all the same. */
export const CONTENT_ATTEMPT_CURSOR = 'content:last_attempt';
/** Today's slot jitter, drawn once a day so a slot does not move between turns: {date, offsets}. */
export const CONTENT_SLOTS_CURSOR = 'content:slot_offsets';

export interface ContentSettings {
  timezone: string;
  /** `[schedule] preferred_times` ("auto" allowed); non-empty = slot mode. */
  preferredTimes: readonly string[];
  preferredTimesOverride: Partial<Record<Weekday, readonly string[]>>;
  /** `[intervals] content_post_window_seconds`: the least time between original posts (window mode). */
  windowSeconds: number;
  maxTweetsPerDay: number;
}

export type ContentTurn =
  | { outcome: 'scheduled_due'; job_ids: number[] }
  | { outcome: 'not_yet'; reason: string }
  | { outcome: 'cap'; used: number; max: number }
  | { outcome: 'no_topics' }
  | { outcome: 'rejected'; topic: string; format: PostFormat; reason: string }
  | ({ topic: string; format: PostFormat; how: 'best' | 'explore' } & SubmitOutcome);

const StoredOffsets = z.object({ date: z.string(), offsets: z.array(z.number()) });

/** The slot jitter of `date` (kept in cursors; drawn from the loop's randomness on its first turn that day). */
async function slotOffsets(deps: AutopilotDeps, date: string, count: number): Promise<number[]> {
  let stored: unknown;
  try {
    stored = JSON.parse((await deps.cursors.get(CONTENT_SLOTS_CURSOR)) ?? 'null');
  } catch {
    // An unreadable value is drawn again.
  }
  const kept = StoredOffsets.safeParse(stored);
  if (kept.success && kept.data.date === date && kept.data.offsets.length === count) return kept.data.offsets;
  const offsets = drawSlotOffsets(count, deps.random);
  await deps.cursors.set(CONTENT_SLOTS_CURSOR, JSON.stringify({ date, offsets }), deps.clock.now());
  return offsets;
}

const slotLabel = (slot: Slot | undefined, timezone: string) =>
  slot ? `${slot.time} ${timezone}` : 'tomorrow';

/** Why it is not time for an original post yet, or undefined when it is. */
async function notYet(
  deps: AutopilotDeps,
  settings: ContentSettings,
  now: Date,
): Promise<string | undefined> {
  const last = laterOf(
    await deps.store.lastOriginalAt(deps.actor),
    await deps.cursors.get(CONTENT_ATTEMPT_CURSOR),
  );
  if (settings.preferredTimes.length === 0) {
    if (!last) return undefined;
    const next = new Date(last.getTime() + settings.windowSeconds * 1000);
    return next > now
      ? `next original post after ${localLabel(next, settings.timezone)} (content window)`
      : undefined;
  }
  const { day } = localHourAndDay(now, settings.timezone);
  const times = slotTimesFor(day, settings.preferredTimes, settings.preferredTimesOverride);
  if (times.length === 0) return `no posting slots on ${day}`;
  const date = localDate(now, settings.timezone);
  const { due, next } = slotsToday({
    now,
    date,
    times,
    offsets: await slotOffsets(deps, date, times.length),
    timeZone: settings.timezone,
  });
  if (!due) return `next slot ${slotLabel(next, settings.timezone)}`;
  if (last && last >= due.at) return `slot ${due.time} used; next slot ${slotLabel(next, settings.timezone)}`;
  return undefined;
}

export async function runContentTurn(deps: AutopilotDeps, settings: ContentSettings): Promise<ContentTurn> {
  const now = deps.clock.now();
  // The posting queue publishes scheduled posts (exactly once); the loop only makes sure it runs now.
  const due = await deps.store.dueScheduledJobs(now);
  if (due.length > 0) {
    deps.wakePosting();
    return { outcome: 'scheduled_due', job_ids: due.map((job) => job.id) };
  }
  const wait = await notYet(deps, settings, now);
  if (wait) return { outcome: 'not_yet', reason: wait };

  // The gateway's own count at queue time (posts out plus committed ones), read before the LLM is asked.
  const used = (await guardUsage(deps.posting, { kind: 'tweet' }, now, settings.timezone, undefined, 'queue'))
    .tweetsToday;
  if (used >= settings.maxTweetsPerDay) return { outcome: 'cap', used, max: settings.maxTweetsPerDay };

  const topic = await pickTopic(deps, CONTENT_TOPICS_CURSOR);
  if (!topic) return { outcome: 'no_topics' };
  const format = chooseFresh(
    POST_FORMATS,
    parseRecent(await deps.cursors.get(CONTENT_FORMATS_CURSOR)),
    deps.random,
  );
  const written = await writePost(deps.assist, { topic: topic.topic, format: format.choice });
  // Written about (posted, queued or not): the next turns move on to other topics and formats.
  await deps.cursors.set(CONTENT_TOPICS_CURSOR, JSON.stringify(topic.recent), now);
  await deps.cursors.set(CONTENT_FORMATS_CURSOR, JSON.stringify(format.recent), now);
  if (!written.ok) {
    await deps.cursors.set(CONTENT_ATTEMPT_CURSOR, now.toISOString(), now);
    return { outcome: 'rejected', topic: topic.topic, format: format.choice, reason: written.reason };
  }
  const outcome = await deps.submit({
    kind: 'tweet',
    texts: [written.value],
    topic: topic.topic,
    format: format.choice,
    provenance: written.provenance,
  });
  if (outcome.outcome === 'refused') await deps.cursors.set(CONTENT_ATTEMPT_CURSOR, now.toISOString(), now);
  return { topic: topic.topic, format: format.choice, how: topic.how, ...outcome };
}

/** A status line for the turn, e.g. `queued for approval: "sqlite" as tip (best-scoring topic)`. */
export function describeContentTurn(turn: ContentTurn): string {
  switch (turn.outcome) {
    case 'scheduled_due':
      return `a scheduled post is due (job ${turn.job_ids.join(', ')}): the posting queue sends it; no original this turn`;
    case 'not_yet':
      return turn.reason;
    case 'cap':
      return `daily post cap reached (${turn.used}/${turn.max})`;
    case 'no_topics':
      return 'no topics to write about (set [business] industry_topics or content_pillars)';
    case 'rejected':
      return `not posted: "${turn.topic}" as ${turn.format}: ${turn.reason}`;
    case 'refused':
      return `refused: "${turn.topic}" as ${turn.format}: ${turn.reason}`;
    default: {
      const what = `"${turn.topic}" as ${turn.format} (${turn.how === 'best' ? 'best-scoring topic' : 'exploring'})`;
      return turn.outcome === 'queued_for_approval'
        ? `queued for approval: ${what}`
        : `queued for posting: ${what}`;
    }
  }
}
