// The Discovery page tests' world on top of the studio world: keywords and the fake LLM set through the
// settings API, fresh posts seeded at the fake platform, and the feed filled through the real discovery
// path — the built tool server's find_reply_opportunities (search, score, store), on the same data dir.
import { expect } from 'vitest';
import type { FakeSocial } from '../../src/infra/sandbox/social/index.js';
import { fakePlatformEnv, startStdioToolServer } from '../../test/support/stdio-tool-server.js';
import { call, type Studio } from './studio.js';
import { clockEnv } from './world-clock.js';

export interface SeededFeed {
  /** A post that names both product keywords (scores high). */
  rob: string;
  /** Only names `typescript`: the one post the keyword filter `typescript` keeps. */
  tsOnly: string;
  /** All seeded posts naming sqlite, freshest first. */
  sqlite: string[];
}

export interface FeedItemView {
  id: string;
  author_username: string | null;
  content: string;
  relevance_score: number;
  matched_keyword: string | null;
  replied_to: boolean;
  score_breakdown: { signals?: Record<string, { score: number; max: number; detail: string }> };
}

/** Changes settings through the API (the running server and the tool server read the same file). */
export async function patchSettings(studio: Studio, set: Record<string, unknown>): Promise<void> {
  const response = await call(studio, 'PATCH', '/api/settings', { set });
  expect(response.status, await response.clone().text()).toBe(200);
}

export async function setMode(studio: Studio, mode: 'autopilot' | 'composer'): Promise<void> {
  await patchSettings(studio, { mode });
  await expect
    .poll(
      async () =>
        ((await (await call(studio, 'GET', '/api/runtime/status')).json()) as { mode: string }).mode,
    )
    .toBe(mode);
}

/** Configures discovery and the LLM, seeds posts at the fake and runs two discovery searches. */
export async function seedDiscoveryFeed(studio: Studio): Promise<SeededFeed> {
  await patchSettings(studio, {
    'business.product_name': 'Queuebird',
    'business.product_keywords': ['sqlite', 'typescript'],
    'llm.provider': 'openai',
    'llm.api_key': 'sk-test',
    'llm.base_url': studio.llm.openaiBaseUrl,
  });
  const fillers = Array.from({ length: 22 }, (_, i) => ({
    author_username: i % 2 ? 'ml_maria' : 'design_dan',
    text: `SQLite note ${i + 1}: WAL mode and a busy timeout keep writers calm.`,
    minutes_ago: 30 + i * 40,
  }));
  const ids = studio.fake.state.seed({
    tweets: [
      {
        author_username: 'rust_rob',
        text: 'Anyone running a job queue on SQLite with TypeScript?',
        minutes_ago: 3,
      },
      {
        author_username: 'ml_maria',
        text: 'TypeScript generics finally clicked for me today.',
        minutes_ago: 5,
      },
      ...fillers,
    ],
  }).tweets;
  const [rob = '', tsOnly = '', ...rest] = ids;
  await searchIntoFeed(studio.fake, studio.home.dir, ['sqlite', 'typescript']);
  return { rob, tsOnly, sqlite: [rob, ...rest] };
}

/**
 * Runs discovery searches the way an agent does (find_reply_opportunities in the built tool server on the
 * home's data dir), on the world's clock (the fake's): every post found is scored and stored in the Discovery
 * Feed.
 */
export async function searchIntoFeed(fake: FakeSocial, homeDir: string, queries: string[]): Promise<void> {
  const tools = await startStdioToolServer({ ...fakePlatformEnv(fake, homeDir), ...clockEnv(fake.clock) });
  try {
    for (const query of queries) {
      const found = await tools.call('find_reply_opportunities', { query, min_score: 0, limit: 50 });
      expect(found.success, JSON.stringify(found.error ?? null) + tools.stderr()).toBe(true);
    }
  } finally {
    await tools.close();
  }
}

/** The feed as the API answers it for a query string (`?keyword=sqlite&limit=100`). */
export async function feedItems(studio: Studio, query = ''): Promise<FeedItemView[]> {
  const response = await call(studio, 'GET', `/api/discovery/feed${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: FeedItemView[] }).items;
}

export interface ApprovalView {
  id: number;
  action_type: string;
  content: string;
  target_tweet_id: string | null;
  status: string;
  actor: unknown;
}

export async function pendingApprovals(studio: Studio): Promise<ApprovalView[]> {
  const response = await call(studio, 'GET', '/api/approval?status=pending&limit=100');
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: ApprovalView[] }).items;
}
