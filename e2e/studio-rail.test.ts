// Draft Studio's rail in a real browser: tabs with counts, search, the tag filter, the selected draft in
// the URL (back and forward follow it), and the draft actions: duplicate, archive, restore, and delete only
// after a confirmation dialog that gives focus back.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openDraftId, startStudio, stored } from './support/studio.js';

const studio = startStudio();

describe('Draft Studio: the rail', () => {
  let page: Page;
  beforeAll(() => {
    page = studio.page;
  });

  it('the rail: tabs with counts, search, tag filter; back and forward follow the URL', async () => {
    const made: number[] = [];
    for (const [content, tags] of [
      ['Ship small, write it down.', []],
      ['Release notes are a product', ['docs']],
      ['Gardening tips for spring', ['garden']],
    ] as const) {
      const response = await fetch(`${studio.server.url}/api/content/drafts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${studio.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content, tags }),
      });
      made.push(((await response.json()) as { id: number }).id);
    }
    await page.goto(`${studio.server.url}/drafts`);
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

    // Sort orders: oldest first, then newest first; the choice is in the URL.
    const sort = rail.getByRole('combobox', { name: 'Sort' });
    await sort.selectOption({ label: 'Oldest' });
    await expect
      .poll(() => rail.getByRole('link').allTextContents())
      .toEqual(['Ship small, write it down.', 'Release notes are a product', 'Gardening tips for spring']);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('created_asc');
    await sort.selectOption({ label: 'Newest' });
    await expect
      .poll(() => rail.getByRole('link').allTextContents())
      .toEqual(['Gardening tips for spring', 'Release notes are a product', 'Ship small, write it down.']);
    await sort.selectOption({ label: 'Recently edited' });

    await rail.getByRole('link', { name: 'Release notes are a product' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Post text' }).inputValue())
      .toBe('Release notes are a product');
    await rail.getByRole('link', { name: 'Gardening tips for spring' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Post text' }).inputValue())
      .toBe('Gardening tips for spring');
    await page.goBack();
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(made[1]));
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
    const original = openDraftId(page);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => openDraftId(page)).not.toBe(original);
    const copy = openDraftId(page);
    expect(await stored(studio, copy)).toMatchObject({ content: 'Gardening tips for spring' });
    await rail.getByRole('tab', { name: 'Active 4' }).waitFor();

    await page.getByRole('button', { name: 'Archive' }).click();
    await rail.getByRole('tab', { name: 'Archive 1' }).waitFor();
    expect(await stored(studio, copy)).toMatchObject({ group: 'archive' });
    await page.getByRole('button', { name: 'Restore' }).click();
    await rail.getByRole('tab', { name: 'Archive 0' }).waitFor();
    expect(await stored(studio, copy)).toMatchObject({ group: 'active' });

    const deleteButton = page.getByRole('button', { name: 'Delete' });
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this draft?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus goes back to what opened the dialog, and nothing was deleted.
    await expect.poll(() => deleteButton.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(await stored(studio, copy)).toMatchObject({ content: 'Gardening tips for spring' });

    await deleteButton.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete draft' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBeNull();
    const gone = await fetch(`${studio.server.url}/api/content/drafts/${copy}`, {
      headers: { authorization: `Bearer ${studio.token}` },
    });
    expect(gone.status).toBe(404);
    await rail.getByRole('tab', { name: 'Active 3' }).waitFor();
  });

  it('the new-draft shortcut creates a server draft and opens it; no request ever leaves this machine', async () => {
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    await page.goto(`${studio.server.url}/drafts`);
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    await rail.getByRole('tab', { name: /^Active \d+$/ }).waitFor();
    const before = await call(studio, 'GET', '/api/content/drafts?limit=1').then(
      (r) => r.json() as Promise<{ total: number }>,
    );
    await page.keyboard.press('Alt+Shift+D');
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    const id = openDraftId(page);
    expect(await stored(studio, id)).toMatchObject({ content: '' });
    const after = await call(studio, 'GET', '/api/content/drafts?limit=1').then(
      (r) => r.json() as Promise<{ total: number }>,
    );
    expect(after.total).toBe(before.total + 1);
    await page.getByRole('textbox', { name: 'Post text' }).fill('Only local requests');
    await expect.poll(async () => (await stored(studio, id)).content).toBe('Only local requests');
    expect([...hosts]).toEqual([new URL(studio.server.url).host]);
  });
});
