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
