// The Settings page's world on top of the studio's (built `app serve`, fake platform, fake LLM, a signed-in
// page): the fake drive with this server's callback registered, the LLM and the drive connector set through
// the settings API, and a config file with the user's own comments, to prove the page keeps them.
import { appendFileSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type FakeDrive, startFakeDrive } from '../../test/fakes/drive/index.js';
import { call, type Studio, startStudio } from './studio.js';

export const LLM_KEY = 'sk-e2e-right-key-4242';
export const COMMENT = '# my own note: keep this line';

export interface SettingsWorld {
  studio: Studio;
  drive: FakeDrive;
}

export function startSettingsWorld(): SettingsWorld {
  const studio = startStudio();
  const world = { studio } as SettingsWorld;
  beforeAll(async () => {
    world.drive = await startFakeDrive();
    const callback = `${studio.server.url}/api/connectors/cloud-drive/callback`;
    const connector = world.drive.connectorConfig();
    world.drive.auth.registerClient(connector.client_id, connector.client_secret, [callback]);
    studio.llm.script.acceptedKeys = [LLM_KEY];
    appendFileSync(
      studio.home.configPath,
      `\n${COMMENT}\n[limits]\n# caps the loops obey\nmax_tweets_per_day = 6\n`,
    );
    const set: Record<string, unknown> = {
      'llm.provider': 'openai',
      'llm.api_key': LLM_KEY,
      'llm.base_url': studio.llm.openaiBaseUrl,
      'connectors.cloud_drive.redirect_uri': callback,
    };
    for (const [key, value] of Object.entries(connector)) set[`connectors.cloud_drive.${key}`] = value;
    const answer = await call(studio, 'PATCH', '/api/settings', { set });
    expect(answer.status, await answer.clone().text()).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await world.drive?.close();
  });
  return world;
}

export const configText = (studio: Studio): string => readFileSync(studio.home.configPath, 'utf8');

/** The settings view as the server answers it now (token, not the page). */
// biome-ignore lint/suspicious/noExplicitAny: tests read the nested config as the server answered it.
export async function serverSettings(studio: Studio): Promise<any> {
  return (await call(studio, 'GET', '/api/settings')).json();
}

/** Opens the Settings page and waits for its forms. */
export async function openSettings(studio: Studio, page: Page = studio.page): Promise<void> {
  await page.goto(`${studio.server.url}/settings`);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Rate limits and safety guardrails' }).waitFor();
}

/** Every PATCH /api/settings body the page sends from now on. */
export function settingsPatches(page: Page): unknown[] {
  const seen: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/settings')
      seen.push(request.postDataJSON());
  });
  return seen;
}
