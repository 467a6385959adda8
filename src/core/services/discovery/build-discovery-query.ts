// The default discovery search: the product and competitor keywords as one recent-search query.

/** The platform's limit on a recent-search query. */
const MAX_QUERY_CHARS = 512;
const NO_REPOSTS = ' -is:retweet';

/**
 * `(a OR "b c") -is:retweet`: phrases quoted, reposts left out, as many keywords (in order) as fit in a
 * platform query; undefined when there are none.
 */
export function buildDiscoveryQuery(keywords: readonly string[]): string | undefined {
  const terms: string[] = [];
  const render = (list: string[]) => `${list.length > 1 ? `(${list.join(' OR ')})` : list[0]}${NO_REPOSTS}`;
  for (const keyword of keywords) {
    const clean = keyword.replace(/["()]/g, ' ').replace(/\s+/g, ' ').trim();
    if (clean === '') continue;
    const term = clean.includes(' ') ? `"${clean}"` : clean;
    if (terms.includes(term)) continue;
    if (render([...terms, term]).length > MAX_QUERY_CHARS) break;
    terms.push(term);
  }
  return terms.length === 0 ? undefined : render(terms);
}
