// The platform and the LLM both unreachable (their addresses refuse every connection), the built server with
// its loops running: every page still loads from the local database, and the home page says what is down and
// what to do — the loops that failed on the platform or on the LLM, by their error.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSocialConfig } from '../src/infra/sandbox/social/config-lines.js';
import { DEFAULT_CLIENT_ID, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../src/infra/sandbox/store-fake-login.js';
import { refusedUrl } from '../test/support/refused-port.js';
import { killHard, type ServeProcess, serve } from '../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../test/support/temp-home.js';
import { type Browser, openBrowser } from './support/browser.js';
import { PASSPHRASE } from './support/studio.js';
import { clockEnv, worldClock } from './support/world-clock.js';

let home: TempHome;
let server: ServeProcess;
let browser: Browser;
let page: Page;
const clock = worldClock();

beforeAll(async () => {
  home = createTempHome();
  // A login the platform issued before it went away; then both services are at an address that refuses
  // every connection (not the fakes' own ports once closed: another file's server may take those).
  const platform = await startFakeSocial({ clock });
  storeFakeLogin(platform, `${home.dir}/tokens.json`);
  await platform.close();
  const platformLines = fakeSocialConfig(refusedUrl(), DEFAULT_CLIENT_ID).toml;
  const llmUrl = refusedUrl('/v1');
  home.writeConfig(
    [
      'approval_mode = false',
      '[business]',
      'product_name = "Queuebird"',
      'product_keywords = ["sqlite"]',
      '[llm]',
      'provider = "openai"',
      'api_key = "sk-test"',
      `base_url = "${llmUrl}"`,
      '[schedule]',
      'active_hours_start = 0',
      'active_hours_end = 0',
      '[logging]',
      'level = "warn"',
      ...platformLines,
      'request_timeout_seconds = 2',
    ].join('\n'),
  );
  server = await serve({ ...home.env, ...clockEnv(clock) }, { loops: true });
  const setup = await fetch(`${server.url}/api/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ passphrase: PASSPHRASE }),
  });
  expect(setup.status).toBe(200);
  browser = await openBrowser({ clock });
  page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Draft Studio' }).waitFor();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (server) await killHard(server);
  home?.cleanup();
});

describe('the platform and the LLM unreachable', () => {
  it('the home page loads and says which loops failed on the platform and on the LLM, with what to do', async () => {
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    // The loops' first turns have met both outages.
    await expect
      .poll(
        async () => {
          const status = (await (
            await fetch(`${server.url}/api/runtime/status`, { headers: { authorization: `Bearer ${token}` } })
          ).json()) as { loops: Array<{ last_error_code: string | null }> };
          return status.loops.map((l) => l.last_error_code).filter(Boolean);
        },
        { timeout: 30_000 },
      )
      .toEqual(expect.arrayContaining(['social_network_error', 'llm_error']));
    await page.goto(server.url);
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await attention
      .getByText('The platform could not be reached; check the network. It is retried.')
      .first()
      .waitFor();
    await attention.getByText('The LLM failed; check its key and that its server is up.').first().waitFor();
  }, 60_000);

  it('every other page still loads from the local database', async () => {
    for (const [url, heading] of [
      ['/drafts', 'Draft Studio'],
      ['/approvals', 'Approvals'],
      ['/discovery', 'Discovery'],
      ['/analytics', 'Analytics'],
      ['/activity', 'Activity'],
    ] as const) {
      await page.goto(`${server.url}${url}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.getByText('The server cannot be reached').count(), url).toBe(0);
    }
  }, 60_000);
});
