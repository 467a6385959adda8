// The Approvals page's world: the built `app serve` (no loops) on a temp home pointing at the fake platform,
// with a batch cap of 3 and active hours always open, Chromium signed in on /approvals; items are seeded
// through a second connection to the server's database file (as another process would write them), and
// what reached the server is read with the API token.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ApprovalEdit, ApprovalItem, ApprovalStatus } from '../../src/contracts/approvals.js';
import type { NewApproval } from '../../src/core/ports/approval-store.js';
import {
  type FakeSocial,
  type SettableClock,
  startFakeSocial,
} from '../../src/infra/sandbox/social/index.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { ApprovalRepository } from '../../src/infra/sqlite/repositories/approval-repository.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../../test/support/temp-home.js';
import { type Browser, openBrowser } from './browser.js';
import { clockEnv, worldClock } from './world-clock.js';

const PASSPHRASE = 'correct horse battery staple';
const ACCOUNT = '00000000-0000-0000-0000-000000000000';
export const BATCH_CAP = 3;

export interface ApprovalsWorld {
  fake: FakeSocial;
  home: TempHome;
  server: ServeProcess;
  browser: Browser;
  token: string;
  page: Page;
  /** The world's clock (the fake's, the server's and the page's). */
  clock: SettableClock;
}

/** `pacingSeconds`: the gap between the account's automated writes (default 0: agents' posts never wait). */
export function startApprovalsWorld(options: { pacingSeconds?: number } = {}): ApprovalsWorld {
  const world = {} as ApprovalsWorld;
  const gap = options.pacingSeconds ?? 0;
  beforeAll(async () => {
    world.clock = worldClock();
    world.fake = await startFakeSocial({ clock: world.clock });
    world.home = createTempHome();
    prepareFakeHome(world.home, world.fake);
    const config = readFileSync(world.home.configPath, 'utf8');
    // Top-level keys go before the first table; the agents' active hours never close during a run, and unless
    // asked the agents' approved posts are not paced (one after another, they would wait for their turns).
    world.home.writeConfig(
      `max_batch_approve = ${BATCH_CAP}\n${config}\n[schedule]\nactive_hours_start = 0\nactive_hours_end = 0\n` +
        `[limits]\nmin_action_delay_seconds = ${gap}\nmax_action_delay_seconds = ${gap}\n`,
    );
    world.server = await serve({ ...world.home.env, ...clockEnv(world.clock) });
    world.token = readFileSync(`${world.home.dir}/api_token`, 'utf8').trim();
    world.browser = await openBrowser({ clock: world.clock });
    const setup = await fetch(`${world.server.url}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    expect(setup.status).toBe(200);
    world.page = await world.browser.context.newPage();
    await world.page.goto(`${world.server.url}/approvals`);
    await world.page.getByLabel('Passphrase').fill(PASSPHRASE);
    await world.page.getByRole('button', { name: 'Sign in' }).click();
    await world.page.getByRole('heading', { name: 'Approvals' }).waitFor();
  }, 60_000);
  afterAll(async () => {
    await world.browser?.close();
    if (world.server) await killHard(world.server);
    await world.fake?.close();
    world.home?.cleanup();
  });
  return world;
}

/** Queues items through another connection to the database file; answers them as stored. */
export async function seed(
  world: Pick<ApprovalsWorld, 'home'> & { clock: { now(): number } },
  items: Array<Partial<NewApproval> & { text: string; status?: ApprovalStatus; note?: string }>,
): Promise<ApprovalItem[]> {
  const database = openDatabase({ path: `${world.home.dir}/app.db`, migrate: false });
  try {
    const store = new ApprovalRepository(database, ACCOUNT);
    const made: ApprovalItem[] = [];
    for (const { text, status, note, ...rest } of items) {
      const at = new Date(world.clock.now());
      let item = await store.create(
        {
          action_type: 'tweet',
          actor: 'api',
          payload: { cards: [{ text, media_paths: [] }] },
          ...rest,
        },
        at,
      );
      if (status && status !== 'pending') {
        const moved = await store.transition(
          item.id,
          ['pending'],
          {
            status,
            ...(note ? { review_notes: note, reviewed_by: 'dashboard', reviewed_at: at.toISOString() } : {}),
            ...(status === 'failed'
              ? { error_code: 'social_api_error', error_message: 'the platform said no' }
              : {}),
          },
          at,
        );
        if (moved && moved !== 'wrong_state') item = moved;
      }
      made.push(item);
    }
    return made;
  } finally {
    await database.close();
  }
}

export async function call(world: ApprovalsWorld, method: string, path: string, body?: unknown) {
  const response = await fetch(`${world.server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${world.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
  return { status: response.status, json: (await response.json()) as any };
}

export const storedItem = async (world: ApprovalsWorld, id: number): Promise<ApprovalItem> =>
  (await call(world, 'GET', `/api/approval/${id}`)).json;

export const storedHistory = async (world: ApprovalsWorld, id: number): Promise<ApprovalEdit[]> =>
  (await call(world, 'GET', `/api/approval/${id}/history`)).json.items;

/** The listbox option of the item whose text (or part of it) is given. */
export const row = (page: Page, text: string) => page.getByRole('option').filter({ hasText: text });
