// The one retry policy for platform reads (both backends): only network errors and 5xx, at most twice,
// capped exponential back-off with up to 25 % jitter. Writes are never retried blindly.

export const MAX_READ_RETRIES = 2;

/** Delay before retry number `attempt` (0-based): 500 ms, 1 s, 2 s … capped at 5 s, plus jitter. */
export function backoffMs(attempt: number, random: () => number): number {
  return Math.min(5000, 500 * 2 ** attempt) * (1 + random() * 0.25);
}

/** A response body as JSON, or undefined when it is empty or not JSON (HTML pages, truncated bodies). */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
