// Draft Studio's thread editor in a real browser: cards with their own counters and the card keys (reorder,
// split, merge, add, duplicate), drag and drop with the pointer and the keyboard (media follows its card),
// the command palette's fifteen actions and the alternate chords, focus mode and the Escape cascade, and
// the layout rules (composer 640/900 px; two panes from 768 px, stacked below).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../src/infra/sandbox/solid-png.js';
import { call, newDraft, savedStatus, startStudio, stored, storedCards } from './support/studio.js';

const studio = startStudio();

describe('Draft Studio: threads, the palette and the layout', () => {
  let page: Page;
  beforeAll(() => {
    page = studio.page;
  });

  it('thread mode: cards with their own counters; keys reorder, split, merge, add and duplicate; the server gets the cards in order', async () => {
    const id = await newDraft(page);
    const cardsOnServer = () => storedCards(studio, id);
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

  // A real drag on a loaded 2-core machine takes a few seconds: this one may take 40.
  it('drag and drop reorders cards with the pointer and with the keyboard; media goes with its card', {
    timeout: 40_000,
  }, async () => {
    const form = new FormData();
    form.set('file', new Blob([solidPng(40, 30)], { type: 'image/png' }), 'one.png');
    const uploaded = await fetch(`${studio.server.url}/api/media/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${studio.token}` },
      body: form,
    });
    const picture = ((await uploaded.json()) as { path: string }).path;
    const made = await call(studio, 'POST', '/api/content/drafts', {
      content_type: 'thread',
      blocks: [
        { id: 'a', text: 'one', media_paths: [picture] },
        { id: 'b', text: 'two', media_paths: [] },
        { id: 'c', text: 'three', media_paths: [] },
      ],
    });
    const id = ((await made.json()) as { id: number }).id;
    await page.goto(`${studio.server.url}/drafts?id=${id}`);
    const cards = async () =>
      [...((await stored(studio, id)).blocks ?? [])]
        .sort((a, b) => a.order - b.order)
        .map((b) => `${b.text}${b.media_paths?.length ? '+media' : ''}`);

    // Pointer: post 1's handle dropped below post 3.
    const handle = page.getByRole('button', { name: 'Drag post 1' });
    const target = page.getByRole('textbox', { name: 'Post 3 of 3' });
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('cards not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + to.height - from.y) * step) / 12);
    }
    await page.mouse.up();
    await expect.poll(cards, { timeout: 10_000 }).toEqual(['two', 'three', 'one+media']);
    await page.getByRole('textbox', { name: 'Post 3 of 3' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Post 3 of 3' }).inputValue()).toBe('one');

    // Keyboard: Space picks post 3 up, two ArrowUps move it to the top, Space drops it. Once the pointer
    // drop is saved (no save answer lands mid-drag); each step waits for what a screen reader hears, at
    // most 10 s, so a stall names its step.
    await savedStatus(page).waitFor({ timeout: 10_000 });
    // After each announcement, two frames: dnd-kit measures the cards after it renders the move and ignores
    // an arrow key until then (under load the next key could otherwise come first and be dropped).
    const heard = async (text: string) => {
      await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: 10_000 });
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    };
    const grip = page.getByRole('button', { name: 'Drag post 3' });
    await grip.focus();
    await expect.poll(() => grip.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await heard('Picked up post 3.');
    await page.keyboard.press('ArrowUp');
    await heard('Moving post 3 to position 2.');
    await page.keyboard.press('ArrowUp');
    await heard('Moving post 3 to position 1.');
    await page.keyboard.press('Space');
    await heard('Dropped post 3 at position 1.');
    await expect.poll(cards, { timeout: 10_000 }).toEqual(['one+media', 'two', 'three']);
    await page.getByRole('img', { name: 'Media 1 of post 1' }).waitFor();
  });

  it('command palette (Ctrl+K) runs catalog commands; alternate chords; focus mode and the Escape cascade', async () => {
    const id = await newDraft(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('One idea');

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    // Thread commands are not offered in post mode.
    await expect
      .poll(() => palette.getByRole('option').allTextContents())
      .not.toContainEqual(expect.stringContaining('Split post'));
    await expect.poll(() => palette.getByRole('option').count()).toBe(9);
    await palette.getByRole('combobox', { name: 'Command' }).fill('thread mo');
    await palette.getByRole('option', { name: /Thread mode/ }).waitFor();
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Post 1 of 2' }).waitFor();
    await expect.poll(async () => (await stored(studio, id)).content_type).toBe('thread');

    // In thread mode the palette offers the card commands, with their keys.
    await page.getByRole('textbox', { name: 'Post 1 of 2' }).focus();
    await page.keyboard.press('Control+K');
    // All fifteen actions in thread mode, each with its keys.
    await expect.poll(() => palette.getByRole('option').count()).toBe(15);
    await palette.getByRole('option', { name: /Move post down.*Alt\+↓/ }).waitFor();
    await palette.getByRole('option', { name: /Duplicate post.*Ctrl\+D/ }).click();
    await page.getByRole('textbox', { name: 'Post 2 of 3' }).waitFor();
    await expect
      .poll(async () => ((await stored(studio, id)).blocks ?? []).map((b) => b.text).sort())
      .toEqual(['', 'One idea', 'One idea']);

    // Card moves and revision history run from the palette too.
    await page.getByRole('textbox', { name: 'Post 1 of 3' }).focus();
    await page.keyboard.press('Control+K');
    await palette.getByRole('combobox', { name: 'Command' }).fill('move down');
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () => [...((await stored(studio, id)).blocks ?? [])].sort((a, b) => a.order - b.order)[1]?.text,
      )
      .toBe('One idea');
    const history = page.getByRole('region', { name: 'History' });
    expect(await history.isVisible()).toBe(false);
    await page.keyboard.press('Control+K');
    await palette.getByRole('option', { name: /revision history/ }).click();
    await history.waitFor();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await history.waitFor({ state: 'hidden' });

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
    await expect.poll(async () => (await stored(studio, id)).content_type).toBe('tweet');

    // Focus mode hides the rail and the top bar; Escape leaves it.
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    await page.keyboard.press('Control+Shift+F');
    await rail.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await rail.waitFor();
  });

  it('layout: the composer is 640 px wide, 900 px with the inspector; two panes from 768 px, stacked below', async () => {
    await newDraft(page);
    const editor = page.getByRole('region', { name: 'Editor' });
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    const text = page.getByRole('textbox', { name: 'Post text' });
    const preview = page.getByRole('region', { name: 'Preview' });
    await text.fill('Where does the preview go?');
    const box = async (locator: typeof editor) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error('not laid out');
      return found;
    };
    if (!(await inspector.isVisible())) await page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.waitFor();
    const [withEditor, withInspector] = [await box(editor), await box(inspector)];
    expect(withInspector.x + withInspector.width - withEditor.x).toBeCloseTo(900, 0);
    await page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.waitFor({ state: 'hidden' });
    expect((await box(editor)).width).toBeCloseTo(640, 0);

    // 768 px: editor and preview side by side.
    await page.setViewportSize({ width: 768, height: 900 });
    await expect
      .poll(async () => (await box(preview)).x >= (await box(text)).x + (await box(text)).width)
      .toBe(true);
    expect(Math.abs((await box(preview)).y - (await box(text)).y)).toBeLessThan(120);
    // 767 px: stacked, the preview below the text.
    await page.setViewportSize({ width: 767, height: 900 });
    await expect
      .poll(async () => (await box(preview)).y >= (await box(text)).y + (await box(text)).height)
      .toBe(true);
    expect((await box(preview)).x).toBeCloseTo((await box(text)).x, 0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
