// What a failed run means for a loop's next turn: the platform's rate limit (wait for its reset), the
// circuit breaker (wait for its cooldown), an access tier that lacks the endpoint (recheck rarely instead
// of hammering), or plain failures (back off after too many in a row). Pure: the scheduler applies it.
import type { LoopPause } from '../contracts/runtime-status.js';
import { isAppError } from '../core/errors.js';
import { DEFAULT_BACKOFF, type LoopBackoff } from './loop-definition.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A tier refusal is rechecked after an hour, doubling to a day: an upgrade is noticed, nothing is hammered. */
const TIER_RECHECK_MS = HOUR;
const TIER_RECHECK_MAX_MS = 24 * HOUR;

export interface FailurePlan {
  /** Milliseconds until the next run. */
  wait: number;
  pause: LoopPause | null;
  reason: string | null;
}

/** A 403 from the platform saying the access tier does not include the endpoint. */
export function isTierRefusal(error: unknown): boolean {
  if (!isAppError(error) || error.code !== 'social_forbidden') return false;
  const details = error.details as { tier_restricted?: boolean } | undefined;
  return details?.tier_restricted === true;
}

/** The write was refused locally because the circuit breaker is open. */
export function isBreakerRefusal(error: unknown): boolean {
  if (!isAppError(error)) return false;
  const details = error.details as { breaker?: string } | undefined;
  return details?.breaker === 'open';
}

const untilReset = (resetAt: Date | undefined, now: Date) =>
  resetAt ? resetAt.getTime() - now.getTime() : undefined;

/**
 * The next turn after `failures` failed runs in a row ending with `error`; `interval` and `jitter` are what
 * a normal turn would wait.
 */
export function planAfterFailure(
  error: unknown,
  failures: number,
  now: Date,
  interval: number,
  jitter: number,
  backoff: LoopBackoff = DEFAULT_BACKOFF,
): FailurePlan {
  if (isBreakerRefusal(error) && isAppError(error)) {
    const wait = Math.max(1000, untilReset(error.resetAt, now) ?? 10 * MINUTE);
    return {
      wait,
      pause: 'breaker',
      reason: 'circuit breaker open after repeated 429/403 answers to writes',
    };
  }
  if (isTierRefusal(error)) {
    const wait = Math.min(TIER_RECHECK_MAX_MS, TIER_RECHECK_MS * 2 ** Math.min(10, failures - 1));
    return {
      wait,
      pause: 'tier',
      reason: 'the platform access tier does not include an endpoint this loop needs',
    };
  }
  if (isAppError(error) && (error.code === 'llm_not_configured' || error.code === 'social_not_configured')) {
    // No LLM key, or no platform login yet: nothing to retry until the user sets it up; the next turn reads
    // the live config and the tokens again.
    return { wait: interval, pause: 'not_configured', reason: error.message };
  }
  if (isAppError(error) && error.code === 'social_rate_limited') {
    // The platform said when; otherwise 60 s doubling per failure, at most 15 minutes.
    const told =
      error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : untilReset(error.resetAt, now);
    const wait = Math.max(1000, told ?? Math.min(15 * MINUTE, MINUTE * 2 ** (failures - 1)));
    return { wait, pause: 'backoff', reason: 'rate limited by the platform: waiting for its reset' };
  }
  const over = failures - backoff.afterErrors;
  if (over >= 0) {
    const wait = Math.min(HOUR, backoff.pauseMs * 2 ** over);
    return {
      wait: Math.max(wait, interval),
      pause: 'backoff',
      reason: `${failures} failures in a row`,
    };
  }
  return { wait: interval + jitter, pause: null, reason: null };
}
