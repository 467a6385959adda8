// The day-by-day account of a simulated run: what went out (and who sent it), what waited for a person,
// what the guards stopped, which loops failed, and the day's totals against each cap. Pure: rows in,
// report and text out.
import { isWithinActiveHours } from '../../core/domain/active-hours.js';
import type { PacingSettings } from '../../core/domain/pacing.js';
import type { GuardSettings } from '../../core/domain/posting-guards.js';
import type { PacingFigures } from '../../core/ports/pacing-store.js';
import type {
  ApiSpendRow,
  PostedRow,
  QueuedRow,
  RefusedRow,
} from '../../infra/sqlite/repositories/activity-report-repository.js';

export interface LoopEvent {
  at: string;
  loop: string;
  outcome: 'ok' | 'error';
  summary: string | null;
  error: string | null;
}

export interface DayTotals {
  replies: number;
  tweets: number;
  threads: number;
  /** Threads since the ISO week began (the weekly cap's count). */
  threadsThisWeek: number;
  maxRepliesToOneAuthor: number;
  productMentions: number;
  outsideActiveHours: number;
}

export interface DayReport {
  date: string;
  weekday: string;
  posted: Array<{
    at: string;
    actor: string;
    kind: 'reply' | 'tweet' | 'thread';
    text: string;
    cards: number;
  }>;
  queued: Array<{ at: string; actor: string; kind: string; text: string }>;
  refused: Array<{ at: string; actor: string; reason: string }>;
  errors: Array<{ at: string; loop: string; error: string }>;
  totals: DayTotals;
  /** Platform calls made that day and the sum of their recorded cost. */
  api: ApiSpendRow;
}

export interface DayInput {
  date: string;
  weekday: string;
  posts: PostedRow[];
  queued: QueuedRow[];
  refused: RefusedRow[];
  events: LoopEvent[];
  threadsEarlierThisWeek: number;
  settings: GuardSettings;
  api: ApiSpendRow;
}

const isAutonomous = (actor: string) => actor.startsWith('loop:') || actor === 'agent';
const clip = (text: string, n = 72) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
};

function localTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

export function buildDayReport(input: DayInput): DayReport {
  const zone = input.settings.activeHours.timezone;
  const mine = input.posts.filter((p) => isAutonomous(p.actor));
  const replies = mine.filter((p) => p.kind === 'reply');
  const perAuthor = new Map<string, number>();
  for (const reply of replies) {
    if (reply.target_author_id)
      perAuthor.set(reply.target_author_id, (perAuthor.get(reply.target_author_id) ?? 0) + 1);
  }
  const threads = mine.filter((p) => p.kind === 'thread_card' && p.thread_position === 0).length;
  const posted: DayReport['posted'] = [];
  for (const post of input.posts) {
    if (post.kind === 'thread_card' && post.thread_position !== 0) continue;
    const cards =
      post.kind === 'thread_card'
        ? input.posts.filter((p) => p.thread_root_tweet_id === post.tweet_id).length
        : 1;
    posted.push({
      at: localTime(post.posted_at, zone),
      actor: post.actor,
      kind: post.kind === 'thread_card' ? 'thread' : post.kind === 'reply' ? 'reply' : 'tweet',
      text: clip(post.text),
      cards,
    });
  }
  return {
    date: input.date,
    weekday: input.weekday,
    posted,
    queued: input.queued.map((q) => ({
      at: localTime(q.created_at, zone),
      actor: q.actor,
      kind: q.action_type,
      text: clip(q.content ?? ''),
    })),
    refused: input.refused.map((r) => ({
      at: localTime(r.created_at, zone),
      actor: r.actor,
      reason: (r.error_message ?? r.error_code ?? 'refused').replace(/^refused by a safety rule: /, ''),
    })),
    errors: input.events
      .filter((e) => e.outcome === 'error')
      .map((e) => ({ at: localTime(e.at, zone), loop: e.loop, error: clip(e.error ?? '', 100) })),
    api: input.api,
    totals: {
      replies: replies.length,
      tweets: mine.filter((p) => p.kind === 'tweet' || p.kind === 'quote').length,
      threads,
      threadsThisWeek: input.threadsEarlierThisWeek + threads,
      maxRepliesToOneAuthor: Math.max(0, ...perAuthor.values()),
      productMentions: replies.filter((r) => r.mentions_product === 1).length,
      outsideActiveHours: mine.filter(
        (p) => !isWithinActiveHours(new Date(p.posted_at), input.settings.activeHours),
      ).length,
    },
  };
}

/** "daily reply cap reached (5/5)" and "daily reply cap reached (3/5)" are one reason. */
const reasonKey = (reason: string) =>
  reason
    .replace(/\([^)]*\)/g, '')
    .replace(/"[^"]*"/g, '"…"')
    .trim();

function countBy<T>(items: readonly T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ×${n}`).join(', ');
}

export function renderDay(day: DayReport, settings: GuardSettings): string {
  const lines = [`${day.weekday} ${day.date}`];
  for (const post of day.posted) {
    const what = post.kind === 'thread' ? `thread (${post.cards})` : post.kind;
    lines.push(`  ${post.at}  ${what.padEnd(11)} ${post.actor.padEnd(15)} "${post.text}"`);
  }
  if (day.posted.length === 0) lines.push('  nothing posted');
  if (day.queued.length > 0) {
    lines.push(`  queued for approval: ${day.queued.length} (${countBy(day.queued, (q) => q.actor)})`);
  }
  if (day.refused.length > 0)
    lines.push(`  stopped by guards: ${countBy(day.refused, (r) => reasonKey(r.reason))}`);
  if (day.errors.length > 0) {
    lines.push(
      `  loop errors: ${countBy(day.errors, (e) => e.loop)} (first: ${day.errors[0]?.loop} ${day.errors[0]?.at} ${day.errors[0]?.error})`,
    );
  }
  const t = day.totals;
  const share = t.replies > 0 ? Math.round((t.productMentions / t.replies) * 100) : 0;
  lines.push(
    `  totals: replies ${t.replies}/${settings.max_replies_per_day} · posts ${t.tweets}/${settings.max_tweets_per_day}` +
      ` · threads ${t.threadsThisWeek}/${settings.max_threads_per_week} this week` +
      ` · most replies to one author ${t.maxRepliesToOneAuthor}/${settings.max_replies_per_author_per_day}` +
      ` · product mentions ${share} % (max ${Math.round(settings.product_mention_ratio * 100)} %)` +
      ` · outside active hours ${t.outsideActiveHours}`,
  );
  lines.push(`  API: ${apiLine(day.api)}`);
  return lines.join('\n');
}

/** "1,234 calls, $0.8150": dollars to a hundredth of a cent, as the platform prices go. */
export function apiLine(api: ApiSpendRow): string {
  return `${api.calls.toLocaleString('en-US')} calls, $${api.cost_usd.toFixed(4)}`;
}

/** The run's platform bill, and the budget's end state when one was set. */
export function renderApiTotal(
  days: number,
  api: ApiSpendRow,
  budget?: { usd: number; pausedLoops: readonly string[]; resumeAt: string | null },
): string {
  const lines = [`API over the ${days} day(s): ${apiLine(api)} (the sum of the recorded costs)`];
  if (budget) {
    const paused =
      budget.pausedLoops.length > 0
        ? `paused for the budget at the end: ${budget.pausedLoops.join(', ')}${budget.resumeAt ? ` (resume ${budget.resumeAt.slice(0, 10)})` : ''}`
        : 'no reading loop paused for the budget at the end';
    lines.push(`  monthly API budget $${budget.usd.toFixed(2)}: ${paused}`);
  }
  return lines.join('\n');
}

/** The run's pacing figures, as the last lines of `app simulate`. */
export function renderPacing(pacing: PacingFigures, limits: PacingSettings): string {
  const gap = pacing.smallestGapSeconds === null ? 'none' : `${Math.round(pacing.smallestGapSeconds)} s`;
  return [
    `Pacing (automated writes at least ${limits.min_action_delay_seconds}–${limits.max_action_delay_seconds} s apart):`,
    `  automated writes ${pacing.writes} · smallest gap ${gap} · most in any 15 minutes ${pacing.busiestQuarterHour}` +
      ` · longest wait imposed ${formatWait(pacing.longestWaitSeconds)}`,
  ].join('\n');
}

function formatWait(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
