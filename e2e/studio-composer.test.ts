// Draft Studio gets out of the way: every way of starting a draft (the top bar's button, N, the chord, a
// calendar day's +) opens it with the caret in the editor, so typing right away writes the post; Improve
// and its tone cue work on the thread card last focused, and its answer goes back to that card only.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newDraft, openDraftId, startStudio, stored, storedCards } from './support/studio.js';

const studio = startStudio();

/** Types without clicking anywhere first and answers what the server stored for the open draft. */
async function typeStraightAway(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('post-text');
  await page.keyboard.type(text);
  const id = openDraftId(page);
  await expect.poll(async () => (await stored(studio, id)).content).toBe(text);
  expect(await page.getByRole('textbox', { name: 'Post text' }).inputValue()).toBe(text);
}

describe('Draft Studio: the composer gets out of the way', () => {
  let page: Page;
  beforeAll(() => {
    page = studio.page;
  });

  it('New draft, N and Alt+Shift+D open a draft with the caret in the editor', async () => {
    await newDraft(page);
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('post-text');
    await typeStraightAway(page, 'typed at once');

    // N from the page (focus out of the text field first), then the chord from inside the editor.
    await page.getByRole('heading', { name: 'Draft Studio' }).click();
    const before = openDraftId(page);
    await page.keyboard.press('n');
    await expect.poll(() => openDraftId(page)).not.toBe(before);
    await typeStraightAway(page, 'from the N key');

    const third = openDraftId(page);
    await page.keyboard.press('Alt+Shift+D');
    await expect.poll(() => openDraftId(page)).not.toBe(third);
    await typeStraightAway(page, 'from the chord');
    // The N typed inside the editor was text, not a new draft.
    expect((await stored(studio, third)).content).toBe('from the N key');

    // Opening an existing draft by its link does not take the focus.
    await page.goto(`${studio.server.url}/drafts?id=${third}`);
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    expect(await page.evaluate('document.activeElement?.tagName')).toBe('BODY');
  });

  it("a calendar day's + opens the planned draft with the caret in it", async () => {
    await page.goto(`${studio.server.url}/calendar`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await page
      .getByRole('button', { name: /^New post on .* \(next free slot\)$/ })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/drafts');
    await expect.poll(() => openDraftId(page)).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('post-text');
    await typeStraightAway(page, 'planned and written');
  });

  it('Improve and the tone cue rewrite the focused thread card only; Undo puts that card back', async () => {
    const configured = await call(studio, 'PATCH', '/api/settings', {
      set: { 'llm.provider': 'openai', 'llm.api_key': 'sk-test', 'llm.base_url': studio.llm.openaiBaseUrl },
    });
    expect(configured.status).toBe(200);
    const made = await call(studio, 'POST', '/api/content/drafts', {
      content_type: 'thread',
      blocks: [
        { id: 'a', text: 'first card stays', media_paths: [] },
        { id: 'b', text: 'we fixed the queue', media_paths: [] },
        { id: 'c', text: 'third card stays', media_paths: [] },
      ],
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { id: number }).id;
    await page.goto(`${studio.server.url}/drafts?id=${id}`);
    await page.getByRole('textbox', { name: 'Post 1 of 3' }).waitFor();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    if (!(await inspector.isVisible())) await page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.getByText('Improve rewrites post 1 of 3.').waitFor();

    await page.getByRole('textbox', { name: 'Post 2 of 3' }).focus();
    await inspector.getByText('Improve rewrites post 2 of 3.').waitFor();
    await inspector.getByRole('combobox', { name: 'Tone cue' }).fill('more concrete');
    studio.llm.reset();
    studio.llm.script.reply('The queue drains in 40 ms now.');
    await inspector.getByRole('button', { name: 'Improve', exact: true }).click();
    await expect
      .poll(() => storedCards(studio, id))
      .toEqual(['first card stays', 'The queue drains in 40 ms now.', 'third card stays']);
    expect(studio.llm.calls[0]?.messages.at(-1)?.content).toContain('we fixed the queue');
    expect(studio.llm.calls[0]?.messages.at(-1)?.content).not.toContain('first card stays');
    expect(studio.llm.calls[0]?.system).toContain('Tone directive (MUST follow): more concrete');
    expect(await page.getByRole('textbox', { name: 'Post 2 of 3' }).inputValue()).toBe(
      'The queue drains in 40 ms now.',
    );

    // The caret moves to card 3; Undo still restores card 2, the card the answer went to.
    await page.getByRole('textbox', { name: 'Post 3 of 3' }).focus();
    await inspector.getByRole('button', { name: 'Undo improve' }).click();
    await expect
      .poll(() => storedCards(studio, id))
      .toEqual(['first card stays', 'we fixed the queue', 'third card stays']);

    // Ctrl+J from inside card 3 improves card 3.
    studio.llm.script.reply('Third, said plainly.');
    await page.getByRole('textbox', { name: 'Post 3 of 3' }).focus();
    await page.keyboard.press('Control+J');
    await expect
      .poll(() => storedCards(studio, id))
      .toEqual(['first card stays', 'we fixed the queue', 'Third, said plainly.']);
  });
});
