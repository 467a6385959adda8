// Replying to what discovery found: the dashboard's Discovery Feed acts on the posts in the feed only, so a
// post id that is not there is not_found (the agent's tools also fetch posts from the platform).
import { AppError } from '../../errors.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';

/** Where the posts a reply answers may come from. */
export type ReplySource = 'feed' | 'feed_or_platform';

/** Throws not_found for the first id that is not in the Discovery Feed. */
export async function requireInFeed(
  deps: Pick<DiscoveryServiceDeps, 'discovered'>,
  tweetIds: readonly string[],
): Promise<void> {
  const stored = new Set((await deps.discovered.byIds([...new Set(tweetIds)])).map((p) => p.tweet_id));
  const missing = tweetIds.find((id) => !stored.has(id));
  if (missing !== undefined) throw new AppError('not_found', `post ${missing} is not in the Discovery Feed`);
}
