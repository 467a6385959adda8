// One Draft Studio test file's world: the built `app serve` on a temp data dir with the fake platform and
// the fake LLM, all three and the page on one clock standing at a fixed instant, Debian Chromium, and (unless the file tests the first run itself) a passphrase set through
// the first-run endpoint and a page signed in through the sign-in page. Helpers read what reached the
// server with the API token, never through the page.
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  type FakeSocial,
  type SettableClock,
  startFakeSocial,
} from '../../src/infra/sandbox/social/index.js';
import { type FakeLlm, startFakeLlm } from '../../test/fakes/llm/index.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../../test/support/temp-home.js';
import { type Browser, openBrowser } from './browser.js';
import { clockEnv, worldClock } from './world-clock.js';

export const PASSPHRASE = 'correct horse battery staple';

export interface StoredDraft {
  content: string;
  version: number;
  group: string;
  scheduled_for: string | null;
  media_paths: string[];
  content_type: string;
  blocks: Array<{ text: string; order: number; media_paths?: string[] }> | null;
}

export interface Studio {
  fake: FakeSocial;
  llm: FakeLlm;
  home: TempHome;
  server: ServeProcess;
  browser: Browser;
  token: string;
  /** The world's clock (the fake's, the server's and the page's). */
  clock: SettableClock;
  /** The signed-in page (undefined when the file signs in itself). */
  page: Page;
}

/** Starts the world before the file's tests and tears it down after; read its fields inside tests. */
export function startStudio(
  options: {
    signIn?: boolean;
    loops?: boolean;
    env?: Record<string, string>;
    /** The instant the world stands on (default E2E_NOW). */
    at?: string;
    /** Settings written before the server starts (e.g. the account's timezone). */
    config?: string[];
    /** The browser's own zone. */
    timezoneId?: string;
  } = {},
): Studio {
  const studio = {} as Studio;
  beforeAll(async () => {
    studio.clock = worldClock(options.at);
    studio.fake = await startFakeSocial({ clock: studio.clock });
    studio.llm = await startFakeLlm();
    studio.home = createTempHome();
    prepareFakeHome(studio.home, studio.fake, options.config);
    studio.server = await serve(
      { ...studio.home.env, ...clockEnv(studio.clock), ...options.env },
      { loops: options.loops ?? false },
    );
    studio.token = readFileSync(`${studio.home.dir}/api_token`, 'utf8').trim();
    studio.browser = await openBrowser({
      clock: studio.clock,
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    if (options.signIn === false) return;
    const setup = await fetch(`${studio.server.url}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    expect(setup.status).toBe(200);
    studio.page = await studio.browser.context.newPage();
    await studio.page.goto(`${studio.server.url}/drafts`);
    await studio.page.getByLabel('Passphrase').fill(PASSPHRASE);
    await studio.page.getByRole('button', { name: 'Sign in' }).click();
    await studio.page.getByRole('heading', { name: 'Draft Studio' }).waitFor();
  }, 60_000);
  afterAll(async () => {
    await studio.browser?.close();
    if (studio.server) await killHard(studio.server);
    await studio.fake?.close();
    await studio.llm?.close();
    studio.home?.cleanup();
  });
  return studio;
}

/** A JSON request to the server with the API token. */
export async function call(studio: Studio, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${studio.server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${studio.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The draft as the server stores it. */
export async function stored(studio: Studio, id: number): Promise<StoredDraft> {
  return (await call(studio, 'GET', `/api/content/drafts/${id}`)).json() as Promise<StoredDraft>;
}

export async function revisions(studio: Studio, id: number): Promise<unknown[]> {
  const response = await call(studio, 'GET', `/api/content/drafts/${id}/revisions`);
  return ((await response.json()) as { items: unknown[] }).items;
}

/** A thread's card texts in order as stored (or the post text when the draft is a post). */
export async function storedCards(studio: Studio, id: number): Promise<string[] | string> {
  const draft = await stored(studio, id);
  return draft.content_type === 'thread'
    ? [...(draft.blocks ?? [])].sort((a, b) => a.order - b.order).map((b) => b.text)
    : draft.content;
}

/** Every PATCH the page sends from now on. */
export function patches(page: Page): Array<{ url: string; body: unknown }> {
  const seen: Array<{ url: string; body: unknown }> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH')
      seen.push({ url: new URL(request.url()).pathname, body: request.postDataJSON() });
  });
  return seen;
}

/**
 * The editor's save status once it says "Saved": matched whole, since Playwright's text filter is a
 * case-insensitive substring and "Unsaved changes" contains "saved".
 */
export const savedStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved$/ });

/** The draft open in the page (its id in the URL). */
export const openDraftId = (page: Page): number => Number(new URL(page.url()).searchParams.get('id'));

/** Clicks the top bar's "New draft" and answers the new draft's id once the URL holds it. */
export async function newDraft(page: Page): Promise<number> {
  const before = new URL(page.url()).searchParams.get('id');
  await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
  await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
  return openDraftId(page);
}
