// Account-wide pacing: an autonomous platform write (a loop's or an agent's post, reply, quote, thread start,
// like, repost, follow) is followed by a gap drawn uniformly from [min_action_delay, max_action_delay]
// before the next one of the account. People's own posts never wait for it. Pure: the draw and the words.

export interface PacingSettings {
  min_action_delay_seconds: number;
  max_action_delay_seconds: number;
}

/** The gap after one write, in ms: uniform in the configured range (bounds swapped if given the wrong way). */
export function drawGapMs(settings: PacingSettings, random: () => number): number {
  const low = Math.min(settings.min_action_delay_seconds, settings.max_action_delay_seconds);
  const high = Math.max(settings.min_action_delay_seconds, settings.max_action_delay_seconds);
  return Math.round((low + random() * (high - low)) * 1000);
}

/** Why a write waits, in the words the envelope, the draft and the approval item show. */
export function pacingReason(nextAllowedAt: Date): string {
  return `paced: the account's next automated action may go at ${nextAllowedAt.toISOString()} (limits.min_action_delay_seconds … max_action_delay_seconds apart)`;
}
