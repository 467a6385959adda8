// A first run in the browser: the built `app serve` on a temp home with NO config file (nothing written),
// pointed at the fake platform through APP_SOCIAL_API__* env vars (the client id left for the wizard), the
// fake LLM, Debian Chromium, and a dashboard passphrase set through the first-run endpoint (not signed in).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { type FakeLlm, startFakeLlm } from '../../test/fakes/llm/index.js';
import { killHard, type ServeProcess, serve } from '../../test/support/serve-process.js';
import { fakePlatformEnv } from '../../test/support/setup-world.js';
import { createTempHome, type TempHome } from '../../test/support/temp-home.js';
import { type Browser, openBrowser } from './browser.js';
import { PASSPHRASE } from './studio.js';
import { clockEnv, worldClock } from './world-clock.js';

export const LLM_KEY = 'sk-onboarding-key-7788';

export interface FirstRun {
  fake: FakeSocial;
  llm: FakeLlm;
  home: TempHome;
  server: ServeProcess;
  browser: Browser;
  token: string;
}

export function startFirstRun(): FirstRun {
  const world = {} as FirstRun;
  beforeAll(async () => {
    const clock = worldClock();
    world.fake = await startFakeSocial({ clock });
    world.llm = await startFakeLlm();
    world.llm.script.acceptedKeys = [LLM_KEY];
    world.home = createTempHome();
    world.server = await serve({
      ...world.home.env,
      ...fakePlatformEnv(world.fake, { clientId: false }),
      ...clockEnv(clock),
      APP_LOGGING__LEVEL: 'warn',
    });
    // The platform app's registered callback: this server's, at the address the browser uses.
    world.fake.state.registerClient({
      clientId: 'test-client',
      redirectUris: [`${world.server.url}/api/auth/platform/callback`],
    });
    world.token = readFileSync(`${world.home.dir}/api_token`, 'utf8').trim();
    world.browser = await openBrowser({ clock });
    const setup = await fetch(`${world.server.url}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    expect(setup.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await world.browser?.close();
    if (world.server) await killHard(world.server);
    await world.fake?.close();
    await world.llm?.close();
    world.home?.cleanup();
  });
  return world;
}

/** A JSON request with the API token. */
export async function firstRunCall(world: FirstRun, method: string, path: string): Promise<Response> {
  return fetch(`${world.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${world.token}` },
  });
}

/**
 * For the axe run: a second built server with no config file and a passphrase set, and a page of `browser`
 * signed in on its first-run wizard. `close` stops the server.
 */
export async function openWizardOnFreshServer(
  browser: Browser,
  clock: { now(): number },
): Promise<{ page: Page; close(): Promise<void> }> {
  // On the clock of the browser it is shown in.
  const fake = await startFakeSocial({ clock: worldClock(new Date(clock.now()).toISOString()) });
  const home = createTempHome();
  const server = await serve({
    ...home.env,
    ...fakePlatformEnv(fake, { clientId: false }),
    ...clockEnv(fake.clock),
  });
  const close = async () => {
    await killHard(server);
    await fake.close();
    home.cleanup();
  };
  try {
    await fetch(`${server.url}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/welcome`);
    await page.getByLabel('Passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your product and LLM' }).waitFor();
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
