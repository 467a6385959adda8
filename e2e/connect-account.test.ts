// Connect account from the Settings page (built server, fake platform): the platform's PKCE login in a
// popup replaces the stored login with one the platform issued for the user's app.
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startStudio } from './support/studio.js';

const studio = startStudio();

describe('Connect account in Settings', () => {
  it('Connect account from Settings: the platform login in a popup replaces the stored tokens', {
    timeout: 45_000,
  }, async () => {
    const page = await studio.browser.context.newPage();
    await page.goto(`${studio.server.url}/settings`);
    const account = page.getByRole('region', { name: 'Platform account' });
    const tokensPath = `${studio.home.dir}/tokens.json`;
    const before = JSON.parse(readFileSync(tokensPath, 'utf8')) as { access_token: string };
    await account.getByText(/Connected as @/).waitFor();
    // The user's app at the platform, with this dashboard's callback as its redirect address.
    studio.fake.state.registerClient({
      clientId: 'test-client',
      redirectUris: [`${studio.server.url}/api/auth/platform/callback`],
    });
    const popup = page.waitForEvent('popup');
    await account.getByRole('button', { name: 'Connect another account' }).click();
    await popup;
    const stored = () =>
      (JSON.parse(readFileSync(tokensPath, 'utf8')) as { access_token: string }).access_token;
    await expect.poll(stored, { timeout: 20_000 }).not.toBe(before.access_token);
    await account
      .getByRole('status')
      .getByText(/Connected as @/)
      .waitFor();
    const after = { access_token: stored() };
    expect(statSync(tokensPath).mode & 0o777).toBe(0o600);
    expect(studio.fake.state.auth.tokens.get(after.access_token)).toBeDefined();
    await page.close();
  });
});
