// Which profile picture URLs may be fetched, and in which order: the platform's answer is data from outside, so
// its URL could name any host (a metadata address, an internal service). Only https on the platform's image
// host, or the configured API's own origin (the fake platform in tests and simulations), is ever asked.

/** The platform's image host (profile pictures and media). */
export const PLATFORM_IMAGE_HOST = 'pbs.twimg.com';

/** How long a read profile is shown before the platform is asked again. */
export const PROFILE_MAX_AGE_MS = 24 * 60 * 60_000;

/** The URL when it may be fetched: https on the image host, or the API base URL's origin; never credentials. */
export function allowedPictureUrl(raw: string, apiBaseUrl: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  if (url.protocol === 'https:' && url.host === PLATFORM_IMAGE_HOST) return url;
  let api: URL;
  try {
    api = new URL(apiBaseUrl);
  } catch {
    return undefined;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === api.origin
    ? url
    : undefined;
}

/**
 * The URLs to try for a picture, best first: the platform names the 48 px `_normal` variant; its `_400x400`
 * sibling (same path, other suffix) is sharp on high-density screens. Any other URL is tried as given.
 */
export function pictureCandidates(raw: string): string[] {
  const larger = raw.replace(
    /(\/profile_images\/[^?#]*?)_normal(\.[A-Za-z]{3,4})?([?#].*)?$/,
    '$1_400x400$2$3',
  );
  return larger === raw ? [raw] : [larger, raw];
}

/** Whether a kept profile must be read again: older than a day, or the login now names another account. */
export function profileNeedsRead(
  kept: { user_id: string; fetched_at: Date } | undefined,
  now: Date,
  loginUserId: string | undefined,
): boolean {
  if (!kept) return true;
  if (loginUserId !== undefined && kept.user_id !== loginUserId) return true;
  const age = now.getTime() - kept.fetched_at.getTime();
  // A row from the future (a clock set back) is as good as stale.
  return age >= PROFILE_MAX_AGE_MS || age < 0;
}
