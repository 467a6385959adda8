// The browser benchmarks' start: a fresh service's first-run page, the passphrase set there, Draft Studio open.
import type { Page } from 'playwright-core';

export async function setPassphraseInPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Passphrase').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await page.getByRole('heading', { name: 'Draft Studio' }).waitFor();
}
