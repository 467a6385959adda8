// One turn of the mentions loop (autopilot): the mentions newer than the kept since-id, oldest first; each
// one from the last day that is not the account's own gets a reply drafted in its voice and handed to
// `reply` (the gateway as loop:mentions: caps, one reply per post and per author, approval mode). The
// since-id moves past each mention handled, so a failure (the LLM down) leaves the rest for the next turn,
// and a first start never answers an old backlog.

import { draftReplies } from './draft-replies.js';
import type { DiscoveryTurnDeps, ReplyOutcome } from './run-discovery.js';
import { scorePost } from './score-post.js';

export const MENTIONS_CURSOR = 'mentions:since_id';
/** Replies one turn may send: a burst of mentions is answered over several turns. */
const MAX_REPLIES_PER_TURN = 3;
const DAY_MS = 86_400_000;

export type MentionsTurnDeps = Omit<DiscoveryTurnDeps, 'keywords' | 'mode'>;

export interface MentionsTurn {
  fetched: number;
  /** From the last day and not the account's own: the ones a reply is meant for. */
  fresh: number;
  replies: Array<{ tweet_id: string } & ReplyOutcome>;
  skipped: Array<{ tweet_id: string; reason: string }>;
}

export async function runMentionsTurn(deps: MentionsTurnDeps): Promise<MentionsTurn> {
  const since = await deps.cursors.get(MENTIONS_CURSOR);
  const page = await deps.read.getMentions({ maxResults: 50, ...(since ? { sinceId: since } : {}) });
  const self = await deps.selfId();
  const now = deps.clock.now();
  // The page brings the posts and their authors: stored here, drafting finds them without reading the
  // platform again.
  const users = new Map((page.includes?.users ?? []).map((user) => [user.id, user]));
  const settings = deps.settings();
  const oldestFirst = [...page.data].sort((a, b) =>
    BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0,
  );
  const turn: MentionsTurn = { fetched: page.data.length, fresh: 0, replies: [], skipped: [] };
  for (const mention of oldestFirst) {
    const recent = mention.created_at ? now.getTime() - Date.parse(mention.created_at) <= DAY_MS : true;
    const forUs = recent && mention.author_id !== self;
    if (forUs && turn.replies.length >= MAX_REPLIES_PER_TURN) break;
    if (forUs) {
      turn.fresh += 1;
      const author = mention.author_id ? users.get(mention.author_id) : undefined;
      await deps.discovered.save([scorePost(mention, author, settings, now).post], now);
      const { drafts, failed } = await draftReplies(deps, {
        tweetIds: [mention.id],
        mentionProduct: deps.random() < deps.mentionRatio(),
      });
      const draft = drafts[0];
      if (draft?.ready_to_queue) {
        turn.replies.push({ tweet_id: mention.id, ...(await deps.reply(mention.id, draft.text)) });
      } else {
        const reason = draft?.guard?.message ?? draft?.flags.join(', ') ?? failed[0]?.reason ?? 'no draft';
        turn.skipped.push({ tweet_id: mention.id, reason });
      }
    }
    await deps.cursors.set(MENTIONS_CURSOR, mention.id, now);
  }
  return turn;
}

export function describeMentions(turn: MentionsTurn): string {
  const older = turn.fetched - turn.fresh;
  if (turn.fresh === 0) return older > 0 ? `no new mentions (${older} older skipped)` : 'no new mentions';
  const count = (outcome: string) => turn.replies.filter((r) => r.outcome === outcome).length;
  const parts = [`${turn.fresh} new mention${turn.fresh === 1 ? '' : 's'}`];
  for (const outcome of ['posted', 'queued', 'refused']) {
    if (count(outcome) > 0)
      parts.push(`${count(outcome)} repl${count(outcome) === 1 ? 'y' : 'ies'} ${outcome}`);
  }
  const reasons = new Set(turn.replies.flatMap((r) => (r.outcome === 'refused' ? [r.reason] : [])));
  if (reasons.size > 0) parts[parts.length - 1] += ` (${[...reasons].join('; ')})`;
  if (turn.skipped.length > 0) parts.push(`${turn.skipped.length} not answered`);
  return parts.join(', ');
}
