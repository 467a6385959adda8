// Draft Studio in Debian Chromium against the built server (design note, "Keystroke latency"):
// - keystroke latency on a 25-card thread: Event Timing entries (durationThreshold 16) grouped by
//   interactionId, 100 keys typed into card 13, 3 runs, p50/p95, beside a bare textarea on a blank page of
//   the same server measured in the same run (targets: p50 ≤ 24 ms, p95 ≤ 48 ms, within 32 ms of bare);
// - opening /drafts?id= until the draft's editor is editable, timed in the page from its navigation start
//   (target < 300 ms), median of 10.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openBrowser } from '../e2e/support/browser.js';
import { percentile } from '../src/core/domain/latency-stats.js';
import { startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { killHard, prepareFakeHome, serve } from '../test/support/serve-process.js';
import { createTempHome } from '../test/support/temp-home.js';
import { setPassphraseInPage } from './first-run-page.js';

const KEYS = 100;
const RUNS = 3;

/** Collects the longest event duration per interaction (what a user waits for after a key). */
const OBSERVER = `
  window.__latencies = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const before = window.__latencies.get(entry.interactionId) ?? 0;
      window.__latencies.set(entry.interactionId, Math.max(before, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/** Notes when the first card's editor exists and is enabled (milliseconds since navigation start). */
const EDITABLE = `
  new MutationObserver((_, observer) => {
    const ready = [...document.querySelectorAll('label')].some((label) => {
      const field = document.getElementById(label.htmlFor);
      return label.textContent.trim() === 'Post 1 of 25' && field instanceof HTMLTextAreaElement && !field.disabled;
    });
    if (!ready) return;
    window.__editableAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true });
`;

async function typeAndMeasure(page: Page, target: string): Promise<number[]> {
  await page.evaluate('window.__latencies.clear()');
  await page.locator(target).focus();
  for (let i = 0; i < KEYS; i++) await page.keyboard.type(i % 10 === 9 ? ' ' : 'x');
  await page.waitForTimeout(300);
  return (await page.evaluate('[...window.__latencies.values()]')) as number[];
}

export async function benchKeystroke(): Promise<void> {
  const fake = await startFakeSocial();
  const home = createTempHome();
  prepareFakeHome(home, fake);
  const server = await serve(home.env);
  const browser = await openBrowser();
  try {
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    const blocks = Array.from({ length: 25 }, (_, order) => ({
      id: randomUUID(),
      text: `Card ${order + 1}: a sentence or two of thread text to keep the editor realistic.`,
      media_paths: [],
      order,
    }));
    const made = await fetch(`${server.url}/api/content/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content_type: 'thread', blocks }),
    });
    const id = ((await made.json()) as { id: number }).id;
    const page = await browser.context.newPage();
    await page.addInitScript(OBSERVER);
    await setPassphraseInPage(page, server.url);

    const studio: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${server.url}/drafts?id=${id}`);
      await page.getByRole('textbox', { name: 'Post 13 of 25' }).waitFor();
      studio.push(...(await typeAndMeasure(page, 'textarea[id^="card-"] >> nth=12')));
      // The same browser and server: a bare textarea on the dashboard's own (not-built-up) page.
      await page.setContent('<textarea id="bare" rows="4"></textarea>');
      await page.evaluate(OBSERVER);
      bare.push(...(await typeAndMeasure(page, '#bare')));
    }
    // Interactions under 16 ms are not reported (durationThreshold): count them at 16 ms, which only
    // makes the figures worse than they are.
    const fill = (values: number[]) => [
      ...values,
      ...Array(Math.max(0, KEYS * RUNS - values.length)).fill(16),
    ];
    const s = fill(studio).sort((a, b) => a - b);
    const b = fill(bare).sort((a, c) => a - c);
    console.log(
      `keystroke, 25-card thread (${KEYS} keys × ${RUNS}): p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms (targets 24 / 48)`,
    );
    console.log(
      `bare textarea, same run: p50 ${percentile(b, 50).toFixed(0)} ms, p95 ${percentile(b, 95).toFixed(0)} ms; gap p95 ${(percentile(s, 95) - percentile(b, 95)).toFixed(0)} ms (target ≤ 32)`,
    );

    // Timed in the page, from its navigation start to the DOM change that made the editor editable: a
    // locator's wait polls at growing intervals (…, 100, 500 ms), so it saw an editor that was ready at
    // 420 ms only at 870 ms. The locator still confirms what the user sees.
    await page.addInitScript(EDITABLE);
    const opens: number[] = [];
    for (let i = 0; i < 10; i++) {
      await page.goto('about:blank');
      await page.goto(`${server.url}/drafts?id=${id}`);
      await page.getByRole('textbox', { name: 'Post 1 of 25' }).waitFor({ state: 'visible' });
      opens.push((await page.evaluate('window.__editableAt')) as number);
    }
    opens.sort((a, c) => a - c);
    console.log(
      `open /drafts?id= to an editable draft: median ${percentile(opens, 50).toFixed(0)} ms, max ${(opens.at(-1) ?? 0).toFixed(0)} ms (target < 300)`,
    );
  } finally {
    await browser.close();
    await killHard(server);
    await fake.close();
    home.cleanup();
  }
}
