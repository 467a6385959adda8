// `app status` prints the month's platform spend and its forecast, the same figures get_social_usage and
// GET /api/analytics/api-usage give (seeded api_usage rows on a fixed clock: the figures are known).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { runApp } from '../support/run-app.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const NOW = '2026-11-18T15:00:00.000Z';
let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;

beforeAll(async () => {
  fake = await startFakeSocial();
  home = createTempHome();
  prepareFakeHome(home, fake);
  const database = openDatabase({ path: `${home.dir}/app.db` });
  const insert = database.sqlite.prepare(
    `insert into api_usage (host, method, endpoint, status_code, latency_ms, created_at, actor, price_kind, resources,
       charged_resources, cost_usd) values ('api.x.com', ?, ?, 200, 10, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(
    'GET',
    '/2/tweets/search/recent',
    '2026-10-31T12:00:00.000Z',
    'loop:discovery',
    'post_read',
    100,
    100,
    0.5,
  );
  insert.run(
    'GET',
    '/2/tweets/search/recent',
    '2026-11-02T09:00:00.000Z',
    'loop:discovery',
    'post_read',
    100,
    100,
    0.5,
  );
  insert.run('POST', '/2/tweets', '2026-11-18T10:00:00.000Z', 'agent', 'post_create_with_link', 0, 0, 0.2);
  await database.close();
  server = await serve({ ...home.env, APP_CLOCK_AT: NOW });
}, 60_000);
afterAll(async () => {
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
});

describe('app status', () => {
  it("prints the month's platform spend and forecast, as get_social_usage reports them", async () => {
    const port = new URL(server.url).port;
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    const usage = await fetch(`${server.url}/api/analytics/api-usage?month=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { bill } = (await usage.json()) as { bill: { month_to_date_usd: number; forecast_usd: number } };
    // October's row is not this month; 0.70 over 18 of 30 days → 1.1667 (plus whatever serve spent itself).
    expect(bill.month_to_date_usd).toBeGreaterThanOrEqual(0.7);
    expect(bill.month_to_date_usd).toBeLessThan(0.71);
    expect(bill.forecast_usd).toBe(Math.round((bill.month_to_date_usd / 18) * 30 * 1e6) / 1e6);

    const text = await runApp(['status', '-O', `server.port=${port}`], { env: home.env });
    expect(text.code).toBe(0);
    const usd = (n: number) => `$${n.toFixed(n > 0 && n < 1 ? 4 : 2)}`;
    const line = `Platform API 2026-11 (UTC): ${usd(bill.month_to_date_usd)} so far, forecast ${usd(bill.forecast_usd)} by the month's end (day 18 of 30)`;
    expect(line).toBe(
      "Platform API 2026-11 (UTC): $0.7000 so far, forecast $1.17 by the month's end (day 18 of 30)",
    );
    expect(text.stdout.split('\n')).toContain(line);
    const json = await runApp(['status', '--format', 'json', '-O', `server.port=${port}`], { env: home.env });
    expect(JSON.parse(json.stdout).platform_bill).toEqual(bill);
  });
});
