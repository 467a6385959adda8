// The discovery loop's keywords as the dashboard shows them: each with where it comes from (product,
// competitor, industry topic), how many stored posts it found, and which one the next turn searches.
import type { CursorStore } from '../../ports/cursor-store.js';
import type { DiscoveryStore } from '../../ports/discovery-store.js';
import { discoveryKeywords, keywordTurn } from './run-discovery.js';

export type KeywordSource = 'product' | 'competitor' | 'industry';

export interface KeywordLists {
  product: readonly string[];
  competitor: readonly string[];
  industry: readonly string[];
}

export interface KeywordView {
  keyword: string;
  source: KeywordSource;
  posts_found: number;
  next: boolean;
}

export async function listKeywords(
  deps: { discovered: Pick<DiscoveryStore, 'keywordCounts'>; cursors: CursorStore },
  lists: KeywordLists,
): Promise<{ keywords: KeywordView[] }> {
  const keywords = discoveryKeywords([lists.product, lists.competitor, lists.industry]);
  const sourceOf = (word: string): KeywordSource => {
    const key = word.toLocaleLowerCase();
    const has = (list: readonly string[]) => list.some((w) => w.trim().toLocaleLowerCase() === key);
    return has(lists.product) ? 'product' : has(lists.competitor) ? 'competitor' : 'industry';
  };
  const counts = await deps.discovered.keywordCounts();
  const next = keywords.length > 0 ? await keywordTurn(deps.cursors, keywords.length) : -1;
  return {
    keywords: keywords.map((keyword, index) => ({
      keyword,
      source: sourceOf(keyword),
      posts_found: counts.get(keyword.toLocaleLowerCase()) ?? 0,
      next: index === next,
    })),
  };
}
