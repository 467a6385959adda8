// One turn of the discovery loop: the next keyword in turn (product keywords, then competitor keywords,
// then industry topics, round-robin, the position kept across restarts), a search scored and stored for the
// Discovery Feed (every post, also below the bar), and — in autopilot — a reply drafted for the best post
// not yet answered and handed to `reply`, which sends it through the gateway as the loop (guards, caps and
// approval mode apply there). In composer the turn is read-only: nothing is drafted or queued.
import type { Mode } from '../../../contracts/config/config.js';
import type { CursorStore } from '../../ports/cursor-store.js';
import { buildDiscoveryQuery } from './build-discovery-query.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';
import { draftReplies } from './draft-replies.js';
import { findReplyOpportunities } from './find-reply-opportunities.js';

export const KEYWORD_CURSOR = 'discovery:keyword_turn';

export interface DiscoveryTurnDeps
  extends Pick<
    DiscoveryServiceDeps,
    'discovered' | 'history' | 'read' | 'clock' | 'settings' | 'selfId' | 'assist' | 'guards'
  > {
  cursors: CursorStore;
  /** Product keywords, competitor keywords and industry topics, in that order. */
  keywords: () => readonly string[];
  mode: () => Mode;
  /** `[business] product_mention_ratio`: how often a reply may name the product. */
  mentionRatio: () => number;
  random: () => number;
  /** Sends a reply as the loop; answers what happened to it. */
  reply: (tweetId: string, text: string) => Promise<ReplyOutcome>;
}

export type ReplyOutcome = { outcome: 'posted' | 'queued' } | { outcome: 'refused'; reason: string };

export interface DiscoveryTurn {
  keyword: string | null;
  searched: number;
  stored: number;
  above_threshold: number;
  reply?: { tweet_id: string } & ReplyOutcome;
  /** The best post was not answered: why (guard, banned phrase, LLM failure). */
  skipped?: { tweet_id: string; reason: string };
}

/** Keywords with duplicates (any case) removed, first spelling kept. */
export function discoveryKeywords(lists: ReadonlyArray<readonly string[]>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const word of lists.flat()) {
    const key = word.trim().toLocaleLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(word.trim());
  }
  return out;
}

/** The index of the keyword the next turn searches, among `count` keywords (count > 0). */
export async function keywordTurn(cursors: CursorStore, count: number): Promise<number> {
  const turn = Number((await cursors.get(KEYWORD_CURSOR)) ?? 0);
  return (Number.isFinite(turn) ? turn : 0) % count;
}

export async function runDiscoveryTurn(deps: DiscoveryTurnDeps): Promise<DiscoveryTurn> {
  const keywords = deps.keywords();
  if (keywords.length === 0) return { keyword: null, searched: 0, stored: 0, above_threshold: 0 };
  const turn = await keywordTurn(deps.cursors, keywords.length);
  const keyword = keywords[turn] as string;
  // The turn moves on even if the search fails, so one bad keyword never blocks the others.
  await deps.cursors.set(KEYWORD_CURSOR, String((turn + 1) % keywords.length), deps.clock.now());
  const query = buildDiscoveryQuery([keyword]) ?? keyword;
  const found = await findReplyOpportunities(deps, { query, limit: 5 });
  const result: DiscoveryTurn = {
    keyword,
    searched: found.searched,
    stored: found.stored,
    above_threshold: found.candidates.length,
  };
  const best = found.candidates[0];
  if (deps.mode() !== 'autopilot' || !best) return result;

  const mentionProduct = deps.random() < deps.mentionRatio();
  const { drafts, failed } = await draftReplies(deps, { tweetIds: [best.tweet_id], mentionProduct });
  const draft = drafts[0];
  if (!draft) {
    return { ...result, skipped: { tweet_id: best.tweet_id, reason: failed[0]?.reason ?? 'no draft' } };
  }
  if (!draft.ready_to_queue) {
    const reason = draft.guard?.message ?? (draft.flags.join(', ') || 'not ready to send');
    return { ...result, skipped: { tweet_id: best.tweet_id, reason } };
  }
  return { ...result, reply: { tweet_id: best.tweet_id, ...(await deps.reply(best.tweet_id, draft.text)) } };
}

/** A status line for the turn: `"rust": 40 posts, 3 above the bar, reply queued`. */
export function describeTurn(turn: DiscoveryTurn): string {
  if (turn.keyword === null) return 'no keywords to search (set [business] product_keywords)';
  const parts = [`"${turn.keyword}": ${turn.searched} posts, ${turn.above_threshold} above the bar`];
  if (turn.reply) {
    parts.push(
      turn.reply.outcome === 'refused'
        ? `reply refused (${turn.reply.reason})`
        : `reply ${turn.reply.outcome}`,
    );
  } else if (turn.skipped) parts.push(`no reply (${turn.skipped.reason})`);
  return parts.join(', ');
}
