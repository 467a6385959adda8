// Recent search and recent counts: the last 7 days of posts matched by the query language, newest first,
// paginated with `next_token`; counts bucketed by minute, hour or day.
import { BOUNDS, readTime } from './paging.js';
import { invalidRequest } from './problems.js';
import { iso } from './render.js';
import { tweetListBody } from './responses.js';
import type { ApiRoute, Query } from './route-kit.js';
import { compileQuery } from './search-query.js';
import type { FakeState } from './state.js';

const WEEK_MS = 7 * 24 * 3_600_000;
const GRANULARITY_MS = { minute: 60_000, hour: 3_600_000, day: 24 * 3_600_000 } as const;

export function searchRoutes(): ApiRoute[] {
  return [
    {
      method: 'GET',
      url: '/2/tweets/search/recent',
      scopes: ['tweet.read', 'users.read'],
      handler: ({ state, user, query }) => {
        const matcher = compileQuery(state, query.query);
        const earliest = checkRecentWindow(state, query);
        const tweets = state
          .tweetsNewestFirst()
          .filter((tweet) => tweet.createdAt >= earliest && state.canSee(user.id, tweet) && matcher(tweet));
        if (query.sort_order === 'relevancy') {
          tweets.sort((a, b) => state.tweetMetrics(b).like_count - state.tweetMetrics(a).like_count);
        }
        return { status: 200, body: tweetListBody(state, tweets, query, BOUNDS.search, 'next_token') };
      },
    },
    {
      method: 'GET',
      url: '/2/tweets/counts/recent',
      scopes: ['tweet.read'],
      handler: ({ state, user, query }) => {
        const matcher = compileQuery(state, query.query);
        const granularity = (query.granularity ?? 'hour') as keyof typeof GRANULARITY_MS;
        const step = GRANULARITY_MS[granularity];
        if (!step) {
          throw invalidRequest(
            `The \`granularity\` query parameter value [${query.granularity}] is not one of [minute,hour,day]`,
            'granularity',
            [query.granularity ?? ''],
          );
        }
        const now = state.now();
        const start = Math.max(
          readTime(query, 'start_time') ?? now - WEEK_MS,
          checkRecentWindow(state, query),
        );
        const end = Math.min(readTime(query, 'end_time') ?? now, now);
        const matching = [...state.tweets.values()].filter(
          (tweet) =>
            tweet.createdAt >= start &&
            tweet.createdAt < end &&
            state.canSee(user.id, tweet) &&
            matcher(tweet),
        );
        const data: Array<{ end: string; start: string; tweet_count: number }> = [];
        let total = 0;
        for (let from = start; from < end; ) {
          const to = Math.min(end, (Math.floor(from / step) + 1) * step);
          const count = matching.filter((tweet) => tweet.createdAt >= from && tweet.createdAt < to).length;
          total += count;
          data.push({ end: iso(to), start: iso(from), tweet_count: count });
          from = to;
        }
        return { status: 200, body: { data, meta: { total_tweet_count: total } } };
      },
    },
  ];
}

/** Recent endpoints only reach back 7 days; an older start_time is a 400, as on the platform. */
function checkRecentWindow(state: FakeState, query: Query): number {
  const earliest = state.now() - WEEK_MS;
  const start = readTime(query, 'start_time');
  if (start !== undefined && start < earliest) {
    throw invalidRequest(
      `Invalid 'start_time':'${query.start_time}'. 'start_time' must be on or after ${iso(earliest).replace(/\.\d{3}Z$/, 'Z')}`,
      'start_time',
      [query.start_time ?? ''],
    );
  }
  return earliest;
}
