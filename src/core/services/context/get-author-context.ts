// Everything the account knows about one author before engaging: the platform profile, our replies to them,
// approval items aimed at them, their posts we discovered, whether they are a target account, and how
// their per-author reply cap stands. The profile is optional: our own records still answer when the
// platform cannot, and only an author unknown to both is an error (context_error).
import type { User } from '../../../contracts/social.js';
import { capWindows } from '../../domain/time-windows.js';
import { AppError } from '../../errors.js';
import type { AuthorHistory } from '../../ports/engagement-history.js';
import type { DiscoveryServiceDeps } from '../discovery/discovery-service-deps.js';
import { listTargetAccounts } from '../discovery/list-target-accounts.js';
import { contextFailure } from './context-failure.js';

const RECENT = 10;
const LIVE_ITEMS = 500;

export interface AuthorContext {
  author: {
    id: string | null;
    username: string | null;
    name: string | null;
    description: string | null;
    followers_count: number | null;
    following_count: number | null;
    tweet_count: number | null;
    verified: boolean | null;
    protected: boolean | null;
  };
  /** `platform`: fresh profile; `local`: only what our records kept (see profile_error). */
  profile_source: 'platform' | 'local';
  profile_error?: string;
  is_target_account: boolean;
  interactions: {
    replies: AuthorHistory['replies'];
    approval_queue: AuthorHistory['approvals'];
    discovered: {
      total: number;
      avg_score: number | null;
      recent: Array<{
        tweet_id: string;
        text: string;
        score: number;
        replied_to: boolean;
        discovered_at: string;
      }>;
    };
  };
  /** The per-author daily cap as the guards will apply it (today in the account's timezone, queued replies included). */
  reply_cap: {
    cap: number;
    replied_today: number;
    queued_for_review: number;
    remaining: number;
    can_reply: boolean;
  };
}

/** A numeric id, or a handle with or without @. */
function parseIdentifier(identifier: string): { id?: string; username?: string } {
  const value = identifier.trim();
  return /^\d{1,20}$/.test(value) ? { id: value } : { username: value.replace(/^@/, '') };
}

export async function getAuthorContext(
  deps: Pick<
    DiscoveryServiceDeps,
    'read' | 'clock' | 'history' | 'discovered' | 'targets' | 'settings' | 'guards'
  >,
  input: { identifier: string },
): Promise<AuthorContext> {
  try {
    const asked = parseIdentifier(input.identifier);
    let profile: User | undefined;
    let profileError: string | undefined;
    try {
      profile = asked.id
        ? await deps.read.getUserById(asked.id)
        : await deps.read.getUserByUsername(asked.username ?? '');
    } catch (error) {
      profileError = (error as Error)?.message ?? String(error);
    }
    const known = profile
      ? { id: profile.id, username: profile.username }
      : await deps.history.knownAuthor(asked);
    if (!known) {
      throw new AppError(
        'context_error',
        `author ${input.identifier} not found on the platform (${profileError}) nor in the account's records`,
        { details: { cause_code: 'not_found' } },
      );
    }
    const author = { id: known.id ?? asked.id, username: known.username ?? asked.username };
    const now = deps.clock.now();
    const { dayStart } = capWindows(now, deps.guards.guardSettings().activeHours.timezone);
    const [history, discovered, targets, live] = await Promise.all([
      deps.history.authorHistory(author, dayStart, RECENT),
      deps.discovered.byAuthor(author, RECENT),
      listTargetAccounts(deps),
      deps.history.liveReplyItems(LIVE_ITEMS),
    ]);
    const handle = author.username?.toLowerCase();
    const queued = live.filter(
      (item) =>
        author.id && item.target_author_id === author.id && Date.parse(item.created_at) >= dayStart.getTime(),
    ).length;
    const cap = deps.guards.guardSettings().max_replies_per_author_per_day;
    const remaining = Math.max(0, cap - history.replies.since - queued);
    const metrics = profile?.public_metrics;
    return {
      author: {
        id: author.id ?? null,
        username: author.username ?? null,
        name: profile?.name ?? null,
        description: profile?.description ?? null,
        followers_count: metrics?.followers_count ?? null,
        following_count: metrics?.following_count ?? null,
        tweet_count: metrics?.tweet_count ?? null,
        verified: profile?.verified ?? null,
        protected: profile?.protected ?? null,
      },
      profile_source: profile ? 'platform' : 'local',
      ...(profileError ? { profile_error: profileError } : {}),
      is_target_account: Boolean(
        targets.some((t) => t.username.toLowerCase() === handle || (author.id && t.user_id === author.id)),
      ),
      interactions: {
        replies: history.replies,
        approval_queue: history.approvals,
        discovered: {
          total: discovered.total,
          avg_score: discovered.avgScore,
          recent: discovered.posts.map((post) => ({
            tweet_id: post.tweet_id,
            text: post.text,
            score: post.score,
            replied_to: post.replied_to,
            discovered_at: post.discovered_at,
          })),
        },
      },
      reply_cap: {
        cap,
        replied_today: history.replies.since,
        queued_for_review: queued,
        remaining,
        can_reply: remaining > 0,
      },
    };
  } catch (error) {
    throw contextFailure('context_error', `author context for ${input.identifier} failed`, error);
  }
}
