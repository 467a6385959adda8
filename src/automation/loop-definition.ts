// Background work declared as data: what runs, how often, in which operating modes, and how it behaves
// around people (jitter, active hours) and failures (back-off). The scheduler reads these fields; a loop's
// `run` only does its work.
import type { Mode } from '../contracts/config/config.js';

export interface LoopContext {
  signal: AbortSignal;
}

export interface LoopBackoff {
  /** Failed runs in a row before the loop pauses. */
  afterErrors: number;
  /** The first pause; each further failure doubles it, up to an hour. */
  pauseMs: number;
}

/**
 * How a polling loop tells, after a turn, that its next turns would find nothing: a simulation (one process
 * holds the data, so only this process can give the loop work) then takes those turns without running them
 * (`SchedulerOptions.skipQuietTurns`). Both answers must be exact, or the simulated week changes.
 */
export interface QuietTurns<Deps> {
  /** A value that changes whenever this process may have given the loop work (e.g. a count of job writes). */
  version(deps: Deps): number;
  /**
   * Read after a turn: the instant from which a turn may find work (null: none is known, only a change of
   * `version` brings some), or undefined when work is waiting now.
   */
  quietUntil(deps: Deps, now: Date): Promise<Date | null | undefined>;
}

export interface LoopDefinition<Deps> {
  name: string;
  /** Milliseconds between the end of one run and the start of the next. */
  intervalMs: (deps: Deps) => number;
  /** Modes it runs in; the mode is read before every run, so a switch applies without restart. */
  modes: readonly Mode[];
  /** Does the work; may answer a few words on what it did (the status shows them). */
  // biome-ignore lint/suspicious/noConfusingVoidType: loops with nothing to say return nothing
  run(deps: Deps, context: LoopContext): Promise<void | string>;
  /**
   * How long until work it knows of falls due, when that is sooner than its interval (a post held for the
   * account's pacing, a retry): the next turn comes then. Undefined: nothing known.
   */
  nextDueMs?: (deps: Deps) => Promise<number | undefined>;
  /**
   * Until when its turns would do nothing and say nothing (simulations skip running them). Only for a loop
   * whose empty turn has no effect beyond its status: no summary, no jitter, no platform call.
   */
  quiet?: QuietTurns<Deps>;
  /** Adds U[min_action_delay, max_action_delay] to each interval, so actions do not come like clockwork. */
  jitter?: boolean;
  /** Sleeps outside the account's active hours and wakes when they begin. */
  activeHours?: boolean;
  /** Default: 10 failures in a row pause the loop for 5 minutes. */
  backoff?: LoopBackoff;
  /**
   * Platform reads it cannot work without (e.g. `searchTweets`): a backend or access tier that lacks one
   * pauses the loop (`tier`) instead of letting it fail every turn.
   */
  needs?: readonly string[];
  /** Posts to the platform itself: an open circuit breaker pauses it until the cooldown ends. */
  writes?: boolean;
  /** Why it cannot run with the live config (no keywords, no LLM…): the loop pauses as `not_configured`. */
  notConfigured?: (deps: Deps) => string | undefined;
}

export const DEFAULT_BACKOFF: LoopBackoff = { afterErrors: 10, pauseMs: 300_000 };
