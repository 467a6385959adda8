// The Activity page on the built server: mutations made for real by three actors — the page itself (New
// draft, actor dashboard), an API client with the token (api) and an agent through `app mcp serve` (a like)
// — listed with actor, policy decision and outcome; filters and paging reach
// the query string and stay in the URL; one mutation's audit detail opens in a dialog.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../test/support/serve-process.js';
import { fakePlatformEnv, startStdioToolServer } from '../test/support/stdio-tool-server.js';
import { createTempHome, type TempHome } from '../test/support/temp-home.js';
import { apiReads, signedInPage } from './support/analytics-world.js';
import { type Browser, openBrowser } from './support/browser.js';
import { clockEnv, worldClock } from './support/world-clock.js';

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
let browser: Browser;
let page: Page;
let reads: string[];
let token: string;
let liked: string;

interface Mutation {
  correlation_id: string;
  tool_name: string;
  actor: string;
  status: string;
  policy_decision: string | null;
}
const audit = async (query = ''): Promise<Mutation[]> =>
  (await (
    await fetch(`${server.url}/api/activity/mutations?limit=100${query}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Mutation[];

const clock = worldClock();
beforeAll(async () => {
  fake = await startFakeSocial({ clock });
  home = createTempHome();
  prepareFakeHome(home, fake);
  server = await serve({ ...home.env, ...clockEnv(clock) });
  token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
  // api: three drafts through the HTTP API with the token.
  for (const text of ['First from the API', 'Second from the API', 'Third from the API']) {
    const made = await fetch(`${server.url}/api/content/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: text }),
    });
    expect(made.status).toBeLessThan(300);
  }
  // agent: a like through the real tool server process.
  liked = fake.state.seed({ tweets: [{ author_username: 'app_owner', text: 'like me' }] })
    .tweets[0] as string;
  const agent = await startStdioToolServer({ ...fakePlatformEnv(fake, home.dir), ...clockEnv(clock) });
  try {
    const like = await agent.call('social_like_tweet', { tweet_id: liked });
    expect(like.success).toBe(true);
  } finally {
    await agent.close();
  }
  browser = await openBrowser({ clock });
  page = await signedInPage(browser.context, server.url, '/activity');
  reads = apiReads(page);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
});

const rows = () => page.getByRole('tabpanel').getByRole('row');

describe('Activity page', () => {
  it("lists every mutation with its actor, policy decision and outcome, newest first, the dashboard's own included", {
    timeout: 45_000,
  }, async () => {
    // dashboard: the top bar's New draft, from this page.
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await page.waitForURL((u) => u.pathname === '/drafts');
    await page.goBack();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    const stored = await audit();
    expect(new Set(stored.map((m) => m.actor))).toEqual(new Set(['dashboard', 'api', 'agent']));
    await expect.poll(() => rows().count()).toBe(1 + stored.length);
    // Each row as stored, newest first: tool, actor, decision, outcome.
    for (const [i, m] of stored.entries()) {
      const cells = rows().nth(i + 1);
      expect(await cells.getByRole('rowheader').textContent()).toBe(m.tool_name);
      const text = await cells.getByRole('cell').allTextContents();
      expect(text.slice(1, 4)).toEqual([m.actor, m.policy_decision ?? '—', m.status]);
    }
    expect(stored[0]?.actor).toBe('dashboard');
    expect(reads).toContain('/api/activity/mutations?limit=26&offset=0');
  });

  it('filters by actor, tool, status and time: each reaches the query string and the URL', {
    timeout: 45_000,
  }, async () => {
    await page.getByLabel('Actor').fill('agent');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('actor')).toBe('agent');
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().nth(1).getByRole('rowheader').textContent()).toBe('social_like_tweet');
    expect(reads).toContain('/api/activity/mutations?limit=26&offset=0&actor=agent');

    await page.getByLabel('Status').selectOption('success');
    await page.getByLabel('Time').selectOption('1');
    await expect.poll(() => new URL(page.url()).search).toBe('?status=success&actor=agent&hours=1');
    await expect
      .poll(() => reads.at(-1))
      .toBe('/api/activity/mutations?limit=26&offset=0&actor=agent&status=success&since_hours=1');
    await page.getByLabel('Status').selectOption('failure');
    await expect.poll(() => page.getByText('No mutations match these filters.').count()).toBe(1);

    await page.getByRole('button', { name: 'Clear' }).click();
    const api = await audit('&actor=api');
    const tool = api[0]?.tool_name as string;
    await page.getByLabel('Tool').fill(tool);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tool')).toBe(tool);
    expect(reads).toContain(`/api/activity/mutations?limit=26&offset=0&tool_name=${tool}`);
    // Reload keeps the filter.
    await page.reload();
    await expect.poll(() => page.getByLabel('Tool').inputValue()).toBe(tool);
    const matching = await audit(`&tool_name=${tool}`);
    await expect.poll(() => rows().count()).toBe(1 + matching.length);
  });

  it('pages through more than a page of mutations', { timeout: 45_000 }, async () => {
    // 26 more drafts from the API: the newest 25 on page 1, the rest on page 2.
    for (let i = 0; i < 26; i++) {
      await fetch(`${server.url}/api/content/drafts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `Bulk ${i}` }),
      });
    }
    const all = await audit();
    await page.goto(`${server.url}/activity`);
    await expect.poll(() => rows().count()).toBe(26);
    await page.getByRole('button', { name: 'Older' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(reads).toContain('/api/activity/mutations?limit=26&offset=25');
    await expect.poll(() => rows().count()).toBe(1 + Math.min(25, all.length - 25));
    expect(await rows().nth(1).getByRole('rowheader').textContent()).toBe(all[25]?.tool_name);
    await page.getByRole('button', { name: 'Newer' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe(null);
  });

  it("opens one mutation's audit detail: parameters, result, rollback guidance and timing", {
    timeout: 45_000,
  }, async () => {
    await page.goto(`${server.url}/activity?actor=agent`);
    await rows().nth(1).getByRole('button', { name: 'social_like_tweet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mutation social_like_tweet' });
    await dialog.waitFor();
    const [like] = await audit('&actor=agent');
    expect(new URL(page.url()).searchParams.get('open')).toBe(like?.correlation_id);
    expect(reads).toContain(`/api/activity/mutations/${like?.correlation_id}`);
    await expect
      .poll(() => dialog.getByRole('region', { name: 'Parameters' }).textContent())
      .toContain(liked);
    // What the dialog says is the stored audit record.
    const detail = (await (
      await fetch(`${server.url}/api/activity/mutations/${like?.correlation_id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { result: unknown; rollback: unknown; elapsed_ms: number | null };
    expect(await dialog.getByRole('region', { name: 'Result' }).textContent()).toBe(
      `Result${JSON.stringify(detail.result, null, 2)}`,
    );
    expect(await dialog.getByRole('region', { name: 'Rollback' }).textContent()).toBe(
      detail.rollback === null
        ? 'How to undo itNo rollback guidance for this mutation.'
        : `How to undo it${JSON.stringify(detail.rollback, null, 2)}`,
    );
    // Timing: the sixth fact, "Took".
    expect(await dialog.locator('dd').nth(5).textContent()).toBe(
      detail.elapsed_ms === null ? '—' : `${detail.elapsed_ms} ms`,
    );
    expect(await dialog.getByText('agent', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('open')).toBe(null);
    // Focus returns to the row's button.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('social_like_tweet');
  });

  it('the loop events tab reads the action log with its own filters', async () => {
    await page.goto(`${server.url}/activity`);
    await page.getByRole('tab', { name: 'Loop events' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=events');
    await expect.poll(() => page.getByText('No loop events match these filters.').count()).toBe(1);
    await page.getByLabel('Type').fill('follower_alert');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => reads.at(-1)).toBe('/api/activity?limit=26&offset=0&action_type=follower_alert');
  });

  it('the analytics page without any history says the best times are the defaults', async () => {
    await page.goto(`${server.url}/analytics`);
    await expect
      .poll(() => page.getByRole('region', { name: 'Best times' }).textContent())
      .toMatch(/no best time from your history yet.*default slots 09:15, 12:30, 17:00 \(UTC\)/);
  });
});
