// Draft Studio's inspector in a real browser: open on desktop and persisted, a bottom drawer on mobile,
// the Voice section from the settings, AI improve with a tone cue (and with the inspector closed), and
// From Notes generating from an ingested note with its citation saved beside the text.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newDraft, openDraftId, patches, startStudio, stored } from './support/studio.js';

const studio = startStudio();

describe('Draft Studio: the inspector', () => {
  let page: Page;
  beforeAll(() => {
    page = studio.page;
  });

  it('inspector: open on desktop, Ctrl+I toggles and the choice survives a reload; Voice shows the settings; a drawer on mobile that Escape closes', async () => {
    const set = await fetch(`${studio.server.url}/api/settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${studio.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        set: {
          'business.brand_voice': 'dry and precise',
          'business.content_pillars': ['shipping', 'docs', 'tests', 'ops'],
        },
      }),
    });
    expect(set.status).toBe(200);
    await newDraft(page);
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
    const configured = await fetch(`${studio.server.url}/api/settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${studio.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        set: {
          'llm.provider': 'openai',
          'llm.api_key': 'sk-test',
          'llm.base_url': studio.llm.openaiBaseUrl,
        },
      }),
    });
    expect(configured.status).toBe(200);
    const id = await newDraft(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('we ship things');
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    if (!(await inspector.isVisible())) await page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.getByRole('combobox', { name: 'Tone cue' }).fill('more confident');

    studio.llm.reset();
    studio.llm.script.reply('Shipping beats polishing.');
    await inspector.getByRole('button', { name: 'Improve', exact: true }).click();
    await expect.poll(() => editor.inputValue()).toBe('Shipping beats polishing.');
    expect(studio.llm.calls[0]?.system).toContain('Tone directive (MUST follow): more confident');
    expect(studio.llm.calls[0]?.messages.at(-1)?.content).toContain('we ship things');
    await expect.poll(async () => (await stored(studio, id)).content).toBe('Shipping beats polishing.');
    expect(JSON.parse(String(await page.evaluate("localStorage.getItem('app:voice:saved-cues')")))).toEqual([
      'more confident',
    ]);
    await inspector.getByRole('button', { name: 'Undo improve' }).click();
    await expect.poll(async () => (await stored(studio, id)).content).toBe('we ship things');

    // Inspector closed: the shortcut still improves, in the account's voice.
    await editor.focus();
    await page.keyboard.press('Control+I');
    await inspector.waitFor({ state: 'hidden' });
    studio.llm.script.reply('Ship it, then say why.');
    await page.keyboard.press('Control+J');
    await expect.poll(() => editor.inputValue()).toBe('Ship it, then say why.');
    expect(studio.llm.calls.at(-1)?.system).toContain('dry and precise');
    await page.keyboard.press('Control+I');
  });

  it('From Notes: pick a note, generate, confirm the replacement (or cancel), the citation goes with the save; Undo', async () => {
    const ingested = await fetch(`${studio.server.url}/api/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${studio.token}`, 'content-type': 'application/json' },
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
    const id = openDraftId(page);
    const sent = patches(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('my own words');
    await expect.poll(async () => (await stored(studio, id)).content).toBe('my own words');
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('searchbox', { name: 'Search notes' }).fill('changelog');
    await inspector.getByRole('checkbox', { name: 'Changelog habits' }).check();

    studio.llm.script.reply('Changelogs written fresh are honest.', { times: 2 });
    await inspector.getByRole('button', { name: 'Generate from notes' }).click();
    const ask = inspector.getByRole('alert').filter({ hasText: 'Replace your text' });
    await ask.waitFor();
    expect(studio.llm.calls.at(-1)?.system).toContain('Write the changelog while the change is fresh.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await editor.inputValue()).toBe('my own words');

    await inspector.getByRole('button', { name: 'Generate from notes' }).click();
    await ask.getByRole('button', { name: 'Replace' }).click();
    await expect.poll(() => editor.inputValue()).toBe('Changelogs written fresh are honest.');
    await expect
      .poll(async () => (await stored(studio, id)).content)
      .toBe('Changelogs written fresh are honest.');
    const withProvenance = sent.find((p) => (p.body as { provenance?: unknown[] }).provenance?.length);
    expect(withProvenance?.body).toMatchObject({ provenance: [{ node_id: expect.any(Number) }] });

    await inspector.getByRole('button', { name: 'Undo replace' }).click();
    await expect.poll(async () => (await stored(studio, id)).content).toBe('my own words');
  });

  it('Escape cascade on a phone: palette, then the from-notes question, then the drawer, then focus mode', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    const id = await newDraft(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('my words stay');
    const topBar = page.getByRole('banner');
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const question = inspector.getByRole('alert').filter({ hasText: 'Replace your text' });

    await editor.focus();
    await page.keyboard.press('Control+Shift+F');
    await topBar.waitFor({ state: 'hidden' });
    if (!(await inspector.isVisible())) await page.keyboard.press('Control+I');
    await inspector.waitFor();
    await inspector.getByRole('searchbox', { name: 'Search notes' }).fill('changelog');
    await inspector.getByRole('checkbox', { name: 'Changelog habits' }).check();
    studio.llm.script.reply('A generated post.');
    await inspector.getByRole('button', { name: 'Generate from notes' }).click();
    await question.waitFor();
    await page.keyboard.press('Control+K');
    await palette.waitFor();

    const state = async () => ({
      palette: await palette.isVisible(),
      question: await question.isVisible(),
      drawer: await inspector.isVisible(),
      focusMode: !(await topBar.isVisible()),
    });
    await page.keyboard.press('Escape');
    await expect.poll(state).toEqual({ palette: false, question: true, drawer: true, focusMode: true });
    await page.keyboard.press('Escape');
    await expect.poll(state).toEqual({ palette: false, question: false, drawer: true, focusMode: true });
    await page.keyboard.press('Escape');
    await expect.poll(state).toEqual({ palette: false, question: false, drawer: false, focusMode: true });
    await page.keyboard.press('Escape');
    await expect.poll(state).toEqual({ palette: false, question: false, drawer: false, focusMode: false });
    // Cancelling the question kept the text.
    expect(await editor.inputValue()).toBe('my words stay');
    await expect.poll(async () => (await stored(studio, id)).content).toBe('my words stay');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  // Last in the file: the fake clock stays installed on the browser context.
  it('Undo after generating from notes lasts 10 seconds', async () => {
    await page.clock.install();
    await page.reload();
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('');
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    if (!(await inspector.isVisible())) await page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.getByRole('searchbox', { name: 'Search notes' }).fill('changelog');
    await inspector.getByRole('checkbox', { name: 'Changelog habits' }).check();
    studio.llm.script.reply('Fresh changelogs are honest changelogs.');
    // An empty editor takes the text without asking; Undo is offered.
    await inspector.getByRole('button', { name: 'Generate from notes' }).click();
    await expect.poll(() => editor.inputValue()).toBe('Fresh changelogs are honest changelogs.');
    const undo = inspector.getByRole('button', { name: 'Undo replace' });
    await undo.waitFor();
    await page.clock.runFor(9_000);
    expect(await undo.isVisible()).toBe(true);
    await page.clock.runFor(1_500);
    await undo.waitFor({ state: 'hidden' });
  });
});
