// One turn of the target monitoring loop (autopilot): each handle of `[targets] accounts` resolved once
// (kept in target_accounts), its posts newer than a since-id kept per target, the fresh ones scored and
// stored for the Discovery Feed, and at most the best one per target answered through `reply` (the
// gateway as the loop) while the per-day target cap allows. One target's trouble (gone, suspended, an
// unreadable page) is reported in the turn and the other targets still run.
import type { Actor } from '../../../contracts/actor.js';
import type { Tweet, User } from '../../../contracts/social.js';
import { startOfLocalDay } from '../../domain/time-windows.js';
import { isAppError } from '../../errors.js';
import type { TargetMonitoringStore, TargetProfile } from '../../ports/target-monitoring-store.js';
import { draftReplies } from './draft-replies.js';
import type { DiscoveryTurnDeps, ReplyOutcome } from './run-discovery.js';
import { scorePost } from './score-post.js';

/** Followed by the handle in lower case: one since-id per target. */
export const TARGET_CURSOR_PREFIX = 'targets:since_id:';
/** A target seen for the first time: its newest posts only, never an old backlog. */
const FIRST_SIGHT_POSTS = 5;
const PAGE_POSTS = 20;
const DAY_MS = 86_400_000;
/** The platform's epoch in snowflake ids (for posts that come without created_at). */
const SNOWFLAKE_EPOCH = 1_288_834_974_657n;

export interface TargetsTurnDeps extends Omit<DiscoveryTurnDeps, 'keywords' | 'mode'> {
  monitoring: TargetMonitoringStore;
  /** `[targets] max_target_replies_per_day`. */
  dailyCap: () => number;
  /** `[schedule] timezone`: the cap counts the calendar day there. */
  timeZone: () => string;
  /** Who the loop's replies are for (`loop:targets`): the cap counts that actor's replies. */
  actor: Actor;
}

export interface TargetProblem {
  kind: 'not_found' | 'suspended' | 'unreadable';
  message: string;
}

export interface TargetResult {
  username: string;
  /** Posts the timeline page brought. */
  fetched: number;
  /** From the last day, not a retweet, not the account's own: the posts a reply is meant for. */
  fresh: number;
  reply?: { tweet_id: string } & ReplyOutcome;
  /** The best fresh post was not answered: why (target cap, guard, banned phrase, LLM refusal). */
  skipped?: { tweet_id: string; reason: string };
  problem?: TargetProblem;
}

export interface TargetsTurn {
  targets: TargetResult[];
  /** The per-day target cap, and whether it held back a reply this turn. */
  cap: { max: number; reached: boolean };
}

interface Seen {
  result: TargetResult;
  cursorKey: string;
  newest?: string;
  best?: { tweet_id: string; score: number };
}

/** The handles of `[targets] accounts`: without @, once each whatever the case, in the config's order. */
export function targetHandles(accounts: readonly string[]): string[] {
  const seen = new Set<string>();
  const handles: string[] = [];
  for (const raw of accounts) {
    const handle = raw.trim().replace(/^@/, '');
    if (handle === '' || seen.has(handle.toLowerCase())) continue;
    seen.add(handle.toLowerCase());
    handles.push(handle);
  }
  return handles;
}

export async function runTargetsTurn(deps: TargetsTurnDeps): Promise<TargetsTurn> {
  const handles = targetHandles(deps.settings().targetAccounts);
  const cap = deps.dailyCap();
  const turn: TargetsTurn = { targets: [], cap: { max: cap, reached: false } };
  if (handles.length === 0) return turn;
  const now = deps.clock.now();
  const self = await deps.selfId();
  const seen: Seen[] = [];
  for (const handle of handles) seen.push(await readTarget(deps, handle, self, now));
  turn.targets = seen.map((s) => s.result);

  // The best posts across targets take the day's remaining slots first.
  const dayStart = startOfLocalDay(now, deps.timeZone()).start;
  const ranked = seen.filter((s) => s.best).sort((a, b) => (b.best?.score ?? 0) - (a.best?.score ?? 0));
  for (const target of ranked) {
    const tweetId = target.best?.tweet_id as string;
    const used = await deps.monitoring.countReplies(deps.actor, dayStart);
    if (used >= cap) {
      turn.cap.reached = true;
      target.result.skipped = {
        tweet_id: tweetId,
        reason: `daily target reply cap reached (${used}/${cap})`,
      };
    } else {
      await answer(deps, target.result, tweetId, now);
    }
    // Moved only once the post is handled: an LLM failure leaves it for the next turn.
    if (target.newest) await deps.cursors.set(target.cursorKey, target.newest, now);
  }
  return turn;
}

async function answer(deps: TargetsTurnDeps, result: TargetResult, tweetId: string, now: Date) {
  const { drafts, failed } = await draftReplies(deps, {
    tweetIds: [tweetId],
    mentionProduct: deps.random() < deps.mentionRatio(),
  });
  const draft = drafts[0];
  if (!draft?.ready_to_queue) {
    const reason =
      draft?.guard?.message ?? (draft ? draft.flags.join(', ') || 'not ready to send' : undefined);
    result.skipped = { tweet_id: tweetId, reason: reason ?? failed[0]?.reason ?? 'no draft' };
    return;
  }
  result.reply = { tweet_id: tweetId, ...(await deps.reply(tweetId, draft.text)) };
  if (result.reply.outcome !== 'refused') await deps.monitoring.recordReply(result.username, now);
}

/** Reads one target's new posts and stores the fresh ones; its trouble becomes its `problem`. */
async function readTarget(
  deps: TargetsTurnDeps,
  handle: string,
  self: string | undefined,
  now: Date,
): Promise<Seen> {
  const seen: Seen = {
    result: { username: handle, fetched: 0, fresh: 0 },
    cursorKey: `${TARGET_CURSOR_PREFIX}${handle.toLowerCase()}`,
  };
  try {
    const userId = await resolveUser(deps, handle, now);
    const since = await deps.cursors.get(seen.cursorKey);
    const page = await deps.read.getUserTweets(
      userId,
      since ? { sinceId: since, maxResults: PAGE_POSTS } : { maxResults: FIRST_SIGHT_POSTS },
    );
    const profile = page.includes?.users?.find((user) => user.id === userId);
    if (profile) await deps.monitoring.saveProfile(handle, profileOf(profile), now);
    await deps.monitoring.markChecked(handle, now);
    seen.result.fetched = page.data.length;
    seen.newest = newestId(page.data, since);
    const fresh = page.data.filter(
      (tweet) =>
        (tweet.author_id ?? userId) === userId &&
        tweet.author_id !== self &&
        !isRetweet(tweet) &&
        isFresh(tweet, now),
    );
    seen.result.fresh = fresh.length;
    const settings = deps.settings();
    const scored = fresh.map((tweet) => scorePost(tweet, profile, settings, now, 'target').post);
    if (scored.length > 0) await deps.discovered.save(scored, now);
    const best = scored.reduce<(typeof scored)[number] | undefined>(
      (top, post) =>
        !top || post.score > top.score || (post.score === top.score && later(post.tweet_id, top.tweet_id))
          ? post
          : top,
      undefined,
    );
    if (best) seen.best = { tweet_id: best.tweet_id, score: best.score };
    else if (seen.newest) await deps.cursors.set(seen.cursorKey, seen.newest, now);
  } catch (error) {
    const problem = targetProblem(error);
    if (!problem) throw error;
    // A deleted or renamed account: its handle is looked up afresh next time.
    if (problem.kind === 'not_found') await deps.monitoring.forgetUser(handle);
    seen.result.problem = problem;
  }
  return seen;
}

async function resolveUser(deps: TargetsTurnDeps, handle: string, now: Date): Promise<string> {
  const stored = await deps.monitoring.get(handle);
  if (stored?.user_id) return stored.user_id;
  const user = await deps.read.getUserByUsername(handle);
  // Stored with the platform's spelling of the handle (the same handle, whatever the config's case).
  const username = user.username.toLowerCase() === handle.toLowerCase() ? user.username : handle;
  await deps.monitoring.saveProfile(username, profileOf(user), now);
  return user.id;
}

function profileOf(user: User): TargetProfile {
  return {
    user_id: user.id,
    display_name: user.name,
    followers: user.public_metrics?.followers_count ?? null,
  };
}

/**
 * What the platform's answer says about the target: gone (deleted or renamed), suspended, or a page or
 * refusal we cannot read. Anything else (rate limit, login, network, our own account) fails the turn.
 */
function targetProblem(error: unknown): TargetProblem | undefined {
  if (!isAppError(error)) return undefined;
  if (error.code === 'not_found') {
    return { kind: /suspended/i.test(error.message) ? 'suspended' : 'not_found', message: error.message };
  }
  if (error.code === 'social_api_error' && !error.retryable) {
    return { kind: 'unreadable', message: error.message };
  }
  return undefined;
}

function isRetweet(tweet: Tweet): boolean {
  return tweet.referenced_tweets?.some((ref) => ref.type === 'retweeted') ?? false;
}

/** Posted in the last day; the post's id dates it when the platform left created_at out. */
function isFresh(tweet: Tweet, now: Date): boolean {
  let at = tweet.created_at ? Date.parse(tweet.created_at) : Number.NaN;
  if (Number.isNaN(at) && /^\d{1,19}$/.test(tweet.id)) {
    at = Number((BigInt(tweet.id) >> 22n) + SNOWFLAKE_EPOCH);
  }
  return !Number.isNaN(at) && now.getTime() - at <= DAY_MS;
}

function later(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) ? BigInt(a) > BigInt(b) : a > b;
}

/** The newest id of the page, when it is newer than `since`. */
function newestId(tweets: readonly Tweet[], since: string | undefined): string | undefined {
  let newest = since;
  for (const tweet of tweets) if (!newest || later(tweet.id, newest)) newest = tweet.id;
  return newest === since ? undefined : newest;
}

/** A status line: `3 targets, 3 new posts, 2 replies queued, 1 not answered; @gone not found`. */
export function describeTargets(turn: TargetsTurn): string {
  if (turn.targets.length === 0) return 'no target accounts (set [targets] accounts)';
  const fresh = turn.targets.reduce((sum, t) => sum + t.fresh, 0);
  const parts = [`${turn.targets.length} target${turn.targets.length === 1 ? '' : 's'}`];
  parts.push(fresh === 0 ? 'no new posts' : `${fresh} new post${fresh === 1 ? '' : 's'}`);
  for (const outcome of ['posted', 'queued', 'refused']) {
    const count = turn.targets.filter((t) => t.reply?.outcome === outcome).length;
    if (count > 0) parts.push(`${count} repl${count === 1 ? 'y' : 'ies'} ${outcome}`);
  }
  const skipped = turn.targets.filter((t) => t.skipped).length;
  if (skipped > 0) {
    const cap = turn.cap.reached ? ` (daily target cap of ${turn.cap.max} reached)` : '';
    parts.push(`${skipped} not answered${cap}`);
  }
  const problems = turn.targets.flatMap((t) =>
    t.problem ? [`@${t.username} ${t.problem.kind.replace('_', ' ')}`] : [],
  );
  return [parts.join(', '), ...problems].join('; ');
}
