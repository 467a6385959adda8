// Draft Studio's editing loop in a real browser against the built `app serve` (temp data dir, fake
// platform): the first run sets the passphrase from this machine, "New draft" and the home page create a
// server draft and open it in the URL, typing autosaves (the PATCH carries the draft's version, the stored
// draft and a revision follow), reload keeps the draft, two windows reach a real 409, and the bad days:
// server unreachable, an expired session, a draft deleted elsewhere, a 50,000-character paste.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { weightedLength } from '../src/core/domain/weighted-length.js';
import { runApp } from '../test/support/run-app.js';
import {
  newDraft,
  openDraftId,
  patches,
  revisions,
  savedStatus,
  startStudio,
  stored,
} from './support/studio.js';

const studio = startStudio({ signIn: false });

describe('Draft Studio: writing and saving', () => {
  let page: Page;
  let draftId: number;

  it('first run: the passphrase is chosen from this machine, then Draft Studio opens', async () => {
    page = await studio.browser.context.newPage();
    await page.goto(studio.server.url);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/setup');
    await page.getByRole('heading', { name: 'Choose a dashboard passphrase' }).waitFor();
    await page.getByLabel('Passphrase').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Set passphrase' }).click();
    await page.getByRole('heading', { name: 'Draft Studio' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/drafts');
    // The passphrase is set once: the setup endpoint now refuses.
    const again = await fetch(`${studio.server.url}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: 'another passphrase!' }),
    });
    expect(again.status).toBe(409);
  });

  it('New draft creates a server draft and opens it in the URL; typing autosaves with the version', async () => {
    const sent = patches(page);
    draftId = await newDraft(page);
    expect(await stored(studio, draftId)).toMatchObject({ content: '', version: 1 });

    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.pressSequentially('Ship small, write it down. 🚀');
    await expect
      .poll(async () => (await stored(studio, draftId)).content)
      .toBe('Ship small, write it down. 🚀');
    await savedStatus(page).waitFor();
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
    expect(await stored(studio, draftId)).toMatchObject({ content: 'Ship small, write it down. 🚀' });
    expect((await revisions(studio, draftId)).length).toBeGreaterThanOrEqual(1);
    // The same weighted count as the server: 27 characters plus an emoji weighing 2.
    await page.getByText('29 / 280').waitFor();
    expect(await page.getByText('29 / 280').getAttribute('aria-live')).toBe('polite');
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
    const other = await studio.browser.context.newPage();
    await other.goto(`${studio.server.url}/drafts?id=${draftId}`);
    const theirs = other.getByRole('textbox', { name: 'Post text' });
    await expect.poll(() => theirs.inputValue()).toBe('Ship small, write it down. 🚀');
    await theirs.press('End');
    await theirs.pressSequentially(' (theirs)');
    await expect.poll(async () => (await stored(studio, draftId)).content).toMatch(/\(theirs\)$/);
    await savedStatus(other).waitFor();

    const mine = page.getByRole('textbox', { name: 'Post text' });
    await mine.press('End');
    await mine.pressSequentially(' (mine)');
    await page.getByRole('alert').filter({ hasText: 'changed in another window' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Conflict' }).waitFor();

    await page.getByRole('button', { name: 'Use mine' }).click();
    await savedStatus(page).waitFor();
    expect((await stored(studio, draftId)).content).toBe('Ship small, write it down. 🚀 (mine)');

    // The other window is now behind: its next edit conflicts, and "Reload server" takes the server's text.
    await theirs.pressSequentially('!');
    await other.getByRole('button', { name: 'Reload server' }).click();
    await expect.poll(() => theirs.inputValue()).toBe('Ship small, write it down. 🚀 (mine)');
    await savedStatus(other).waitFor();
    expect((await stored(studio, draftId)).content).toBe('Ship small, write it down. 🚀 (mine)');
    await other.close();
  });

  it('server unreachable: badge offline, the text kept locally, saved on reconnection, then the copy goes', async () => {
    const id = await newDraft(page);
    await page.route(`**/api/content/drafts/${id}`, (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Post text' }).pressSequentially('Written on a train');
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    const copy = async () =>
      JSON.parse((await page.evaluate<string | null>("localStorage.getItem('app:compose:draft')")) ?? 'null');
    await expect.poll(copy).toMatchObject({ draftId: id, content: 'Written on a train' });
    expect((await stored(studio, id)).content).toBe('');

    await page.unroute(`**/api/content/drafts/${id}`);
    await page.evaluate("window.dispatchEvent(new Event('online'))");
    await savedStatus(page).waitFor();
    expect((await stored(studio, id)).content).toBe('Written on a train');
    expect(await copy()).toBeNull();
  });

  it('a session that expires mid-typing: sign in again, come back to the draft, restore the text', async () => {
    const id = openDraftId(page);
    // A new passphrase signs every session out (as `app passphrase` does on a real machine).
    const reset = await runApp(['passphrase'], { env: studio.home.env });
    const passphrase = /shown once, keep it safe\): (\S+)/.exec(reset.stdout)?.[1] ?? '';
    expect(passphrase).not.toBe('');
    await page.getByRole('textbox', { name: 'Post text' }).pressSequentially(', then a bus');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/drafts?id=${id}`);
    expect((await stored(studio, id)).content).toBe('Written on a train');

    await page.getByLabel('Passphrase').fill(passphrase);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const recovered = page.getByRole('region', { name: 'Recovered text' });
    await recovered.waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(id));
    await recovered.getByRole('button', { name: 'Restore it' }).click();
    await expect.poll(async () => (await stored(studio, id)).content).toBe('Written on a train, then a bus');
    await savedStatus(page).waitFor();
  });

  it('a draft deleted in another tab: typing says so, and the text can be saved as a new draft', async () => {
    const id = await newDraft(page);
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    const removed = await fetch(`${studio.server.url}/api/content/drafts/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${studio.token}` },
    });
    expect(removed.status).toBe(200);
    await page.getByRole('textbox', { name: 'Post text' }).pressSequentially('Still worth posting');
    await page.getByRole('alert').filter({ hasText: 'deleted in another window' }).waitFor();
    await page.getByRole('button', { name: 'Save as a new draft' }).click();
    await expect.poll(() => openDraftId(page)).not.toBe(id);
    const copy = openDraftId(page);
    expect(await stored(studio, copy)).toMatchObject({ content: 'Still worth posting' });
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
    // 141 CJK characters weigh 282: the message says by how much.
    await page
      .getByRole('alert')
      .filter({ hasText: 'This post is 2 characters over the 280 limit.' })
      .waitFor();
    await editor.fill('short again');
    await page.getByRole('alert').filter({ hasText: 'over the 280 limit' }).waitFor({ state: 'hidden' });
  });

  it('a pasted 50,000-character text is kept whole, saved and counted', async () => {
    await studio.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: studio.server.url,
    });
    const id = openDraftId(page);
    const big = 'Ünïcode and 🚀 emoji, 日本語 too. '.repeat(1500).slice(0, 50_000);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('');
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(big)})`);
    await editor.focus();
    await page.keyboard.press('Control+V');
    await expect.poll(() => editor.inputValue()).toBe(big);
    await expect.poll(async () => (await stored(studio, id)).content, { timeout: 10_000 }).toBe(big);
    await page.getByText(`${weightedLength(big)} / 280`, { exact: true }).waitFor();
  });

  it("the home page's New draft starts a new server draft and opens it in Draft Studio", async () => {
    const before = await fetch(`${studio.server.url}/api/content/drafts?limit=1`, {
      headers: { authorization: `Bearer ${studio.token}` },
    }).then((r) => r.json() as Promise<{ total: number }>);
    await page.goto(studio.server.url);
    await page.getByRole('main').getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/drafts');
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    const id = openDraftId(page);
    expect(await stored(studio, id)).toMatchObject({ content: '' });
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    const after = await fetch(`${studio.server.url}/api/content/drafts?limit=1`, {
      headers: { authorization: `Bearer ${studio.token}` },
    }).then((r) => r.json() as Promise<{ total: number }>);
    expect(after.total).toBe(before.total + 1);
  });

  it('typing never moves the text field: the save status changes in a box of its own size, at every width', async () => {
    await newDraft(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    const saved = savedStatus(page);
    const moved: string[] = [];
    for (const width of [390, 768, 1024, 1280, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      await saved.waitFor();
      // Where the text field sits each time the status changes, taken in the page as the change happens.
      await page.evaluate(`(() => {
        const status = document.querySelector('.sync');
        const field = document.querySelector('#post-text');
        const at = () => Math.round(field.getBoundingClientRect().top + window.scrollY);
        window.__fieldAt = [{ status: status.textContent, top: at() }];
        window.__statusWatch?.disconnect();
        window.__statusWatch = new MutationObserver(() => window.__fieldAt.push({ status: status.textContent, top: at() }));
        window.__statusWatch.observe(status, { subtree: true, childList: true, characterData: true });
      })()`);
      await editor.press('End');
      await editor.pressSequentially(`Steady at ${width} px.`);
      await expect.poll(async () => (await stored(studio, openDraftId(page))).content).toMatch(/px\.$/);
      await saved.waitFor();
      const seen = (await page.evaluate('window.__fieldAt')) as Array<{ status: string; top: number }>;
      expect(seen.map((s) => s.status)).toEqual(expect.arrayContaining(['Saved', 'Unsaved changes']));
      const first = seen[0]?.top;
      for (const { status, top } of seen)
        if (top !== first) moved.push(`${width} px: ${first} → ${top} while "${status}"`);
    }
    expect(moved).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
