// The Settings page never points a stored secret somewhere new: changing the LLM endpoint without typing a
// key says, before the save, that the stored key is only sent to its own endpoint and that saving removes
// it; the save sends the endpoint and the removal in one PATCH; a listener on the new endpoint never sees
// the stored key. A key typed with the new endpoint goes with it, and no note is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaptureListener, startCaptureListener } from '../test/support/capture-listener.js';
import { openSettings, serverSettings, settingsPatches } from './support/settings.js';
import { call, startStudio } from './support/studio.js';

const KEY = 'sk-stored-in-settings-3131';
const studio = startStudio();
let other: CaptureListener;

beforeAll(async () => {
  other = await startCaptureListener();
  const set = { 'llm.provider': 'openai', 'llm.api_key': KEY, 'llm.base_url': studio.llm.openaiBaseUrl };
  expect((await call(studio, 'PATCH', '/api/settings', { set })).status).toBe(200);
});
afterAll(() => other?.close());

describe('Settings and a stored secret', () => {
  it('a new LLM endpoint without a key: the page says the key stays behind, and the save removes it', {
    timeout: 60_000,
  }, async () => {
    const page = studio.page;
    await openSettings(studio);
    const llm = page.getByRole('region', { name: 'LLM provider' });
    const sent = settingsPatches(page);
    const elsewhere = `${other.url}/v1`;
    await llm.getByLabel('Base url', { exact: true }).fill(elsewhere);
    const note = llm.getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      `The LLM key is only ever sent to ${new URL(studio.llm.url).origin}, and this change points it at ${other.url}. Saving removes the stored one; type it for the new endpoint to keep one.`,
    );
    await llm.getByRole('button', { name: 'Save changes' }).click();
    await llm.getByRole('status').getByText('Saved llm.base_url.').waitFor();
    expect(sent).toEqual([{ set: { 'llm.base_url': elsewhere }, unset: ['llm.api_key'] }]);
    const settings = await serverSettings(studio);
    expect(settings.config.llm).toMatchObject({ base_url: elsewhere });
    expect(settings.config.llm.api_key ?? null).toBeNull();
    expect(other.saw(KEY)).toBe(false);

    // Back to the first endpoint with its key typed: it goes with it, and nothing is said.
    await llm.getByLabel('Base url', { exact: true }).fill(studio.llm.openaiBaseUrl);
    await llm.getByLabel('Api key', { exact: true }).fill(KEY);
    expect(await llm.getByRole('note').count()).toBe(0);
    await llm.getByRole('button', { name: 'Save changes' }).click();
    await llm
      .getByRole('status')
      .getByText(/^Saved /)
      .waitFor();
    expect(sent.at(-1)).toEqual({
      set: { 'llm.base_url': studio.llm.openaiBaseUrl, 'llm.api_key': KEY },
      unset: [],
    });
    expect(other.requests).toEqual([]);
  });
});
