// The Discovery page's talk with the server (GET /api/discovery/feed and /keywords, POST compose-reply and
// queue-reply, through the generated client) and its filters as URL state: min_score, keyword, unreplied and offset live in the query
// string so reload and back/forward show the same list.
import type { z } from 'zod';
import type {
  ComposedFeedReplySchema,
  DiscoveryFeedPageSchema,
  DiscoveryKeywordsSchema,
} from '../../../../src/contracts/discovery.js';
import type { SignalScore } from '../../../../src/core/domain/scoring.js';
import { api } from '../../api.js';

export const PAGE_SIZE = 20;

// The shapes are the server's own (src/contracts/discovery.ts), as the generated client types them.
export type FeedPage = z.infer<typeof DiscoveryFeedPageSchema>;
export type FeedItem = FeedPage['items'][number];
export type Keyword = z.infer<typeof DiscoveryKeywordsSchema>['keywords'][number];
export type ComposedReply = z.infer<typeof ComposedFeedReplySchema>;

export interface FeedFilters {
  minScore?: number;
  keyword?: string;
  unreplied: boolean;
  offset: number;
}

/** The filters the URL holds (anything malformed is left out, as if not set). */
export function filtersFrom(params: URLSearchParams): FeedFilters {
  const score = Number(params.get('min_score'));
  const offset = Number(params.get('offset'));
  const keyword = params.get('keyword')?.trim();
  return {
    ...(params.has('min_score') && score >= 0 && score <= 100 ? { minScore: score } : {}),
    ...(keyword ? { keyword } : {}),
    unreplied: params.get('unreplied') === '1',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** The page's URL for these filters (`/discovery?min_score=40&keyword=sqlite&unreplied=1&offset=20`). */
export function discoveryUrl(filters: FeedFilters): string {
  const params = new URLSearchParams();
  if (filters.minScore !== undefined) params.set('min_score', String(filters.minScore));
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.unreplied) params.set('unreplied', '1');
  if (filters.offset > 0) params.set('offset', String(filters.offset));
  const query = params.toString();
  return query ? `/discovery?${query}` : '/discovery';
}

export function loadFeed(filters: FeedFilters): Promise<FeedPage> {
  return api.discovery.feed({
    limit: PAGE_SIZE,
    offset: filters.offset,
    ...(filters.minScore !== undefined ? { min_score: filters.minScore } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.unreplied ? { unreplied: true } : {}),
  });
}

export const loadKeywords = (): Promise<{ keywords: Keyword[] }> => api.discovery.keywords();

export const composeReply = (tweetId: string): Promise<ComposedReply> => api.discovery.draftReplies(tweetId);

export const queueReply = (tweetId: string, text: string) => api.discovery.queueReplies(tweetId, { text });

const SIGNAL_NAMES: Record<string, string> = {
  keyword_relevance: 'Keywords',
  follower: 'Author reach',
  recency: 'Recency',
  engagement: 'Engagement',
  reply_count: 'Replies so far',
  content_type: 'Content type',
};

export interface SignalRow extends SignalScore {
  name: string;
}

const isSignal = (value: unknown): value is SignalScore =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SignalScore).score === 'number' &&
  typeof (value as SignalScore).max === 'number';

/** The per-signal rows of a stored breakdown (the scorer's `signals`), in the scorer's order. */
export function signalRows(breakdown: Record<string, unknown>): SignalRow[] {
  const signals = breakdown.signals;
  if (typeof signals !== 'object' || signals === null) return [];
  return Object.entries(signals).flatMap(([key, value]) =>
    isSignal(value)
      ? [
          {
            name: SIGNAL_NAMES[key] ?? key.replace(/_/g, ' '),
            score: value.score,
            max: value.max,
            detail: String(value.detail ?? ''),
          },
        ]
      : [],
  );
}

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

/** The post on the platform (`/i/status/<id>` when the author's handle is unknown; the platform redirects). */
export function postLink(item: Pick<FeedItem, 'id' | 'author_username'>): string {
  const user = item.author_username && USERNAME.test(item.author_username) ? item.author_username : 'i';
  return `https://x.com/${user}/status/${encodeURIComponent(item.id)}`;
}
