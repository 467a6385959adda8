// The layout test's and the screenshot script's world: the built `app serve` on a temp data dir with the fake
// platform and the fake LLM on the fixed world clock, Chromium signed in, and every page filled the way a
// user would have filled it — drafts, media, schedules and the discovery feed through the real API and tool
// server, approval items and the analytics history through the existing worlds' seeding helpers — including
// the bad input of issue 26 (a 280-character URL, a 200-character word, 25 cards, images of extreme aspect
// ratios, right-to-left and CJK text, a 60-character display name). Each page state (PAGE_STATES) opens one
// screen in a known state; the first-run wizard runs on a second server with no config file.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  type FakeSocial,
  type SettableClock,
  startFakeSocial,
} from '../../src/infra/sandbox/social/index.js';
import { solidPng } from '../../src/infra/sandbox/solid-png.js';
import { type FakeLlm, startFakeLlm } from '../../test/fakes/llm/index.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../../test/support/temp-home.js';
import { seedAnalyticsHistory, signedInPage } from './analytics-world.js';
import { seed as seedApprovals } from './approvals.js';
import { type Browser, openBrowser } from './browser.js';
import { scheduledDraft } from './calendar.js';
import { loopJob } from './calendar-moves.js';
import { seedDiscoveryFeed } from './discovery.js';
import { openWizardOnFreshServer } from './onboarding.js';
import { call, type Studio } from './studio.js';
import { clockEnv, worldClock } from './world-clock.js';

/** The viewport height every state is checked and photographed at. */
export const LAYOUT_HEIGHT = 860;

/** Bad input (issue 26): text no layout may let overflow. */
export const LONG_URL = `https://example.com/${'a1b2c3d4e5/'.repeat(23)}end`.slice(0, 280);
export const LONG_WORD = 'Supercalifragilistic'.repeat(10);
export const ARABIC = 'مرحبا بالعالم، هذه تغريدة تجريبية مكتوبة من اليمين إلى اليسار لاختبار التخطيط.';
export const HEBREW = 'שלום עולם, זהו פוסט לבדיקה שנכתב מימין לשמאל כדי לבדוק את הפריסה.';
export const CJK = '这是一个用于测试布局的中文帖子。日本語のテキストも混ぜます。한국어 문장도 있습니다。';
/** The account's display name at the fake platform: 60 characters. */
export const LONG_NAME = 'Dr. Maximiliana Evangelina Featherstonehaugh-Cholmondeley ✨'.padEnd(60, 'x');

export interface LayoutWorld extends Studio {
  drafts: { post: number; thread: number; long: number };
  close(): Promise<void>;
}

/** Uploads a solid PNG of the given size through the media API; answers its stored path. */
async function uploadPng(world: Pick<Studio, 'server' | 'token'>, name: string, w: number, h: number) {
  const form = new FormData();
  form.set('file', new Blob([solidPng(w, h)], { type: 'image/png' }), name);
  const response = await fetch(`${world.server.url}/api/media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.token}` },
    body: form,
  });
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { path: string }).path;
}

async function createDraft(world: Studio, body: unknown): Promise<number> {
  const response = await call(world, 'POST', '/api/content/drafts', body);
  if (response.status >= 300) throw new Error(`draft: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Drafts, media and schedules through the HTTP API, as the dashboard would make them. */
async function seedDrafts(world: Studio): Promise<LayoutWorld['drafts']> {
  const [wide, fourThree, square, tall] = [
    await uploadPng(world, 'wide.png', 300, 200),
    await uploadPng(world, 'four-three.png', 400, 300),
    await uploadPng(world, 'square.png', 200, 200),
    await uploadPng(world, 'tall.png', 200, 300),
  ] as string[];
  const extreme = [
    await uploadPng(world, 'ten-to-one.png', 1000, 100),
    await uploadPng(world, 'one-to-ten.png', 100, 1000),
    await uploadPng(world, 'twenty-to-one.png', 1200, 60),
    await uploadPng(world, 'one-to-twenty.png', 60, 1200),
  ];
  const post = await createDraft(world, {
    content: `Four pictures from the launch, and the changelog at ${LONG_URL}`,
    media_paths: [wide, fourThree, square, tall],
    tags: ['launch'],
  });
  const media = [wide, fourThree, square, tall] as string[];
  const thread = await createDraft(world, {
    content_type: 'thread',
    blocks: [1, 2, 3, 4].map((n) => ({
      id: `card-${n}`,
      text: `Card ${n} of the launch thread: what changed, why it matters, and what comes next.`,
      media_paths: media.slice(0, n),
    })),
  });
  const texts = [LONG_URL, LONG_WORD, ARABIC, HEBREW, CJK, `${LONG_WORD} ${LONG_URL}`];
  const long = await createDraft(world, {
    content_type: 'thread',
    blocks: Array.from({ length: 25 }, (_, i) => ({
      id: `long-${i + 1}`,
      text: texts[i] ?? `Post ${i + 1} of a long thread, with a few words on each card.`,
      media_paths: i === 6 ? extreme : i === 7 ? [wide] : [],
    })),
  });
  return { post, thread, long };
}

/** Posts scheduled across December 2026 (drafts through the API, one post a loop queued). */
async function seedSchedule(world: Studio): Promise<void> {
  const posts: Array<[string, string]> = [
    ['Launch day: the new queue is live', '2026-12-01T09:00'],
    [LONG_URL, '2026-12-03T10:30'],
    [LONG_WORD, '2026-12-03T11:00'],
    [ARABIC, '2026-12-08T08:15'],
    [CJK, '2026-12-09T12:00'],
    [HEBREW, '2026-12-09T12:30'],
    ['Morning tip: measure before you tune', '2026-12-09T07:00'],
    ['Lunch thread on WAL mode', '2026-12-09T13:45'],
    ['Evening recap of the week', '2026-12-09T19:00'],
    ['Weekend reading list', '2026-12-12T10:00'],
    ['Mid-month changelog', '2026-12-15T16:00'],
    ['Year in review, part one', '2026-12-28T09:00'],
    ['Year in review, part two', '2026-12-31T09:00'],
  ];
  for (const [text, local] of posts) await scheduledDraft(world, text, local);
  await loopJob(world, 'A post the content loop queued', '2026-12-10T14:00:00.000Z');
}

/** Starts everything and seeds every page; `close` tears it all down. */
export async function openLayoutWorld(): Promise<LayoutWorld> {
  const world = { clock: worldClock() } as LayoutWorld & { clock: SettableClock };
  const parts: {
    fake?: FakeSocial;
    llm?: FakeLlm;
    home?: TempHome;
    server?: ServeProcess;
    browser?: Browser;
  } = {};
  world.close = async () => {
    await parts.browser?.close();
    if (parts.server) await killHard(parts.server);
    await parts.fake?.close();
    await parts.llm?.close();
    parts.home?.cleanup();
  };
  try {
    world.home = parts.home = createTempHome();
    // The analytics history is written before the server starts (analytics-world.ts says why).
    await seedAnalyticsHistory(world.home, world.clock);
    world.fake = parts.fake = await startFakeSocial({ clock: world.clock });
    const owner = world.fake.state.userByUsername('app_owner');
    if (!owner) throw new Error('the fake has no app_owner');
    // The fake keeps its users in memory: the account's display name (users/me) is 60 characters long.
    owner.name = LONG_NAME;
    world.llm = parts.llm = await startFakeLlm();
    prepareFakeHome(world.home, world.fake);
    world.server = parts.server = await serve({ ...world.home.env, ...clockEnv(world.clock) });
    world.token = readFileSync(`${world.home.dir}/api_token`, 'utf8').trim();
    world.drafts = await seedDrafts(world);
    await seedSchedule(world);
    await seedApprovals(world, [
      {
        text: `Replying with the docs: ${LONG_URL}`,
        action_type: 'reply',
        actor: 'loop:discovery',
        target_tweet_id: '1777',
        target_author_username: 'a_very_long_handle_name',
        score: 87.4,
        detected_risks: ['mentions a competitor', 'contains a link'],
        reason: 'approval mode is on',
      },
      { text: LONG_WORD, actor: 'agent' },
      { text: `${ARABIC}\n${CJK}`, actor: 'agent' },
      { text: 'A short post the agent wrote.', actor: 'api' },
    ]);
    await seedDiscoveryFeed(world);
    world.browser = parts.browser = await openBrowser({
      clock: world.clock,
      viewport: { width: 1280, height: LAYOUT_HEIGHT },
    });
    world.page = await signedInPage(world.browser.context, world.server.url, '/');
    return world;
  } catch (error) {
    await world.close();
    throw error;
  }
}

/**
 * Resolves once every image of the page has loaded (or failed), so boxes are final. Polled with evaluate:
 * waitForFunction evaluates its predicate with eval, which the dashboard's CSP refuses.
 */
export async function imagesLoaded(page: Page): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await page.evaluate('[...document.images].every((image) => image.complete)')) return;
    await page.waitForTimeout(50);
  }
  throw new Error('images still loading after 5 s');
}

/**
 * One screen in a known state: `open` navigates the world's page (or starts its own server and browser, opened
 * `at` the given width) and waits until it is drawn.
 */
export interface PageState {
  name: string;
  /** Draft Studio: the thread cards and the post text must never meet the preview. */
  studio?: boolean;
  open(world: LayoutWorld, at?: { width: number }): Promise<{ page: Page; close?: () => Promise<void> }>;
}

const at = async (world: LayoutWorld, path: string, ready: (page: Page) => Promise<unknown>) => {
  const { page } = world;
  await page.goto(`${world.server.url}${path}`);
  await ready(page);
  await imagesLoaded(page);
  return { page };
};

const studioAt = (world: LayoutWorld, id: number, ready: (page: Page) => Promise<unknown>) =>
  at(world, `/drafts?id=${id}`, async (page) => {
    await page.getByRole('region', { name: 'Preview' }).waitFor();
    await ready(page);
  });

export const PAGE_STATES: PageState[] = [
  {
    name: 'home',
    open: (w) => at(w, '/', (p) => p.getByRole('heading', { name: 'Today', level: 1 }).waitFor()),
  },
  {
    name: 'drafts-post',
    studio: true,
    open: (w) =>
      studioAt(w, w.drafts.post, (p) => p.getByRole('figure', { name: '4 media' }).first().waitFor()),
  },
  {
    name: 'drafts-thread',
    studio: true,
    open: (w) =>
      studioAt(w, w.drafts.thread, (p) => p.getByRole('textbox', { name: 'Post 4 of 4' }).waitFor()),
  },
  {
    name: 'drafts-thread-25',
    studio: true,
    open: (w) =>
      studioAt(w, w.drafts.long, (p) => p.getByRole('textbox', { name: 'Post 25 of 25' }).waitFor()),
  },
  {
    name: 'calendar-month',
    open: (w) =>
      at(w, '/calendar?view=month&date=2026-12-01', (p) =>
        p.getByRole('link', { name: /Launch day/ }).waitFor(),
      ),
  },
  {
    name: 'calendar-week',
    open: (w) =>
      at(w, '/calendar?view=week&date=2026-12-09', (p) =>
        p.getByRole('link', { name: /Lunch thread/ }).waitFor(),
      ),
  },
  {
    name: 'approvals',
    open: (w) =>
      at(w, '/approvals', async (p) => {
        await p.getByRole('option').filter({ hasText: 'Replying with the docs' }).click();
        await p.getByRole('region', { name: /#\d+/ }).getByText('mentions a competitor').waitFor();
      }),
  },
  {
    name: 'discovery',
    open: (w) =>
      at(w, '/discovery', async (p) => {
        await p
          .getByRole('table', { name: /Score breakdown/ })
          .first()
          .waitFor();
        await p
          .getByRole('button', { name: /^Compose a reply/ })
          .first()
          .click();
        await p
          .getByRole('dialog', { name: /^Reply to/ })
          .getByRole('textbox', { name: 'Reply text' })
          .waitFor();
      }),
  },
  {
    name: 'analytics',
    open: (w) => at(w, '/analytics', (p) => p.getByRole('heading', { name: 'Best times' }).waitFor()),
  },
  {
    name: 'activity',
    open: (w) => at(w, '/activity', (p) => p.getByRole('tabpanel').getByRole('row').nth(1).waitFor()),
  },
  {
    name: 'settings',
    open: (w) =>
      at(w, '/settings', (p) =>
        p.getByRole('region', { name: 'Rate limits and safety guardrails' }).waitFor(),
      ),
  },
  {
    // A server with no config file (onboarding.ts), in a browser of its own: its sign-in cookie would
    // replace this world's (cookies do not tell ports apart).
    name: 'welcome',
    async open(w, at) {
      const width = at?.width ?? 1280;
      const browser = await openBrowser({ clock: w.clock, viewport: { width, height: LAYOUT_HEIGHT } });
      try {
        const wizard = await openWizardOnFreshServer(browser, w.clock);
        return {
          page: wizard.page,
          close: async () => {
            await wizard.close();
            await browser.close();
          },
        };
      } catch (error) {
        await browser.close();
        throw error;
      }
    },
  },
];
