// The account switcher (issue 27 item 3): with two accounts the header offers them; choosing the other one
// keeps the page and shows that account's drafts only, and what the user then makes is stored under it
// (the X-App-Account header reached the server); switching back shows the default account's again.
import { describe, expect, it } from 'vitest';
import { call, startStudio } from './support/studio.js';

const studio = startStudio({ config: ['[accounts.work]', 'display_name = "Work account"'] });

async function draftFor(account: string | undefined, content: string): Promise<number> {
  const response = await fetch(`${studio.server.url}/api/content/drafts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${studio.token}`,
      'content-type': 'application/json',
      ...(account ? { 'x-app-account': account } : {}),
    },
    body: JSON.stringify({ content }),
  });
  if (response.status !== 201) throw new Error(`draft: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

describe('switching accounts', () => {
  it("keeps the page, shows the other account's drafts only, and stores what is made there under it", async () => {
    await draftFor(undefined, 'A draft of the default account');
    await draftFor('work', 'A draft of the work account');
    const { page } = studio;
    await page.goto(`${studio.server.url}/drafts`);
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    await rail.getByText('A draft of the default account').waitFor();
    expect(await rail.getByText('A draft of the work account').count()).toBe(0);

    const switcher = page.getByRole('combobox', { name: 'Account' });
    expect(await switcher.locator('option').allTextContents()).toEqual(['default', 'Work account']);
    await switcher.selectOption({ label: 'Work account' });
    await page.waitForURL(`${studio.server.url}/drafts`);
    await rail.getByText('A draft of the work account').waitFor();
    expect(await rail.getByText('A draft of the default account').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Account' }).inputValue()).toBe('work');

    // New draft on the work account: the row the server stored is the work account's.
    const made = page.waitForResponse(
      (response) => response.url().endsWith('/api/content/drafts') && response.request().method() === 'POST',
    );
    await page.getByRole('banner').getByRole('button', { name: 'New draft' }).click();
    const response = await made;
    expect(response.request().headers()['x-app-account']).toBe('work');
    const id = ((await response.json()) as { id: number }).id;
    const asDefault = await call(studio, 'GET', `/api/content/drafts/${id}`);
    expect(asDefault.status).toBe(404);

    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'default' });
    await page.waitForURL(`${studio.server.url}/drafts`);
    await rail.getByText('A draft of the default account').waitFor();
    expect(await rail.getByText('A draft of the work account').count()).toBe(0);
  });
});
