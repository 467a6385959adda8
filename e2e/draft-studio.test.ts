// Draft Studio in a real browser against the built `app serve` (temp data dir, fake platform): the first
// run sets the passphrase from this machine, "New draft" creates a server draft and opens it in the URL,
// typing autosaves (the PATCH carries the draft's version, the stored draft and a revision follow),
// reload keeps the draft, and two windows on one draft reach a real 409 that each banner button resolves.
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weightedLength } from '../src/core/domain/weighted-length.js';
import { type FakeLlm, startFakeLlm } from '../test/fakes/llm/index.js';
import { type FakeSocial, startFakeSocial } from '../test/fakes/social/index.js';
import { solidPng } from '../test/support/png.js';
import { runApp } from '../test/support/run-app.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../test/support/serve-process.js';
import { createTempHome, type TempHome } from '../test/support/temp-home.js';
import { type Browser, openBrowser } from './support/browser.js';

let fake: FakeSocial;
let llm: FakeLlm;
let home: TempHome;
let server: ServeProcess;
let browser: Browser;
let token: string;
beforeAll(async () => {
  fake = await startFakeSocial();
  llm = await startFakeLlm();
  home = createTempHome();
  prepareFakeHome(home, fake);
  server = await serve(home.env);
  token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  if (server) await killHard(server);
  await fake?.close();
  await llm?.close();
  home?.cleanup();
});

/** The draft as the server stores it (read with the API token, not through the page). */
async function stored(id: number) {
  const response = await fetch(`${server.url}/api/content/drafts/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as {
    content: string;
    version: number;
    group: string;
    scheduled_for: string | null;
    media_paths: string[];
    content_type: string;
    blocks: Array<{ text: string; order: number }> | null;
  };
}

async function revisions(id: number) {
  const response = await fetch(`${server.url}/api/content/drafts/${id}/revisions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { items: unknown[] }).items;
}

function patches(page: Page): Array<{ url: string; body: unknown }> {
  const seen: Array<{ url: string; body: unknown }> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH')
      seen.push({ url: new URL(request.url()).pathname, body: request.postDataJSON() });
  });
  return seen;
}

describe('Draft Studio', () => {
  let page: Page;
  let draftId: number;

  it('first run: the passphrase is chosen from this machine, then Draft Studio opens', async () => {
    page = await browser.context.newPage();
    await page.goto(server.url);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/setup');
    await page.getByRole('heading', { name: 'Choose a dashboard passphrase' }).waitFor();
    await page.getByLabel('Passphrase').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Set passphrase' }).click();
    await page.getByRole('heading', { name: 'Draft Studio' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/drafts');
    // The passphrase is set once: the setup endpoint now refuses.
    const again = await fetch(`${server.url}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: 'another passphrase!' }),
    });
    expect(again.status).toBe(409);
  });

  it('New draft creates a server draft and opens it in the URL; typing autosaves with the version', async () => {
    const sent = patches(page);
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    draftId = Number(new URL(page.url()).searchParams.get('id'));
    expect(await stored(draftId)).toMatchObject({ content: '', version: 1 });

    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.pressSequentially('Ship small, write it down. 🚀');
    await expect.poll(async () => (await stored(draftId)).content).toBe('Ship small, write it down. 🚀');
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(sent.at(-1)).toEqual({
      url: `/api/content/drafts/${draftId}`,
      body: {
        content_type: 'tweet',
        content: 'Ship small, write it down. 🚀',
        media_paths: [],
        version: expect.any(Number),
      },
    });
    // Debounced: far fewer saves than keys, and each save carried the version the last one answered.
    expect(sent.length).toBeLessThan(10);
    const versions = sent.map((patch) => (patch.body as { version: number }).version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    expect(await stored(draftId)).toMatchObject({ content: 'Ship small, write it down. 🚀' });
    expect((await revisions(draftId)).length).toBeGreaterThanOrEqual(1);
    // The same weighted count as the server: 27 characters plus an emoji weighing 2.
    await page.getByText('29 / 280').waitFor();
    // The draft is listed in the rail.
    await page
      .getByRole('navigation', { name: 'Drafts' })
      .getByRole('link', { name: /Ship small/ })
      .waitFor();
  });

  it('reload keeps the draft open (the URL holds it)', async () => {
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Post text' }).inputValue())
      .toBe('Ship small, write it down. 🚀');
  });

  it('two windows on one draft: a real 409 shows the conflict; each banner button does what it says', async () => {
    const other = await browser.context.newPage();
    await other.goto(`${server.url}/drafts?id=${draftId}`);
    const theirs = other.getByRole('textbox', { name: 'Post text' });
    await expect.poll(() => theirs.inputValue()).toBe('Ship small, write it down. 🚀');
    await theirs.press('End');
    await theirs.pressSequentially(' (theirs)');
    await expect.poll(async () => (await stored(draftId)).content).toMatch(/\(theirs\)$/);
    await other.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    const mine = page.getByRole('textbox', { name: 'Post text' });
    await mine.press('End');
    await mine.pressSequentially(' (mine)');
    await page.getByRole('alert').filter({ hasText: 'changed in another window' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Conflict' }).waitFor();

    await page.getByRole('button', { name: 'Use mine' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await stored(draftId)).content).toBe('Ship small, write it down. 🚀 (mine)');

    // The other window is now behind: its next edit conflicts, and "Reload server" takes the server's text.
    await theirs.pressSequentially('!');
    await other.getByRole('button', { name: 'Reload server' }).click();
    await expect.poll(() => theirs.inputValue()).toBe('Ship small, write it down. 🚀 (mine)');
    await other.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await stored(draftId)).content).toBe('Ship small, write it down. 🚀 (mine)');
    await other.close();
  });

  it('the rail: tabs with counts, search, tag filter; back and forward follow the URL', async () => {
    const made: number[] = [];
    for (const [content, tags] of [
      ['Release notes are a product', ['docs']],
      ['Gardening tips for spring', ['garden']],
    ] as const) {
      const response = await fetch(`${server.url}/api/content/drafts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content, tags }),
      });
      made.push(((await response.json()) as { id: number }).id);
    }
    await page.goto(`${server.url}/drafts`);
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    await rail.getByRole('tab', { name: 'Active 3' }).waitFor();
    await rail.getByRole('tab', { name: 'Archive 0' }).waitFor();

    await rail.getByRole('searchbox', { name: 'Search drafts' }).fill('garden');
    await expect.poll(() => rail.getByRole('link').allTextContents()).toEqual(['Gardening tips for spring']);
    await rail.getByRole('searchbox', { name: 'Search drafts' }).fill('');
    await rail.getByRole('combobox', { name: 'Tag' }).selectOption('docs');
    await expect
      .poll(() => rail.getByRole('link').allTextContents())
      .toEqual(['Release notes are a product']);
    expect(new URL(page.url()).searchParams.get('tag')).toBe('docs');
    await rail.getByRole('combobox', { name: 'Tag' }).selectOption('');

    await rail.getByRole('link', { name: 'Release notes are a product' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Post text' }).inputValue())
      .toBe('Release notes are a product');
    await rail.getByRole('link', { name: 'Gardening tips for spring' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Post text' }).inputValue())
      .toBe('Gardening tips for spring');
    await page.goBack();
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(made[0]));
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Post text' }).inputValue())
      .toBe('Release notes are a product');
    await page.goForward();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Post text' }).inputValue())
      .toBe('Gardening tips for spring');
  });

  it('duplicate, archive and restore, and delete only after confirming', async () => {
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    const original = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => Number(new URL(page.url()).searchParams.get('id'))).not.toBe(original);
    const copy = Number(new URL(page.url()).searchParams.get('id'));
    expect(await stored(copy)).toMatchObject({ content: 'Gardening tips for spring' });
    await rail.getByRole('tab', { name: 'Active 4' }).waitFor();

    await page.getByRole('button', { name: 'Archive' }).click();
    await rail.getByRole('tab', { name: 'Archive 1' }).waitFor();
    expect(await stored(copy)).toMatchObject({ group: 'archive' });
    await page.getByRole('button', { name: 'Restore' }).click();
    await rail.getByRole('tab', { name: 'Archive 0' }).waitFor();
    expect(await stored(copy)).toMatchObject({ group: 'active' });

    const deleteButton = page.getByRole('button', { name: 'Delete' });
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this draft?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus goes back to what opened the dialog, and nothing was deleted.
    await expect.poll(() => deleteButton.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(await stored(copy)).toMatchObject({ content: 'Gardening tips for spring' });

    await deleteButton.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBeNull();
    const gone = await fetch(`${server.url}/api/content/drafts/${copy}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(404);
    await rail.getByRole('tab', { name: 'Active 3' }).waitFor();
  });

  it('server unreachable: badge offline, the text kept locally, saved on reconnection, then the copy goes', async () => {
    const before = new URL(page.url()).searchParams.get('id');
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.route(`**/api/content/drafts/${id}`, (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Post text' }).pressSequentially('Written on a train');
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    const copy = async () =>
      JSON.parse((await page.evaluate<string | null>("localStorage.getItem('app:compose:draft')")) ?? 'null');
    await expect.poll(copy).toMatchObject({ draftId: id, content: 'Written on a train' });
    expect((await stored(id)).content).toBe('');

    await page.unroute(`**/api/content/drafts/${id}`);
    await page.evaluate("window.dispatchEvent(new Event('online'))");
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await stored(id)).content).toBe('Written on a train');
    expect(await copy()).toBeNull();
  });

  it('a session that expires mid-typing: sign in again, come back to the draft, restore the text', async () => {
    const id = Number(new URL(page.url()).searchParams.get('id'));
    // A new passphrase signs every session out (as `app passphrase` does on a real machine).
    const reset = await runApp(['passphrase'], { env: home.env });
    const passphrase = /shown once, keep it safe\): (\S+)/.exec(reset.stdout)?.[1] ?? '';
    expect(passphrase).not.toBe('');
    await page.getByRole('textbox', { name: 'Post text' }).pressSequentially(', then a bus');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/drafts?id=${id}`);
    expect((await stored(id)).content).toBe('Written on a train');

    await page.getByLabel('Passphrase').fill(passphrase);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const recovered = page.getByRole('region', { name: 'Recovered text' });
    await recovered.waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(id));
    await recovered.getByRole('button', { name: 'Restore it' }).click();
    await expect.poll(async () => (await stored(id)).content).toBe('Written on a train, then a bus');
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  });

  it('a draft deleted in another tab: typing says so, and the text can be saved as a new draft', async () => {
    const before = new URL(page.url()).searchParams.get('id');
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    const removed = await fetch(`${server.url}/api/content/drafts/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    await page.getByRole('textbox', { name: 'Post text' }).pressSequentially('Still worth posting');
    await page.getByRole('alert').filter({ hasText: 'deleted in another window' }).waitFor();
    await page.getByRole('button', { name: 'Save as a new draft' }).click();
    await expect.poll(() => Number(new URL(page.url()).searchParams.get('id'))).not.toBe(id);
    const copy = Number(new URL(page.url()).searchParams.get('id'));
    expect(await stored(copy)).toMatchObject({ content: 'Still worth posting' });
  });

  it('the counter equals the server’s weighted length for emoji, CJK and URL mixes', async () => {
    const editor = page.getByRole('textbox', { name: 'Post text' });
    const vectors = [
      '日本語のテキストと English mixed',
      'Family 👩‍👩‍👧‍👦, flags 🇵🇹🇯🇵 and skin tones 👍🏽',
      'Read https://example.com/a/very/long/path/that/keeps/going?with=query&and=more then reply',
      'Short link x.co and café, naïve, Ωmega; 한국어 텍스트 🎉',
      `${'長'.repeat(141)}`,
    ];
    for (const text of vectors) {
      await editor.fill(text);
      await page.getByText(`${weightedLength(text)} / 280`, { exact: true }).waitFor();
    }
  });

  it('a pasted 50,000-character text is kept whole, saved and counted', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const big = 'Ünïcode and 🚀 emoji, 日本語 too. '.repeat(1500).slice(0, 50_000);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('');
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(big)})`);
    await editor.focus();
    await page.keyboard.press('Control+V');
    await expect.poll(() => editor.inputValue()).toBe(big);
    await expect.poll(async () => (await stored(id)).content, { timeout: 10_000 }).toBe(big);
    await page.getByText(`${weightedLength(big)} / 280`, { exact: true }).waitFor();
  });

  it('schedule in the account timezone (labelled), unschedule; history restores an earlier version', async () => {
    const before = new URL(page.url()).searchParams.get('id');
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.pressSequentially('First thought');
    await expect.poll(async () => (await stored(id)).content).toBe('First thought');
    await editor.fill('Second thought, better');
    await expect.poll(async () => (await stored(id)).content).toBe('Second thought, better');

    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByLabel('Schedule for (UTC)').fill('2030-01-15T09:30');
    await publish.getByRole('button', { name: 'Schedule' }).click();
    await publish
      .getByRole('status')
      .filter({ hasText: /Scheduled for .*\(UTC\)/ })
      .waitFor();
    expect(await stored(id)).toMatchObject({ scheduled_for: '2030-01-15T09:30:00.000Z', group: 'scheduled' });
    await publish.getByRole('button', { name: 'Unschedule' }).click();
    await publish.getByRole('status').filter({ hasText: 'Unscheduled' }).waitFor();
    expect(await stored(id)).toMatchObject({ scheduled_for: null, group: 'active' });

    const history = page.getByRole('region', { name: 'History' });
    const versions = history.getByRole('button', { name: /^Version \d+/ });
    await expect.poll(() => versions.count()).toBeGreaterThanOrEqual(2);
    // The revision that holds the first text.
    for (const button of await versions.all()) {
      await button.click();
      if ((await history.locator('blockquote').textContent()) === 'First thought') break;
    }
    await history.getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => editor.inputValue()).toBe('First thought');
    await expect.poll(async () => (await stored(id)).content).toBe('First thought');
  });

  it('publish now saves the text on screen first and posts it (approval mode off: "Posting")', async () => {
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('Posted from Draft Studio');
    // Straight away, inside the autosave debounce: publishing must not send the older text.
    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByRole('button', { name: 'Publish now' }).click();
    await publish.getByRole('status').filter({ hasText: 'Posting' }).waitFor();
    await expect
      .poll(() => fake.state.tweetsNewestFirst().map((t) => t.text), { timeout: 15_000 })
      .toContain('Posted from Draft Studio');
    await expect.poll(async () => (await stored(id)).group, { timeout: 15_000 }).toBe('posted');
  });

  it('thread mode: cards with their own counters; keys reorder, split, merge, add and duplicate; the server gets the cards in order', async () => {
    const before = new URL(page.url()).searchParams.get('id');
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const cardsOnServer = async () => {
      const draft = await stored(id);
      return draft.content_type === 'thread'
        ? [...(draft.blocks ?? [])].sort((a, b) => a.order - b.order).map((b) => b.text)
        : draft.content;
    };
    await page.getByRole('button', { name: 'Thread' }).click();
    const card = (n: number, of: number) => page.getByRole('textbox', { name: `Post ${n} of ${of}` });
    await card(1, 2).fill('First card');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Second card');
    await expect.poll(cardsOnServer).toEqual(['First card', 'Second card']);
    await page.getByText('11 / 280').waitFor();

    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(cardsOnServer).toEqual(['Second card', 'First card']);

    // Split "Second card" after "Second".
    await card(1, 2).focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+Shift+S');
    await expect.poll(cardsOnServer).toEqual(['Second', 'card', 'First card']);
    // The caret is at the start of the new card: Backspace there merges it back.
    await page.keyboard.press('Backspace');
    await expect.poll(cardsOnServer).toEqual(['Second\ncard', 'First card']);
    await card(1, 2).focus();
    await page.keyboard.press('Control+Shift+M');
    await expect.poll(cardsOnServer).toEqual(['Second\ncard\nFirst card']);
    await page.keyboard.press('Control+Shift+Enter');
    await page.keyboard.type('A new one');
    await page.keyboard.press('Control+D');
    await expect.poll(cardsOnServer).toEqual(['Second\ncard\nFirst card', 'A new one', 'A new one']);

    // Back to a post: the cards become one text.
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(cardsOnServer).toBe('Second\ncard\nFirst card\n\nA new one\n\nA new one');
  });

  it('command palette (Ctrl+K) runs catalog commands; alternate chords; focus mode and the Escape cascade', async () => {
    const before = new URL(page.url()).searchParams.get('id');
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('One idea');

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    // Thread commands are not offered in post mode.
    await expect
      .poll(() => palette.getByRole('option').allTextContents())
      .not.toContainEqual(expect.stringContaining('Split post'));
    await palette.getByRole('combobox', { name: 'Command' }).fill('thread mo');
    await palette.getByRole('option', { name: /Thread mode/ }).waitFor();
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Post 1 of 2' }).waitFor();
    await expect.poll(async () => (await stored(id)).content_type).toBe('thread');

    // In thread mode the palette offers the card commands, with their keys.
    await page.getByRole('textbox', { name: 'Post 1 of 2' }).focus();
    await page.keyboard.press('Control+K');
    await palette.getByRole('option', { name: /Duplicate post.*Ctrl\+D/ }).click();
    await page.getByRole('textbox', { name: 'Post 2 of 3' }).waitFor();
    await expect
      .poll(async () => ((await stored(id)).blocks ?? []).map((b) => b.text).sort())
      .toEqual(['', 'One idea', 'One idea']);

    // Escape closes the palette first, and focus goes back where it was.
    await page.getByRole('textbox', { name: 'Post 2 of 3' }).focus();
    await page.keyboard.press('Control+K');
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
    await expect
      .poll(() =>
        page
          .getByRole('textbox', { name: 'Post 2 of 3' })
          .evaluate((el) => el === el.ownerDocument.activeElement),
      )
      .toBe(true);

    // The alternate chord for post mode (Chrome keeps Ctrl+Shift+N for itself).
    await page.keyboard.press('Alt+Shift+N');
    await editor.waitFor();
    await expect.poll(async () => (await stored(id)).content_type).toBe('tweet');

    // Focus mode hides the rail and the top bar; Escape leaves it.
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    await page.keyboard.press('Control+Shift+F');
    await rail.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await rail.waitFor();
  });

  it('inspector: open on desktop, Ctrl+I toggles and the choice survives a reload; Voice shows the settings; a drawer on mobile that Escape closes', async () => {
    const set = await fetch(`${server.url}/api/settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        set: {
          'business.brand_voice': 'dry and precise',
          'business.content_pillars': ['shipping', 'docs', 'tests', 'ops'],
        },
      }),
    });
    expect(set.status).toBe(200);
    await page.evaluate("localStorage.removeItem('app:inspector:open')");
    await page.reload();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.waitFor();
    await inspector.getByText('dry and precise').waitFor();
    await inspector.getByText('shipping, docs, tests', { exact: true }).waitFor();
    await inspector.getByRole('button', { name: 'Voice' }).click();
    await inspector.getByText('dry and precise').waitFor({ state: 'hidden' });
    expect(await page.evaluate("localStorage.getItem('app:voice:expanded')")).toBe('false');

    await page.getByRole('textbox', { name: 'Post text' }).focus();
    await page.keyboard.press('Control+I');
    await inspector.waitFor({ state: 'hidden' });
    expect(await page.evaluate("localStorage.getItem('app:inspector:open')")).toBe('false');
    await page.reload();
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    expect(await inspector.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.waitFor();

    // Mobile: closed by default, a bottom drawer when opened, and Escape closes it.
    await page.evaluate("localStorage.removeItem('app:inspector:open')");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    expect(await inspector.isVisible()).toBe(false);
    await page.getByRole('textbox', { name: 'Post text' }).focus();
    await page.keyboard.press('Control+I');
    await inspector.waitFor();
    const box = await inspector.boundingBox();
    expect(box && box.y + box.height).toBeCloseTo(800, 0);
    expect(box?.height ?? 0).toBeLessThanOrEqual(480);
    await page.keyboard.press('Escape');
    await inspector.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('AI: improve with a tone cue (kept among the last 5), Undo; Ctrl+J works with the inspector closed, in the voice', async () => {
    const configured = await fetch(`${server.url}/api/settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        set: { 'llm.provider': 'openai', 'llm.api_key': 'sk-test', 'llm.base_url': llm.openaiBaseUrl },
      }),
    });
    expect(configured.status).toBe(200);
    const before = new URL(page.url()).searchParams.get('id');
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('we ship things');
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    if (!(await inspector.isVisible())) await page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.getByRole('combobox', { name: 'Tone cue' }).fill('more confident');

    llm.reset();
    llm.script.reply('Shipping beats polishing.');
    await inspector.getByRole('button', { name: 'Improve', exact: true }).click();
    await expect.poll(() => editor.inputValue()).toBe('Shipping beats polishing.');
    expect(llm.calls[0]?.system).toContain('Tone directive (MUST follow): more confident');
    expect(llm.calls[0]?.messages.at(-1)?.content).toContain('we ship things');
    await expect.poll(async () => (await stored(id)).content).toBe('Shipping beats polishing.');
    expect(JSON.parse(String(await page.evaluate("localStorage.getItem('app:voice:saved-cues')")))).toEqual([
      'more confident',
    ]);
    await inspector.getByRole('button', { name: 'Undo improve' }).click();
    await expect.poll(async () => (await stored(id)).content).toBe('we ship things');

    // Inspector closed: the shortcut still improves, in the account's voice.
    await editor.focus();
    await page.keyboard.press('Control+I');
    await inspector.waitFor({ state: 'hidden' });
    llm.script.reply('Ship it, then say why.');
    await page.keyboard.press('Control+J');
    await expect.poll(() => editor.inputValue()).toBe('Ship it, then say why.');
    expect(llm.calls.at(-1)?.system).toContain('dry and precise');
    await page.keyboard.press('Control+I');
  });

  it('From Notes: pick a note, generate, confirm the replacement (or cancel), the citation goes with the save; Undo', async () => {
    const ingested = await fetch(`${server.url}/api/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        inline_nodes: [
          {
            relative_path: 'habits.md',
            title: 'Changelog habits',
            body_text: 'Write the changelog while the change is fresh.',
          },
        ],
      }),
    });
    expect(ingested.status).toBe(200);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const sent = patches(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('my own words');
    await expect.poll(async () => (await stored(id)).content).toBe('my own words');
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('searchbox', { name: 'Search notes' }).fill('changelog');
    await inspector.getByRole('checkbox', { name: 'Changelog habits' }).check();

    llm.script.reply('Changelogs written fresh are honest.', { times: 2 });
    await inspector.getByRole('button', { name: 'Generate from notes' }).click();
    const ask = inspector.getByRole('alert').filter({ hasText: 'Replace your text' });
    await ask.waitFor();
    expect(llm.calls.at(-1)?.system).toContain('Write the changelog while the change is fresh.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await editor.inputValue()).toBe('my own words');

    await inspector.getByRole('button', { name: 'Generate from notes' }).click();
    await ask.getByRole('button', { name: 'Replace' }).click();
    await expect.poll(() => editor.inputValue()).toBe('Changelogs written fresh are honest.');
    await expect.poll(async () => (await stored(id)).content).toBe('Changelogs written fresh are honest.');
    const withProvenance = sent.find((p) => (p.body as { provenance?: unknown[] }).provenance?.length);
    expect(withProvenance?.body).toMatchObject({ provenance: [{ node_id: expect.any(Number) }] });

    await inspector.getByRole('button', { name: 'Undo replace' }).click();
    await expect.poll(async () => (await stored(id)).content).toBe('my own words');
  });

  it('preview: one card per post with connectors; media grids per the spec, the cropped badge exactly past 0.3', async () => {
    const upload = async (name: string, width: number, height: number) => {
      const form = new FormData();
      form.set('file', new Blob([solidPng(width, height)], { type: 'image/png' }), name);
      const response = await fetch(`${server.url}/api/media/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { path: string }).path;
    };
    // 3:2 (severity 0.33 in a square: badge), 4:3 (0.25: none), 1:1, 2:3.
    const wide = await upload('wide.png', 300, 200);
    const fourThree = await upload('four-three.png', 400, 300);
    const square = await upload('square.png', 200, 200);
    const tall = await upload('tall.png', 200, 300);
    const made = await fetch(`${server.url}/api/content/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Four pictures', media_paths: [wide, fourThree, square, tall] }),
    });
    const id = ((await made.json()) as { id: number }).id;
    await page.goto(`${server.url}/drafts?id=${id}`);
    const preview = page.getByRole('region', { name: 'Preview' });
    const grid = preview.getByRole('figure', { name: '4 media' });
    await grid.waitFor();
    const slots = grid.locator('.slot');
    await expect.poll(() => slots.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const box = await slots.nth(i).boundingBox();
      expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(1, 1);
    }
    // The badge on the 3:2 image and the 2:3 one (both 0.33), not on 4:3 (0.25) or the square.
    await expect
      .poll(async () => Promise.all([0, 1, 2, 3].map((i) => slots.nth(i).getByText('cropped').count())))
      .toEqual([1, 0, 0, 1]);

    // Three images: left 2:3, right two 1:1, the columns line up (no empty band).
    const three = await fetch(`${server.url}/api/content/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Three', media_paths: [tall, square, wide] }),
    });
    await page.goto(`${server.url}/drafts?id=${((await three.json()) as { id: number }).id}`);
    const grid3 = page.getByRole('region', { name: 'Preview' }).getByRole('figure', { name: '3 media' });
    await grid3.waitFor();
    const [left, top, bottom] = await Promise.all(
      [0, 1, 2].map((i) => grid3.locator('.slot').nth(i).boundingBox()),
    );
    expect((left?.width ?? 0) / (left?.height ?? 1)).toBeCloseTo(2 / 3, 1);
    expect((top?.width ?? 0) / (top?.height ?? 1)).toBeCloseTo(1, 1);
    expect(Math.abs((left?.height ?? 0) - ((top?.height ?? 0) + (bottom?.height ?? 0)))).toBeLessThan(
      (left?.height ?? 0) * 0.01,
    );

    // A thread of 3 cards draws 3 post cards and 2 connectors.
    await page.getByRole('button', { name: 'Thread' }).click();
    await page.getByRole('textbox', { name: 'Post 2 of 2' }).fill('second');
    await page.getByRole('button', { name: 'Add post' }).click();
    await page.getByRole('textbox', { name: 'Post 3 of 3' }).fill('third');
    const posts = page.getByRole('region', { name: 'Preview' }).getByRole('article');
    await expect.poll(() => posts.count()).toBe(3);
    expect(await page.getByRole('region', { name: 'Preview' }).getByTestId('connector').count()).toBe(2);
  });

  it('media: picker and paste upload and save with the post; the client refuses what the rules refuse; media follows its card', async () => {
    const before = new URL(page.url()).searchParams.get('id');
    await page.goto(`${server.url}/drafts`);
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBeNull();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByRole('textbox', { name: 'Post text' }).fill('With pictures');
    const png = (name: string, w = 40, h = 30) => ({ name, mimeType: 'image/png', buffer: solidPng(w, h) });
    await page.getByLabel('Add media to post', { exact: true }).setInputFiles([png('a.png'), png('b.png')]);
    await page.getByRole('img', { name: 'Media 2 of post' }).waitFor();
    await expect.poll(async () => (await stored(id)).media_paths.length).toBe(2);
    await page.getByRole('region', { name: 'Preview' }).getByRole('figure', { name: '2 media' }).waitFor();

    // Five images, or a GIF beside images: refused before any upload, saying why.
    await page
      .getByLabel('Add media to post', { exact: true })
      .setInputFiles([png('c.png'), png('d.png'), png('e.png')]);
    await page.getByRole('alert').filter({ hasText: 'at most 4 images per post (got 5)' }).waitFor();
    const gif = {
      name: 'x.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
    };
    await page.getByLabel('Add media to post', { exact: true }).setInputFiles([gif]);
    await page.getByRole('alert').filter({ hasText: 'must be the only media of a post' }).waitFor();
    // An upload the server refuses with 413 says so.
    await page.route('**/api/media/upload', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'payload_too_large', message: 'too large' } }),
      }),
    );
    await page.getByLabel('Add media to post', { exact: true }).setInputFiles([png('big.png')]);
    await page.getByRole('alert').filter({ hasText: 'larger than the server accepts' }).waitFor();
    await page.unroute('**/api/media/upload');
    expect((await stored(id)).media_paths).toHaveLength(2);

    // As a thread the media is on card 1, and moves with it.
    await page.getByRole('button', { name: 'Thread' }).click();
    await page.getByRole('textbox', { name: 'Post 2 of 2' }).fill('no pictures here');
    await page.getByRole('textbox', { name: 'Post 1 of 2' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    const cards = async () =>
      [...((await stored(id)).blocks ?? [])]
        .sort((a, b) => a.order - b.order)
        .map((b) => [b.text, (b as { media_paths?: string[] }).media_paths?.length ?? 0]);
    await expect.poll(cards).toEqual([
      ['no pictures here', 0],
      ['With pictures', 2],
    ]);

    // Pasting an image into card 1's text adds it to that card (a text paste stays the browser's own).
    await page.evaluate(`(() => {
      const el = [...document.querySelectorAll('label')].find((l) => l.textContent === 'Post 1 of 2').control;
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(${JSON.stringify(solidPng(20, 20).toString('base64'))}), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await expect.poll(cards).toEqual([
      ['no pictures here', 1],
      ['With pictures', 2],
    ]);
  });

  it('the home page starts a new server draft and opens it in Draft Studio', async () => {
    const before = await fetch(`${server.url}/api/content/drafts?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ total: number }>);
    await page.goto(server.url);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/drafts');
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    expect(await stored(id)).toMatchObject({ content: '' });
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    const after = await fetch(`${server.url}/api/content/drafts?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ total: number }>);
    expect(after.total).toBe(before.total + 1);
  });
});
