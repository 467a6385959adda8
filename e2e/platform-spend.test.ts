// The platform's bill on the Analytics page: over a data dir whose api_usage holds known costs (one row in
// October, three this month) on the world's clock (18 November 2026), the person sees this month's spend so
// far and the forecast to the month's end — in the figures, in the chart's name and its daily table — and
// the spend by endpoint and by loop or face, all matching what the database recorded.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { openDatabase } from '../src/infra/sqlite/open-database.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../test/support/temp-home.js';
import { signedInPage } from './support/analytics-world.js';
import { type Browser, openBrowser } from './support/browser.js';
import { clockEnv, worldClock } from './support/world-clock.js';

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
let browser: Browser;
let page: Page;
const clock = worldClock();

const SEEDED = [
  ['GET', '/2/tweets/search/recent', '2026-10-30T12:00:00.000Z', 'loop:discovery', 'post_read', 600, 3],
  ['GET', '/2/tweets/search/recent', '2026-11-02T09:00:00.000Z', 'loop:discovery', 'post_read', 100, 0.5],
  ['POST', '/2/tweets', '2026-11-10T16:00:00.000Z', 'agent', 'post_create_with_link', 0, 0.2],
  ['POST', '/2/users/{id}/likes', '2026-11-18T09:00:00.000Z', 'dashboard', 'user_interaction', 0, 0.015],
] as const;

beforeAll(async () => {
  home = createTempHome();
  fake = await startFakeSocial({ clock });
  prepareFakeHome(home, fake);
  const database = openDatabase({ path: `${home.dir}/app.db` });
  const insert = database.sqlite.prepare(
    `insert into api_usage (host, method, endpoint, status_code, latency_ms, created_at, actor, price_kind,
       resources, charged_resources, cost_usd) values ('api.x.com', ?, ?, 200, 10, ?, ?, ?, ?, ?, ?)`,
  );
  for (const [method, endpoint, at, actor, kind, resources, cost] of SEEDED) {
    insert.run(method, endpoint, at, actor, kind, resources, resources, cost);
  }
  await database.close();
  server = await serve({ ...home.env, ...clockEnv(clock) });
  browser = await openBrowser({ clock });
  page = await signedInPage(browser.context, server.url, '/analytics');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
});

const dollars = (n: number) => `$${n.toFixed(n > 0 && n < 1 ? 4 : 2)}`;

/** This month's spend as the database has it now (the seeded rows, plus anything the server spent itself). */
function recordedThisMonth(): number {
  const database = openDatabase({ path: `${home.dir}/app.db`, migrate: false });
  try {
    const row = database.sqlite
      .prepare("select sum(cost_usd) as total from api_usage where created_at >= '2026-11-01'")
      .get() as { total: number };
    return Math.round(row.total * 1e6) / 1e6;
  } finally {
    void database.close();
  }
}

describe('Platform spend on the Analytics page', () => {
  it("shows this month's spend and the forecast to the month's end, by endpoint and by loop or face", {
    timeout: 45_000,
  }, async () => {
    const spend = page.getByRole('region', { name: 'Platform spend this month' });
    const figure = (term: string) =>
      spend.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
    await figure('Spent so far').waitFor();
    // October's $3 is last month: 0.5 + 0.2 + 0.015 = $0.715 over 18 of 30 days → $1.19 by the 30th.
    const total = recordedThisMonth();
    expect(total).toBeGreaterThanOrEqual(0.715);
    const forecast = (total / 18) * 30;
    expect(await figure('Spent so far').textContent()).toBe(dollars(total));
    expect(await figure("Forecast by month's end").textContent()).toBe(dollars(forecast));
    expect(dollars(0.715)).toBe('$0.7150');
    expect(dollars((0.715 / 18) * 30)).toBe('$1.19');

    // The chart is an image named by its figures; its daily table has every day of the month so far.
    const chart = spend.getByRole('img', {
      name: `Platform spend in November 2026: ${dollars(total)} so far (18 of 30 days), forecast ${dollars(forecast)} by the month's end.`,
    });
    expect(await chart.count()).toBe(1);
    await spend.getByText('Daily spend').click();
    const days = spend.getByRole('table', { name: 'Platform spend per UTC day this month' });
    expect(await days.getByRole('row').count()).toBe(1 + 18);
    expect(
      await days
        .getByRole('row', { name: /^2026-11-02/ })
        .getByRole('cell')
        .last()
        .textContent(),
    ).toBe('$0.5000');

    const byEndpoint = spend.getByRole('table', { name: 'By endpoint' });
    const search = byEndpoint.getByRole('row', { name: /GET \/2\/tweets\/search\/recent/ });
    expect(await search.getByRole('cell').allTextContents()).toEqual(['1', '100 of 100', '$0.5000']);
    const byActor = spend.getByRole('table', { name: 'By loop or face' });
    expect(
      await byActor
        .getByRole('row', { name: /discovery loop/ })
        .getByRole('cell')
        .last()
        .textContent(),
    ).toBe('$0.5000');
    expect(await byActor.getByRole('row', { name: /Agent/ }).getByRole('cell').last().textContent()).toBe(
      '$0.2000',
    );
  });
});
