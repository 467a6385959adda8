// What the content and thread loops' turns need: their reads (autopilot store, cap counters, cursors), the
// assist stack (LLM, voice, vault context, topic scores), the loop's randomness, and two ways out — queueing
// content as the loop (through the gateway, where approval mode and the guards apply) and waking the
// posting queue.
import type { Actor } from '../../../contracts/actor.js';
import type { ProvenanceRef } from '../../../contracts/drafts.js';
import type { AutopilotStore } from '../../ports/autopilot-store.js';
import type { CursorStore } from '../../ports/cursor-store.js';
import type { PostingStore } from '../../ports/posting-store.js';
import type { AssistDeps } from '../assist/assist-deps.js';

/** A post or a thread the loop wrote, with what it is about (recorded on the post for analytics). */
export interface AutopilotContent {
  kind: 'tweet' | 'thread';
  texts: string[];
  topic: string;
  /** The post format, or the thread structure. */
  format: string;
  provenance: ProvenanceRef[];
}

/** A generated text the loop may post, with the notes it drew on; or why it may not. */
export type Written<T> = { ok: true; value: T; provenance: ProvenanceRef[] } | { ok: false; reason: string };

/** What became of submitted content: queued for posting, waiting for a review, or refused by a guard. */
export type SubmitOutcome =
  | { outcome: 'queued'; job_id?: number }
  | { outcome: 'queued_for_approval'; approval_id?: number }
  | { outcome: 'refused'; reason: string };

export interface AutopilotDeps {
  store: AutopilotStore;
  /** The automation caps' counters (autonomous posts only), read as the gateway reads them. */
  posting: PostingStore;
  cursors: CursorStore;
  assist: AssistDeps;
  clock: { now(): Date };
  /** Uniform in [0, 1): topic, format, structure and slot jitter (seeded in simulations). */
  random: () => number;
  /** The loop, as it queues content (`loop:content`, `loop:threads`). */
  actor: Actor;
  submit(content: AutopilotContent): Promise<SubmitOutcome>;
  /** Asks the posting queue to run now. */
  wakePosting(): void;
}

/** The later of a moment from the database and an ISO time kept in a cursor (unreadable: ignored). */
export function laterOf(at: Date | undefined, stored: string | undefined): Date | undefined {
  const kept = stored ? new Date(stored) : undefined;
  if (!kept || Number.isNaN(kept.getTime())) return at;
  return !at || kept > at ? kept : at;
}
