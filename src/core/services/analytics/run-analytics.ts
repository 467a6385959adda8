// One turn of the analytics loop (both modes): today's follower snapshot (calendar day in the account's
// timezone) with an alert in the action log when followers fell more than 2 % since yesterday; the
// metrics of the account's posts once they are a day old, with their performance score; and the topic and
// format averages the content loop and vault context choose by.
import { FOLLOWER_DROP_ALERT, followerDrop, performanceScore } from '../../domain/performance-score.js';
import { isAppError } from '../../errors.js';
import type { AnalyticsWriter } from '../../ports/analytics-writer.js';
import type { Clock } from '../../ports/clock.js';
import type { SocialRead } from '../../ports/social.js';

const DAY_MS = 86_400_000;
/** The platform's batch size for post lookups. */
const BATCH = 100;

export interface AnalyticsTurnDeps {
  read: Pick<SocialRead, 'getMe' | 'getTweets'>;
  writer: AnalyticsWriter;
  clock: Clock;
  timezone: () => string;
}

export interface AnalyticsTurn {
  followers?: number;
  /** Share lost since yesterday's snapshot, when there is one. */
  drop?: number;
  alerted: boolean;
  measured: number;
  /** Own posts the platform no longer shows (deleted or hidden): set aside, never asked for again. */
  gone: number;
  topics: number;
}

/** YYYY-MM-DD of `at` in `timezone` (en-CA formats dates that way). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date in `timezone` (YYYY-MM-DD); each zone's formatter is built once (building is the slow part). */
export function calendarDay(at: Date, timezone: string): string {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Only a zone Intl accepted is kept (the constructor throws for any other).
    dayFormats.set(timezone, format);
  }
  return format.format(at);
}

export async function runAnalyticsTurn(deps: AnalyticsTurnDeps): Promise<AnalyticsTurn> {
  const now = deps.clock.now();
  const zone = deps.timezone();
  const today = calendarDay(now, zone);
  const turn: AnalyticsTurn = { alerted: false, measured: 0, gone: 0, topics: 0 };
  if ((await deps.writer.followersOn(today)) === undefined) {
    const me = await deps.read.getMe();
    const metrics = me.public_metrics;
    if (metrics) {
      await deps.writer.saveSnapshot(
        today,
        {
          followers: metrics.followers_count,
          following: metrics.following_count,
          tweets: metrics.tweet_count,
        },
        now,
      );
      turn.followers = metrics.followers_count;
      const before = await deps.writer.followersOn(calendarDay(new Date(now.getTime() - DAY_MS), zone));
      turn.drop = followerDrop(before, metrics.followers_count);
      if (turn.drop !== undefined && turn.drop > FOLLOWER_DROP_ALERT) {
        const percent = Math.round(turn.drop * 1000) / 10;
        await deps.writer.logAction(
          {
            type: 'follower_alert',
            status: 'warning',
            message: `followers fell ${percent} % since yesterday (${before} → ${metrics.followers_count})`,
            metadata: { before, now: metrics.followers_count, drop_percent: percent },
          },
          now,
        );
        turn.alerted = true;
      }
    }
  }

  const due = await deps.writer.postsToMeasure(new Date(now.getTime() - DAY_MS), BATCH * 5);
  for (let i = 0; i < due.length; i += BATCH) {
    const batch = due.slice(i, i + BATCH);
    const found = await lookUp(
      deps.read,
      batch.map((post) => post.tweetId),
    );
    const shown = new Set(found.map((tweet) => tweet.id));
    const gone = batch.filter((post) => !shown.has(post.tweetId)).map((post) => post.tweetId);
    if (gone.length > 0) {
      await deps.writer.markGone(gone, now);
      turn.gone += gone.length;
    }
    for (const tweet of found) {
      const m = tweet.public_metrics;
      if (!m) continue;
      const engagement = {
        impressions: m.impression_count ?? 0,
        likes: m.like_count,
        replies: m.reply_count,
        retweets: m.retweet_count,
      };
      await deps.writer.saveMetrics(
        {
          tweetId: tweet.id,
          ...engagement,
          quotes: m.quote_count ?? 0,
          bookmarks: m.bookmark_count ?? 0,
          performanceScore: performanceScore(engagement),
        },
        now,
      );
      turn.measured += 1;
    }
  }
  if (turn.measured > 0) turn.topics = await deps.writer.refreshContentScores(now);
  return turn;
}

/**
 * The posts the platform still shows. A lookup of only deleted posts answers "not found" instead of an
 * empty list: for this batch that means none is left, not a failed turn.
 */
async function lookUp(read: AnalyticsTurnDeps['read'], ids: string[]) {
  try {
    return await read.getTweets(ids);
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return [];
    throw error;
  }
}

export function describeAnalytics(turn: AnalyticsTurn): string {
  const parts: string[] = [];
  if (turn.followers !== undefined) {
    parts.push(
      `followers ${turn.followers}${turn.drop ? ` (−${Math.round(turn.drop * 1000) / 10} %${turn.alerted ? ', alert' : ''})` : ''}`,
    );
  }
  parts.push(`${turn.measured} post${turn.measured === 1 ? '' : 's'} measured`);
  if (turn.gone > 0) parts.push(`${turn.gone} gone from the platform`);
  return parts.join(', ');
}
