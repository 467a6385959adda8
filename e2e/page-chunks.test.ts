// Each dashboard page is its own chunk, loaded on the first visit. A chunk that cannot be fetched (the
// server restarted with a new build, the connection dropped) says so where the page would be, with a way
// to try again, instead of leaving the page blank; once it can be fetched the page opens. How often the
// browser itself asks again after a reset is its own business (Chromium 156.0.8078.108 asks twice): the
// test holds what the user sees and what reached the server.
import { describe, expect, it } from 'vitest';
import { startStudio } from './support/studio.js';

const studio = startStudio();

describe('page chunks', () => {
  it('a page whose chunk fails says so and opens after Reload', { timeout: 60_000 }, async () => {
    const page = studio.page;
    const asked: string[] = [];
    await page.route('**/assets/page-analytics-*.js', async (route) => {
      asked.push(route.request().url());
      await route.abort('connectionreset');
    });
    const served: Array<{ url: string; status: number }> = [];
    page.on('response', (response) => {
      if (/\/assets\/page-analytics-[^/]+\.js$/.test(response.url()))
        served.push({ url: response.url(), status: response.status() });
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(/This page could not be loaded/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/analytics');
    // The page did ask for its chunk, and nothing of it reached the page.
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(asked).size).toBe(1);
    expect(served).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Analytics', level: 1 }).count()).toBe(0);

    await page.unroute('**/assets/page-analytics-*.js');
    await alert.getByRole('link', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await page.getByText(/This page could not be loaded/).count()).toBe(0);
    // The same chunk, now served by the server.
    expect(served.map((r) => [r.url, r.status])).toContainEqual([asked[0], 200]);
  });
});
