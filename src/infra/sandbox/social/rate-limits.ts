// Per-(user, endpoint template) request budgets in 15-minute windows, as the platform meters user-context
// requests. Limits come from a table of real-ish values and can be overridden per template.

export const WINDOW_MS = 15 * 60 * 1000;

/** Keys are "METHOD /template" with fastify-style `:params`. Unlisted GETs get 900, writes 300. */
const DEFAULT_LIMITS: Record<string, number> = {
  'GET /2/tweets/search/recent': 180,
  'GET /2/tweets/counts/recent': 300,
  'POST /2/tweets': 100,
  'DELETE /2/tweets/:id': 50,
  'PUT /2/tweets/:id/hidden': 50,
  'GET /2/tweets/:id/liking_users': 75,
  'GET /2/tweets/:id/retweeted_by': 75,
  'GET /2/tweets/:id/quote_tweets': 75,
  'GET /2/users/me': 75,
  'GET /2/users/:id/mentions': 180,
  'GET /2/users/:id/timelines/reverse_chronological': 180,
  'GET /2/users/:id/followers': 15,
  'GET /2/users/:id/following': 15,
  'GET /2/users/:id/liked_tweets': 75,
  'GET /2/users/:id/bookmarks': 180,
  'POST /2/users/:id/likes': 50,
  'DELETE /2/users/:id/likes/:tweet_id': 50,
  'POST /2/users/:id/retweets': 50,
  'DELETE /2/users/:id/retweets/:source_tweet_id': 50,
  'POST /2/users/:id/bookmarks': 50,
  'DELETE /2/users/:id/bookmarks/:tweet_id': 50,
  'POST /2/users/:id/following': 50,
  'DELETE /2/users/:id/following/:target_user_id': 50,
  'GET /2/users/:id/muting': 100,
  'POST /2/users/:id/muting': 50,
  'DELETE /2/users/:id/muting/:target_user_id': 50,
  'GET /2/users/:id/blocking': 15,
  'POST /2/users/:id/blocking': 50,
  'DELETE /2/users/:id/blocking/:target_user_id': 50,
  'PUT /2/users/:id/pinned_tweet': 50,
  'DELETE /2/users/:id/pinned_tweet': 50,
  'GET /2/dm_conversations': 300,
  'GET /2/dm_events': 300,
  'POST /2/dm_conversations': 200,
  'POST /2/dm_conversations/:id/messages': 200,
  'POST /2/dm_conversations/with/:participant_id/messages': 200,
  'GET /2/lists/:id': 75,
  'GET /2/spaces/search': 300,
  'POST /2/compliance/jobs': 150,
  'GET /2/compliance/jobs': 150,
  'GET /2/tweets/search/stream/rules': 450,
  'POST /2/tweets/search/stream/rules': 100,
  'GET /2/usage/tweets': 50,
  'POST /2/media/upload': 500,
  'POST /2/media/upload/initialize': 500,
  'POST /2/media/upload/:id/append': 1000,
  'POST /2/media/upload/:id/finalize': 500,
  'GET /2/media/upload': 1000,
};

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds when the window resets. */
  reset: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly overrides = new Map<string, number>();
  private readonly windows = new Map<string, Window>();

  /** `template` may carry a method ("POST /2/tweets") or not ("/2/tweets" = every method); `{id}` or `:id`. */
  setLimit(template: string, limit: number): void {
    this.overrides.set(normalizeTemplate(template), limit);
  }

  limitFor(method: string, path: string): number {
    const key = `${method} ${path}`;
    return (
      this.overrides.get(key) ??
      this.overrides.get(path) ??
      DEFAULT_LIMITS[key] ??
      (method === 'GET' ? (path.startsWith('/12/') ? 2000 : 900) : 300)
    );
  }

  consume(subject: string, method: string, path: string, now: number): RateDecision {
    const limit = this.limitFor(method, path);
    const key = `${subject} ${method} ${path}`;
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    const allowed = window.count < limit;
    if (allowed) window.count += 1;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      reset: Math.ceil(window.resetAt / 1000),
    };
  }

  clear(): void {
    this.overrides.clear();
    this.windows.clear();
  }
}

export function normalizeTemplate(template: string): string {
  const trimmed = template.trim();
  const match = /^(GET|POST|PUT|DELETE|PATCH)\s+(.*)$/i.exec(trimmed);
  const path = (match?.[2] ?? trimmed).replace(/\{([^}]+)\}/g, ':$1');
  return match?.[1] ? `${match[1].toUpperCase()} ${path}` : path;
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'x-rate-limit-limit': String(decision.limit),
    'x-rate-limit-remaining': String(decision.remaining),
    'x-rate-limit-reset': String(decision.reset),
  };
}
