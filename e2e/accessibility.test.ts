// axe-core (wcag2a, wcag2aa, wcag21aa, wcag22aa) on every dashboard page in both themes, and with the
// delete confirmation open: 0 violations. axe finds only part of real problems; the Draft Studio tests
// check focus return and roles by hand.
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../test/fakes/social/index.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../test/support/temp-home.js';
import { type Browser, openBrowser } from './support/browser.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
let draftId: number;
beforeAll(async () => {
  fake = await startFakeSocial();
  home = createTempHome();
  prepareFakeHome(home, fake);
  server = await serve(home.env);
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

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe.each(['light', 'dark'] as const)('accessibility, %s theme', (colorScheme) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ colorScheme });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the first-run page, Draft Studio with a draft open, the delete dialog and the command palette have no violations', async () => {
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
    await page.getByRole('heading', { name: 'Draft Studio' }).waitFor();
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
});
