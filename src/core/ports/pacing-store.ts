// The account's pacing, kept in the database so every process (`app serve`, each `app mcp serve`) shares it.

/** One autonomous platform write asking for its turn. */
export interface PacingRequest {
  /**
   * What asks, when it can come back later (`job:<id>` for a post the posting queue holds): its first ask is
   * kept, so the wait it was given can be measured. Absent: a one-off (an agent's like) refused when early.
   */
  subject?: string;
  actor: string;
  /** What it does: `tweet`, `reply`, `thread`, `quote`, `like`, `retweet`, `follow`. */
  action: string;
  now: Date;
  /** The gap to keep after this write, drawn by the caller (uniform in the configured range). */
  gapMs: number;
}

export type PacingVerdict = { granted: true } | { granted: false; nextAllowedAt: Date };

/** Pacing figures over a span of time. */
export interface PacingFigures {
  /** Autonomous writes let through. */
  writes: number;
  /** Smallest gap between two consecutive ones, in seconds (null with fewer than two). */
  smallestGapSeconds: number | null;
  /** Most autonomous writes in any 15-minute window. */
  busiestQuarterHour: number;
  /** Longest time a write was held by pacing before it went, in seconds. */
  longestWaitSeconds: number;
}

export interface PacingStore {
  /**
   * Takes the account's next slot when it has come (then the next one is `gapMs` later), in one atomic step
   * across processes; otherwise says when it comes.
   */
  reserve(request: PacingRequest): Promise<PacingVerdict>;
  /** The next instant an autonomous write may go (undefined: now). */
  nextAllowedAt(): Promise<Date | undefined>;
  figures(from: Date, to: Date): Promise<PacingFigures>;
}
