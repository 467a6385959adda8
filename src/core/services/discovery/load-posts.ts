// The posts an agent names by id, from the Discovery Feed when stored, else fetched from the platform,
// scored and stored (so the feed and later calls see them too). Posts that cannot be had are reported
// with a code instead of failing the whole batch.
import type { User } from '../../../contracts/social.js';
import { isAppError } from '../../errors.js';
import type { DiscoveredPost } from '../../ports/discovery-store.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';
import { scorePost } from './score-post.js';

export interface Unavailable {
  tweet_id: string;
  code: string;
  reason: string;
}

export interface LoadedPosts {
  /** Found posts, in the order of the ids asked for (duplicates once). */
  posts: DiscoveredPost[];
  unavailable: Unavailable[];
}

export async function loadPosts(
  deps: Pick<DiscoveryServiceDeps, 'discovered' | 'read' | 'clock' | 'settings'>,
  ids: readonly string[],
): Promise<LoadedPosts> {
  const wanted = [...new Set(ids)];
  const stored = new Set((await deps.discovered.byIds(wanted)).map((post) => post.tweet_id));
  const missing = wanted.filter((id) => !stored.has(id));
  const unavailable: Unavailable[] = [];
  if (missing.length > 0) {
    try {
      const tweets = await deps.read.getTweets(missing);
      const authorIds = [...new Set(tweets.flatMap((t) => (t.author_id ? [t.author_id] : [])))];
      // Without the authors the posts still score (reach counts 0); a failed user lookup is no reason to stop.
      const users = authorIds.length
        ? await deps.read.getUsersByIds(authorIds).catch(() => [] as User[])
        : [];
      const byId = new Map(users.map((user) => [user.id, user]));
      const now = deps.clock.now();
      const settings = deps.settings();
      const scored = tweets.map((t) =>
        scorePost(t, t.author_id ? byId.get(t.author_id) : undefined, settings, now),
      );
      await deps.discovered.save(
        scored.map((s) => s.post),
        now,
      );
      const fetched = new Set(tweets.map((t) => t.id));
      for (const id of missing) {
        if (!fetched.has(id)) {
          unavailable.push({
            tweet_id: id,
            code: 'not_found',
            reason: 'post not found on the platform (deleted, protected, or no such id)',
          });
        }
      }
    } catch (error) {
      const code = isAppError(error) ? error.code : 'social_api_error';
      const reason = `could not fetch the post: ${(error as Error)?.message ?? String(error)}`;
      for (const id of missing) unavailable.push({ tweet_id: id, code, reason });
    }
  }
  const gone = new Set(unavailable.map((u) => u.tweet_id));
  const posts = await deps.discovered.byIds(wanted.filter((id) => !gone.has(id)));
  return { posts, unavailable };
}
