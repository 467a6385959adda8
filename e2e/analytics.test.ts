// The Analytics page on the built server, over a data dir whose history the analytics loop measured (see
// e2e/support/analytics-world.ts): what the person sees is computed here from the seeded posts and follower
// counts, and the window (7/30/90 days) reaches the requests and stays in the URL.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../src/contracts/config/common.js';
import { type FakeSocial, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../test/support/temp-home.js';
import {
  type AnalyticsHistory,
  apiReads,
  seedAnalyticsHistory,
  signedInPage,
} from './support/analytics-world.js';
import { axeResults } from './support/axe.js';
import { type Browser, openBrowser } from './support/browser.js';
import { clockEnv, worldClock } from './support/world-clock.js';

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
let browser: Browser;
let history: AnalyticsHistory;
let page: Page;
let reads: string[];
const clock = worldClock();

beforeAll(async () => {
  home = createTempHome();
  history = await seedAnalyticsHistory(home, clock);
  fake = await startFakeSocial({ clock });
  prepareFakeHome(home, fake);
  server = await serve({ ...home.env, ...clockEnv(clock) });
  browser = await openBrowser({ clock });
  page = await signedInPage(browser.context, server.url, '/analytics');
  reads = apiReads(page);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
});

const percent = (change: number, start: number) => Math.round((change / start) * 10_000) / 100;
const section = (name: string) => page.getByRole('region', { name });
const firstRow = (name: string) => section(name).getByRole('row').nth(1);

describe('Analytics page', () => {
  it("shows the follower change, the top post and reply by score, topics and this month's API calls (30 days by default)", {
    timeout: 45_000,
  }, async () => {
    expect(history.turn).toMatch(/5 posts measured/);
    await page.reload();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const { followers } = history;
    // 30 days: the snapshot 20 days ago starts the window.
    await expect
      .poll(() => section('Followers').locator('figcaption').textContent())
      .toBe(
        `${followers.toLocaleString('en-US')} followers, +100 (+${percent(100, followers - 100)} %) over the last 30 days.`,
      );
    // The chart's text alternative names the same change.
    await expect.poll(() => page.getByRole('img', { name: /followers, \+100/ }).count()).toBe(1);
    await section('Followers').getByText('Daily numbers').click();
    await expect.poll(() => section('Followers').getByRole('row').count()).toBe(1 + 4);

    // Top post of the window: 20 likes on 1,000 impressions → 60; the 40-day-old post (300) is outside.
    const [best, second] = history.posts;
    await expect.poll(() => firstRow('Top posts').getByRole('rowheader').textContent()).toBe(best?.text);
    expect(await firstRow('Top posts').getByRole('cell').last().textContent()).toBe(String(best?.score));
    expect(best?.score).toBe(60);
    expect(
      await section('Top posts')
        .getByText(second?.text ?? '')
        .count(),
    ).toBe(1);
    // Top reply: 5 likes on 500 impressions → 30, before 1 on 400 → 7.5.
    await expect
      .poll(() => firstRow('Top replies').getByRole('rowheader').textContent())
      .toBe('Agreed, and measure it first.');
    expect(await firstRow('Top replies').getByRole('cell').last().textContent()).toBe('30');
    expect(await section('Top replies').getByRole('row').nth(2).getByRole('cell').last().textContent()).toBe(
      '7.5',
    );

    // Topics: testing 300 (one post), queues (60 + 15) ÷ 2 = 37.5.
    expect(await firstRow('Topics').textContent()).toBe('testing300');
    expect(await section('Topics').getByRole('row').nth(2).textContent()).toBe('queues37.5');

    // The loop's own platform calls are this month's API usage.
    const me = section('Platform API this month').getByRole('row', { name: /\/2\/users\/me/ });
    await me.waitFor();
    expect(await me.getByRole('cell').first().textContent()).toBe(String(history.calls['/2/users/me']));

    expect(reads).toEqual(
      expect.arrayContaining([
        '/api/analytics/stats?days=30',
        '/api/analytics/followers?days=30',
        '/api/analytics/replies?limit=100&since_hours=720',
        '/api/analytics/api-usage?month=true',
        '/api/assist/optimal-times',
        '/api/assist/topics',
      ]),
    );
  });

  it('the heatmap marks the seeded best hour from real engagement', async () => {
    // Over 90 days the best slot is the 40-day-old post (10 likes on 100 impressions → 300) at 13:00 UTC.
    const oldest = history.posts.find((p) => p.score === 300);
    if (!oldest) throw new Error('no 300 post seeded');
    const day = WEEKDAYS[(oldest.postedAt.getUTCDay() + 6) % 7] as string;
    const heat = section('Best times');
    await expect
      .poll(() => heat.getByText(/^Best slot:/).textContent())
      .toBe(`Best slot: ${day} 13:00, average score 300 from 1 post (UTC).`);
    const row = heat.getByRole('row', { name: new RegExp(`^${day}`) });
    // Column 0 is the weekday; hour h is cell h.
    expect(await row.getByRole('cell').nth(13).textContent()).toBe('300');
    expect(await heat.getByText(/default slots/).count()).toBe(0);
  });

  it('the window is chosen with 7/30/90 days, kept in the URL and sent with each request', {
    timeout: 30_000,
  }, async () => {
    await page.getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?days=7');
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    const { followers } = history;
    // 7 days: the snapshot 3 days ago starts the window.
    await expect
      .poll(() => section('Followers').locator('figcaption').textContent())
      .toBe(
        `${followers.toLocaleString('en-US')} followers, +30 (+${percent(30, followers - 30)} %) over the last 7 days.`,
      );
    expect(reads).toEqual(
      expect.arrayContaining(['/api/analytics/stats?days=7', '/api/analytics/followers?days=7']),
    );

    await page.getByRole('button', { name: '90 days' }).click();
    await expect
      .poll(() => firstRow('Top posts').getByRole('rowheader').textContent())
      .toBe('Tests that cannot fail prove nothing.');
    expect(reads).toContain('/api/analytics/stats?days=90');
    // Reload keeps the window.
    await page.reload();
    await expect
      .poll(() => firstRow('Top posts').getByRole('rowheader').textContent())
      .toBe('Tests that cannot fail prove nothing.');
    expect(await page.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('with data (chart, tables, heatmap colours) axe finds no violations in either theme', {
    timeout: 45_000,
  }, async () => {
    await section('Best times')
      .getByText(/^Best slot:/)
      .waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const result = await axeResults(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']);
      expect(
        result.violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
      ).toEqual([]);
    }
  });
});
