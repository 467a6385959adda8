// What the publisher needs: the stores, the platform (read for reconciliation, write for posting), and a
// way from a stored media path to the file to upload.
import type { PostingJob } from '../../contracts/posting.js';
import type { PublishStep } from '../../contracts/publish-steps.js';
import { drawGapMs, type PacingSettings } from '../domain/pacing.js';
import type { GuardSettings } from '../domain/posting-guards.js';
import type { AppError } from '../errors.js';
import type { ApprovalStore } from '../ports/approval-store.js';
import type { Clock } from '../ports/clock.js';
import type { DraftStore } from '../ports/draft-store.js';
import type { PacingRequest, PacingStore } from '../ports/pacing-store.js';
import type { PostingStore } from '../ports/posting-store.js';
import type { SocialRead, SocialWrite } from '../ports/social.js';

export { PUBLISH_STEPS, type PublishStep } from '../../contracts/publish-steps.js';

export interface PublisherLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface PublisherDeps {
  posting: PostingStore;
  drafts: DraftStore;
  approvals: ApprovalStore;
  social: { read: SocialRead; write: SocialWrite };
  /** The signed-in account's id (to find its own posts when reconciling). */
  meId: () => Promise<string>;
  /** Absolute file for a stored media path. */
  mediaFile: (path: string) => Promise<string>;
  clock: Clock;
  guardSettings: () => GuardSettings;
  /** Account-wide pacing of autonomous writes (shared by every process through the database). */
  pacing: Pacing;
  postingBlocker: () => AppError | undefined;
  logger: PublisherLogger;
  /** This process, as it marks the jobs it publishes. */
  owner: string;
  /** True when the process that claimed a job can no longer be publishing it (it exited or went stale). */
  ownerGone(owner: string, startedAt: Date | null): boolean | Promise<boolean>;
  /** After a job is posted (loop-back into the notes it came from); its failure is logged, never raised. */
  onPosted?: (job: PostingJob) => Promise<unknown>;
  /** Called at each step of posting a card (0-based index); a no-op unless a crash test armed it. */
  crashPoint?: (step: PublishStep, card: number) => void;
}

export interface Pacing {
  store: PacingStore;
  settings: () => PacingSettings;
  /** Uniform in [0, 1): the gap's draw (seeded in simulations). */
  random: () => number;
}

/**
 * An autonomous write's turn in the account's pacing, with the gap after it drawn from the settings:
 * undefined when it may go now, else the instant its turn comes.
 */
export async function takePacingTurn(
  pacing: Pacing,
  request: Omit<PacingRequest, 'gapMs'>,
): Promise<Date | undefined> {
  const verdict = await pacing.store.reserve({
    ...request,
    gapMs: drawGapMs(pacing.settings(), pacing.random),
  });
  return verdict.granted ? undefined : verdict.nextAllowedAt;
}

/** Jobs retry ambiguous and partial failures this many times before they fail for good. */
export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min … capped at 30 min. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}
