// axe-core (wcag2a, wcag2aa, wcag21aa, wcag22aa) on every dashboard page in both themes, with each overlay
// open (delete confirmation, command palette, history, the inspector drawer on a phone): 0 violations. axe finds only part of real problems; the Draft Studio tests
// check focus return and roles by hand.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../test/support/temp-home.js';
import { seed } from './support/approvals.js';
import { axeResults } from './support/axe.js';
import { type Browser, openBrowser, twoFrames } from './support/browser.js';
import { searchIntoFeed } from './support/discovery.js';
import { openWizardOnFreshServer } from './support/onboarding.js';
import { clockEnv, worldClock } from './support/world-clock.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
let draftId: number;
const clock = worldClock();
beforeAll(async () => {
  fake = await startFakeSocial({ clock });
  home = createTempHome();
  prepareFakeHome(home, fake);
  server = await serve({ ...home.env, ...clockEnv(clock) });
  const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
  const made = await fetch(`${server.url}/api/content/drafts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'A draft to look at', tags: ['docs'] }),
  });
  draftId = ((await made.json()) as { id: number }).id;
}, 60_000);
afterAll(async () => {
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
});

/** Posts at the fake found through a discovery search, once for both themes. */
let discoveryFeed: Promise<void> | undefined;
const fillDiscoveryFeed = () => {
  discoveryFeed ??= (async () => {
    fake.state.seed({
      tweets: [{ author_username: 'rust_rob', text: 'SQLite job queues, anyone?', minutes_ago: 3 }],
    });
    await searchIntoFeed(fake, home.dir, ['sqlite']);
  })();
  return discoveryFeed;
};

async function violations(page: Page): Promise<string[]> {
  const result = await axeResults(page, TAGS);
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe.each(['light', 'dark'] as const)('accessibility, %s theme', (colorScheme) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ colorScheme, clock });
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Four axe runs and a sign-in: seconds each on a loaded 2-core machine.
  it('the first-run page, Draft Studio with a draft open, the delete dialog and the command palette have no violations', {
    timeout: 45_000,
  }, async () => {
    const page = await browser.context.newPage();
    await page.goto(server.url);
    const setup = page.getByRole('heading', { name: 'Choose a dashboard passphrase' });
    const signIn = page.getByRole('heading', { name: 'Sign in' });
    await setup.or(signIn).waitFor();
    expect(await violations(page)).toEqual([]);
    if (await setup.isVisible()) {
      await page.getByLabel('Passphrase').fill('correct horse battery staple');
      await page.getByRole('button', { name: 'Set passphrase' }).click();
    } else {
      await page.getByLabel('Passphrase').fill('correct horse battery staple');
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    // The first run ends in Draft Studio; a later sign-in returns to the page it came from (home).
    const studio = page.getByRole('heading', { name: 'Draft Studio' });
    const today = page.getByRole('heading', { name: 'Today', level: 1 });
    await studio.or(today).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto(server.url);
    await page.getByRole('region', { name: "Today's usage" }).getByRole('meter').first().waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto(`${server.url}/drafts?id=${draftId}`);
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this draft?' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('textbox', { name: 'Post text' }).focus();
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the Approvals page with an item selected, and its reject and approve-all dialogs, have no violations', {
    timeout: 45_000,
  }, async () => {
    await seed({ home, clock }, [
      { text: `Accessible reply (${colorScheme})`, action_type: 'reply', score: 70 },
    ]);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/approvals`);
    await page.getByRole('option', { selected: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Reject…' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Approve all/ }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('thread cards with their drag handles, revision history, and the inspector drawer on a phone have no violations', {
    timeout: 45_000,
  }, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/drafts?id=${draftId}`);
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    await page.getByRole('button', { name: 'Thread' }).click();
    await page.getByRole('button', { name: 'Drag post 2' }).waitFor();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('region', { name: 'History' }).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 800 });
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    if (!(await inspector.isVisible())) await page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.close();
  });
  it('Analytics, Activity and the audit detail dialog have no violations', { timeout: 45_000 }, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/analytics`);
    await page.getByRole('heading', { name: 'Best times' }).waitFor();
    await page.getByText(/default slots/).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.url}/activity`);
    await page.getByRole('tabpanel').getByRole('row').nth(1).getByRole('button').click();
    await page
      .getByRole('dialog', { name: /^Mutation / })
      .getByRole('region', { name: 'Parameters' })
      .waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('the Discovery feed with its breakdown tables, and the reply side editor, have no violations', {
    timeout: 60_000,
  }, async () => {
    await fillDiscoveryFeed();
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/discovery`);
    await page
      .getByRole('table', { name: /Score breakdown/ })
      .first()
      .waitFor();
    expect(await violations(page)).toEqual([]);
    await page
      .getByRole('button', { name: /^Compose a reply/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: /^Reply to/ })
      .getByRole('textbox', { name: 'Reply text' })
      .waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
  it('Settings, with a refused save showing its field errors, has no violations', {
    timeout: 45_000,
  }, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/settings`);
    const limits = page.getByRole('region', { name: 'Rate limits and safety guardrails' });
    await limits.getByLabel('Max replies per day', { exact: true }).fill('lots');
    await limits.getByRole('button', { name: 'Save changes' }).click();
    await limits.getByRole('alert').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
  it('the Calendar, month and week with a post picked up to move, has no violations', {
    timeout: 45_000,
  }, async () => {
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const text = `On the calendar (${colorScheme})`;
    const made = await fetch(`${server.url}/api/content/drafts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: text }),
    });
    const { id } = (await made.json()) as { id: number };
    await fetch(`${server.url}/api/content/drafts/${id}/schedule`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ scheduled_for: '2027-03-12T09:30' }),
    });
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/calendar?view=month&date=2027-03-01`);
    await page.getByRole('link', { name: new RegExp(text.replace(/[()]/g, '\\$&')) }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.url}/calendar?view=week&date=2027-03-12`);
    await page.getByRole('button', { name: new RegExp(`^Move "${text.replace(/[()]/g, '\\$&')}"`) }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: 'Picked up' }).first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.close();
  });
  it('the first-run wizard (a server with no config file), its advanced steps and field errors, has no violations', {
    timeout: 60_000,
  }, async () => {
    const wizard = await openWizardOnFreshServer(browser, clock);
    try {
      expect(await violations(wizard.page)).toEqual([]);
      await wizard.page.getByText('Advanced steps (optional)').click();
      await wizard.page.getByRole('button', { name: 'Save and continue' }).click();
      await wizard.page.getByText('Nothing was saved: fix the fields marked below.').waitFor();
      expect(await violations(wizard.page)).toEqual([]);
    } finally {
      await wizard.close();
    }
  });
});

describe('accessibility that axe cannot see', () => {
  /** Signs in (the passphrase is set by the axe tests or here) and opens the draft as a thread. */
  async function openThread(browser: Browser): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/drafts?id=${draftId}`);
    const setup = page.getByRole('button', { name: 'Set passphrase' });
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await setup.or(signIn).waitFor();
    await page.getByLabel('Passphrase').fill('correct horse battery staple');
    await ((await setup.isVisible()) ? setup : signIn).click();
    await page.getByRole('heading', { name: 'Draft Studio' }).waitFor();
    await page.goto(`${server.url}/drafts?id=${draftId}`);
    await page.getByRole('button', { name: 'Thread' }).waitFor();
    if ((await page.getByRole('button', { name: 'Thread' }).getAttribute('aria-pressed')) !== 'true')
      await page.getByRole('button', { name: 'Thread' }).click();
    await page.getByRole('button', { name: 'Drag post 2' }).waitFor();
    return page;
  }

  it('on a phone: every button and tab is at least 44 × 44 px, and text areas use a 16 px font', async () => {
    const browser = await openBrowser({ hasTouch: true, viewport: { width: 390, height: 800 }, clock });
    try {
      const page = await openThread(browser);
      await page.getByRole('button', { name: 'Inspector' }).click();
      await page.getByRole('complementary', { name: 'Inspector' }).waitFor();
      const small = await page.evaluate(`(() => [...document.querySelectorAll('button, [role="tab"], nav a')]
        .filter((el) => el.checkVisibility())
        .map((el) => ({ name: el.getAttribute('aria-label') || el.textContent.trim(), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ name, box }) => name + ' ' + Math.round(box.width) + 'x' + Math.round(box.height)))()`);
      expect(small).toEqual([]);
      const fonts = await page.evaluate(
        "[...document.querySelectorAll('textarea')].map((el) => getComputedStyle(el).fontSize)",
      );
      expect(fonts).not.toHaveLength(0);
      expect(new Set(fonts as string[])).toEqual(new Set(['16px']));
    } finally {
      await browser.close();
    }
  });

  it('reduced motion: cards dragged past each other slide, unless the system asks for less motion', async () => {
    const browser = await openBrowser({ clock });
    try {
      const page = await openThread(browser);
      /**
       * Starts dragging post 1 down over post 2 and counts the animations meanwhile: the transitions that
       * started (counted as they start, so a slow machine that finishes one before looking still sees it)
       * and the most animations running after any step.
       */
      const animationsWhileDragging = async () => {
        const from = await page.getByRole('button', { name: 'Drag post 1' }).boundingBox();
        const to = await page.getByRole('textbox', { name: 'Post 2 of 2' }).boundingBox();
        if (!from || !to) throw new Error('cards not laid out');
        await page.evaluate(`(() => {
          window.__transitionsStarted = 0;
          window.__countTransition ??= () => window.__transitionsStarted++;
          document.addEventListener('transitionrun', window.__countTransition, true);
        })()`);
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        let running = 0;
        for (let step = 1; step <= 8; step++) {
          await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + to.height - from.y) * step) / 8);
          // The transitions a move causes start in a frame after it: on a loaded machine all eight moves
          // could otherwise come (and the drag be cancelled) before any frame rendered them.
          await twoFrames(page);
          running = Math.max(running, (await page.evaluate('document.getAnimations().length')) as number);
        }
        const started = (await page.evaluate('window.__transitionsStarted')) as number;
        await page.keyboard.press('Escape');
        await page.mouse.up();
        return Math.max(running, started);
      };
      expect(await animationsWhileDragging()).toBeGreaterThan(0);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await animationsWhileDragging()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
