// The home page against the built server with its loops running, the fake platform and a real database:
// what the user sees for today — the next scheduled post (in the account's timezone, labelled), approvals
// waiting, today's use of each cap, the loops and why some are paused, the follower count the analytics
// loop took, the loops that need attention with what to do — and "New draft" one key away.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openDraftId, startStudio, stored } from './support/studio.js';

const studio = startStudio({ loops: true });
let page: Page;

beforeAll(async () => {
  page = studio.page;
  // One post out now (the daily cap shows it), one scheduled for later, then approval mode: one waits.
  const posted = await call(studio, 'POST', '/api/content/compose', {
    content_type: 'tweet',
    content: 'Out today.',
  });
  expect(posted.status).toBe(202);
  const draft = (await (
    await call(studio, 'POST', '/api/content/drafts', { content: 'Tomorrow morning post' })
  ).json()) as { id: number };
  const scheduled = await call(studio, 'POST', `/api/content/drafts/${draft.id}/schedule`, {
    scheduled_for: '2031-05-06T09:30:00',
  });
  expect(scheduled.status).toBe(202);
  expect((await call(studio, 'PATCH', '/api/settings', { set: { approval_mode: true } })).status).toBe(200);
  const queued = await call(studio, 'POST', '/api/content/compose', {
    content_type: 'tweet',
    content: 'Wait for me.',
  });
  expect(queued.status).toBe(202);
}, 60_000);

describe('home page', () => {
  it('shows today at a glance from what the server holds', async () => {
    const accountsRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts');
    await page.goto(studio.server.url);
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Home' })
        .getAttribute('aria-current'),
    ).toBe('page');
    // One account: the header has no account switcher (the dashboard it always had).
    await accountsRead;
    await page.evaluate('new Promise((done) => requestAnimationFrame(done))');
    expect(await page.getByRole('combobox', { name: 'Account' }).count()).toBe(0);

    const next = page.getByRole('region', { name: 'Next scheduled posts' });
    await next.getByRole('link', { name: 'Tomorrow morning post' }).waitFor();
    // 09:30 in the account's timezone (UTC here), labelled on the page.
    const item = next.getByRole('listitem').filter({ hasText: 'Tomorrow morning post' });
    expect(await item.locator('time').getAttribute('datetime')).toBe('2031-05-06T09:30:00.000Z');
    expect(await page.getByText('(UTC)').count()).toBeGreaterThan(0);

    const approvals = page.getByRole('region', { name: 'Approvals' });
    await approvals.getByRole('link', { name: '1 pending' }).waitFor();
    // Queued elsewhere while the page is open: the count follows without a reload.
    const more = await call(studio, 'POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'Me too.',
    });
    expect(more.status).toBe(202);
    // Well inside the page's 30 s refresh: only the event stream can bring it this soon.
    await approvals.getByRole('link', { name: '2 pending' }).waitFor({ timeout: 10_000 });

    const usage = page.getByRole('region', { name: "Today's usage" });
    const posts = usage.getByRole('meter', { name: /Original posts and quotes today/ });
    await expect.poll(() => posts.getAttribute('value')).toBe('1');
    expect(await usage.getByText('1 of 6').count()).toBe(1);

    // The loops ran their first turn at start: analytics took the follower count from the platform.
    const me = studio.fake.state.users.get(studio.fake.state.userByUsername('app_owner')?.id ?? '');
    const followers = me ? studio.fake.state.userMetrics(me).followers_count : -1;
    await page
      .getByRole('region', { name: 'Followers' })
      .getByText(String(followers), { exact: true })
      .waitFor({ timeout: 20_000 });

    // Discovery has no keywords in this config: the loop says why it is paused, and what to do.
    const loops = page.getByRole('region', { name: 'Loops' });
    await loops.getByRole('row', { name: /discovery paused: no keywords/ }).waitFor();
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await attention.getByText(/Loop discovery/).waitFor();
    expect(await attention.getByText('Set what is missing in the config.').count()).toBeGreaterThan(0);
  }, 60_000);

  it('N starts a new server draft and opens it in Draft Studio; not while typing', async () => {
    await page.goto(studio.server.url);
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    await page.keyboard.press('n');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/drafts');
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    expect(await stored(studio, openDraftId(page))).toMatchObject({ content: '' });
  });
});
