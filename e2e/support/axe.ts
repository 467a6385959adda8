// axe-core run inside the page under test. Its source is read as text and evaluated in the page only:
// loading axe-core into Node (as @axe-core/playwright does) put core-js polyfills on the test worker's
// globals, which slowed every RegExp split and replace of every later file in that worker, so the two files
// using it needed a process each (and the suite waited on them). The dashboard has no frames, so one
// `axe.run` on the document is the whole check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's findings on the page as it is now, for the rules of the given tags (e.g. wcag2aa). */
export async function axeResults(page: Page, tags: readonly string[]): Promise<AxeResults> {
  // The page's own globals, written as the page sees them (the tests are compiled without the DOM types).
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(tags)} } })`,
  )) as AxeResults;
}
