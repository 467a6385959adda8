// An expired session on any page of the dashboard: the next request meets the sign-in page, and signing in
// again brings the user back to the same page with the same filters in the URL (built server, fake
// platform; `app passphrase` signs every session out, as on a real machine).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runApp } from '../test/support/run-app.js';
import { startStudio } from './support/studio.js';

const studio = startStudio();

/** Signs every session out; answers the new passphrase. */
async function expireSessions(): Promise<string> {
  const reset = await runApp(['passphrase'], { env: studio.home.env });
  const passphrase = /shown once, keep it safe\): (\S+)/.exec(reset.stdout)?.[1] ?? '';
  expect(passphrase).not.toBe('');
  return passphrase;
}

async function signIn(page: Page, passphrase: string) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Passphrase').fill(passphrase);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('an expired session on any page', () => {
  const pages: Array<[url: string, heading: RegExp]> = [
    ['/', /^Today$/],
    ['/analytics?days=90', /Analytics/],
    ['/activity', /Activity/],
    ['/discovery', /Discovery/],
    ['/approvals', /Approvals/],
  ];
  for (const [url, heading] of pages) {
    it(`${url}: sign in again, back on the same page with the same URL`, async () => {
      const page = studio.page;
      await page.goto(`${studio.server.url}${url}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      const passphrase = await expireSessions();
      await page.reload();
      await signIn(page, passphrase);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      const now = new URL(page.url());
      expect(now.pathname + now.search).toBe(url);
    }, 45_000);
  }
});
