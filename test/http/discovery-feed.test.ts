// GET /api/discovery/feed over the posts a discovery turn stored: best first, filters by score, keyword
// and not yet answered, paging with next_offset, each post with its score breakdown; bad filters are 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoveryLoop } from '../../src/automation/loops/discovery.js';
import { seedFreshPosts } from '../mcp/discovery-fixtures.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness({
    mode: 'composer',
    business: { product_name: 'Queuebird', product_keywords: ['sqlite', 'typescript'] },
  });
  seedFreshPosts(h);
  // Two read-only turns: "sqlite", then "typescript".
  for (let i = 0; i < 2; i++)
    await discoveryLoop.run(h.app.deps.forLoops, { signal: new AbortController().signal });
});
afterAll(async () => h?.close());

interface Page {
  items: Array<{
    id: string;
    relevance_score: number;
    matched_keyword: string;
    replied_to: boolean;
    posted_at: string | null;
    score_breakdown: Record<string, unknown>;
  }>;
  next_offset: number | null;
}
const feed = async (query: string) => {
  const response = await h.api('GET', `/api/discovery/feed${query}`);
  return { status: response.status, page: response.json as Page };
};

describe('GET /api/discovery/feed', () => {
  it('answers every stored post best first with its score breakdown', async () => {
    const { status, page } = await feed('?limit=100');
    expect(status).toBe(200);
    expect(page.items.length).toBeGreaterThan(2);
    const scores = page.items.map((item) => item.relevance_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(Object.keys(page.items[0]?.score_breakdown ?? {}).length).toBeGreaterThan(0);
    expect(page.items[0]?.posted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(page.next_offset).toBeNull();
  });

  it('filters by lowest score and keyword, and pages with next_offset', async () => {
    const all = (await feed('?limit=100')).page.items;
    const floor = all[Math.floor(all.length / 2)]?.relevance_score ?? 0;
    const above = (await feed(`?limit=100&min_score=${floor}`)).page.items;
    expect(above.every((item) => item.relevance_score >= floor)).toBe(true);
    expect(above.length).toBe(all.filter((item) => item.relevance_score >= floor).length);
    const typescript = (await feed('?limit=100&keyword=typescript')).page.items;
    expect(typescript.length).toBeGreaterThan(0);
    expect(typescript.every((item) => item.matched_keyword === 'typescript')).toBe(true);

    const first = (await feed('?limit=2')).page;
    expect(first.items.map((item) => item.id)).toEqual(all.slice(0, 2).map((item) => item.id));
    expect(first.next_offset).toBe(2);
    const second = (await feed(`?limit=2&offset=${first.next_offset}`)).page;
    expect(second.items.map((item) => item.id)).toEqual(all.slice(2, 4).map((item) => item.id));
  });

  it('unreplied=true leaves out posts already answered', async () => {
    const all = (await feed('?limit=100')).page.items;
    const answered = all[0]?.id ?? '';
    sqliteOf(h.app.deps.database)
      .sqlite.prepare('update discovered_tweets set replied_to = 1 where tweet_id = ?')
      .run(answered);
    const open = (await feed('?limit=100&unreplied=true')).page.items;
    expect(open.map((item) => item.id)).not.toContain(answered);
    expect(open.length).toBe(all.length - 1);
  });

  it('bad filters are 400 with the field named', async () => {
    for (const query of ['?min_score=101', '?limit=0', '?offset=-1', '?unreplied=maybe']) {
      const { status, page } = await feed(query);
      expect(status, query).toBe(400);
      expect(JSON.stringify(page), query).toMatch(/min_score|limit|offset|unreplied/);
    }
  });
});

describe('GET /api/discovery/keywords', () => {
  it('lists the keywords in turn with their source, the posts each found, and the next one', async () => {
    const response = await h.api('GET', '/api/discovery/keywords');
    expect(response.status).toBe(200);
    const { keywords } = response.json as {
      keywords: Array<{ keyword: string; source: string; posts_found: number; next: boolean }>;
    };
    expect(keywords.map((k) => [k.keyword, k.source, k.next])).toEqual([
      ['sqlite', 'product', true],
      ['typescript', 'product', false],
    ]);
    const stored = (await feed('?limit=100')).page.items;
    for (const k of keywords) {
      expect(k.posts_found, k.keyword).toBe(
        stored.filter((item) => item.matched_keyword === k.keyword).length,
      );
    }
    expect(keywords.some((k) => k.posts_found > 0)).toBe(true);
  });
});
