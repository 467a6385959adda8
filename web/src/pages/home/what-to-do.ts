// What a person can do about a failure the home page lists: by the error code a loop or a mutation failed
// with, else by why a loop is paused. Plain advice; the error's own message is shown beside it.
import type { LoopStatus } from '../../../../src/contracts/runtime-status.js';

const BY_CODE: Record<string, string> = {
  social_auth_expired: 'Sign in to the platform again: run `app auth` on this machine.',
  social_not_configured: 'Set the platform client id and sign in: run `app init`, then `app auth`.',
  social_account_restricted: 'The platform restricted the account: check it on the platform itself.',
  social_forbidden: 'The platform refused this action for the account or its access tier.',
  social_rate_limited: 'The platform asked to wait; it is retried after its reset time.',
  social_network_error: 'The platform could not be reached; check the network. It is retried.',
  llm_not_configured: 'Set an LLM provider and key in the config ([llm]).',
  llm_error: 'The LLM failed; check its key and that its server is up.',
  tweet_too_long: 'Shorten the text to 280 weighted characters.',
  media_upload_error: 'Upload the media again, or post without it.',
  thread_partial_failure: 'Part of the thread went out; the rest is retried from where it stopped.',
};

export function adviceForCode(code: string | null): string | undefined {
  return code ? BY_CODE[code] : undefined;
}

const BY_PAUSE: Record<string, string> = {
  backoff: 'It retries by itself after the pause.',
  breaker: 'The platform refused writes several times; writing resumes after the cooldown.',
  tier: 'The platform access tier lacks what this loop needs.',
  not_configured: 'Set what is missing in the config.',
  budget:
    'The monthly API budget is spent; it resumes on the 1st. Raise [limits] monthly_api_budget_usd to resume now.',
};

/** Loops a person should look at: failing, or paused for a reason other than the time of day or the mode. */
export function troubledLoops(loops: readonly LoopStatus[]): Array<{ loop: LoopStatus; advice: string }> {
  return loops
    .filter(
      (loop) =>
        loop.last_outcome === 'error' ||
        (loop.paused !== null && loop.paused !== 'mode' && loop.paused !== 'active_hours'),
    )
    .map((loop) => ({
      loop,
      // What failed says most (the platform or the LLM down, a login expired); else why it is paused.
      advice:
        adviceForCode(loop.last_error_code) ??
        ((loop.paused && BY_PAUSE[loop.paused]) || 'It runs again at its next turn.'),
    }));
}
