// The home page, the calendar and the analytics page at the instants where "today" is easy to get wrong
// (test/support/instants.ts), each world on its own clock with the account in its timezone and the browser in
// another zone on another date: the page must take today from the account, never from the browser or UTC.
// Rows just either side of the local midnight that starts the day, the Monday that starts the week and the
// 1st that starts the month are seeded as the service would write them.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/infra/sqlite/open-database.js';
import { analyticsSeed } from '../test/support/analytics-seed.js';
import { INSTANTS, type Instant } from '../test/support/instants.js';
import { drag, scheduledDraft, storedTime } from './support/calendar.js';
import { moveRequests } from './support/calendar-moves.js';
import { type Studio, startStudio } from './support/studio.js';

const FOLLOWERS = 1000;

/** A local date moved by whole days (date arithmetic only: no clock, no zone). */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

async function seedDayEdges(studio: Studio, instant: Instant): Promise<void> {
  const database = openDatabase({ path: `${studio.home.dir}/app.db`, migrate: false });
  try {
    const seed = analyticsSeed(database);
    await seed.post('tweet', 'early-today', instant.todayEarly, { text: 'Early today' });
    await seed.post('tweet', 'late-yesterday', instant.yesterdayLate, { text: 'Late yesterday' });
    await seed.post('thread_card', 'early-this-week', instant.weekEarly, { thread_position: 0 });
    await seed.post('thread_card', 'late-last-week', instant.lastWeekLate, { thread_position: 0 });
    await seed.metrics('late-yesterday', { impressions: 1000, likes: 30 });
    await seed.metrics('early-today', { impressions: 1000, likes: 3 });
    const today = instant.today.date;
    await seed.snapshot(addDays(today, -8), FOLLOWERS - 50);
    await seed.snapshot(addDays(today, -7), FOLLOWERS - 40);
    await seed.snapshot(instant.yesterday.date, FOLLOWERS - 5);
    await seed.snapshot(today, FOLLOWERS);
    await seed.apiCall('GET', '/2/tweets/search/recent', instant.monthEarly);
    await seed.apiCall('GET', '/2/tweets/search/recent', instant.lastMonthLate);
  } finally {
    await database.close();
  }
}

describe.each(INSTANTS)('at $name', (instant) => {
  const studio = startStudio({
    at: instant.at,
    timezoneId: instant.browserZone,
    config: ['[schedule]', `timezone = "${instant.zone}"`, 'preferred_times = ["09:30", "17:00"]'],
  });
  let page: Page;
  let post: number;
  beforeAll(async () => {
    page = studio.page;
    await seedDayEdges(studio, instant);
    post = await scheduledDraft(studio, 'Tomorrow at five', `${instant.tomorrow.date}T17:00`);
  }, 30_000);

  it("home: today's date, the next post, today's and this week's caps, and the change since yesterday", async () => {
    await page.goto(studio.server.url);
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    await page.getByText(`${instant.today.long} (${instant.zone})`).waitFor();
    const next = page.getByRole('region', { name: 'Next scheduled posts' });
    const item = next.getByRole('listitem').filter({ hasText: 'Tomorrow at five' });
    await item.waitFor();
    expect(await item.locator('time').getAttribute('datetime')).toBe(instant.tomorrow17);
    const usage = page.getByRole('region', { name: "Today's usage" });
    // One post either side of local midnight: only today's counts; one thread either side of the Monday.
    await expect
      .poll(() => usage.getByRole('meter', { name: /Original posts and quotes today/ }).getAttribute('value'))
      .toBe('1');
    expect(await usage.getByRole('meter', { name: /Threads started this week/ }).getAttribute('value')).toBe(
      '1',
    );
    await page
      .getByRole('region', { name: 'Followers' })
      .getByText(`${FOLLOWERS} followers, +5 since yesterday`)
      .waitFor();
  });

  it("calendar: today's month, week and cell, the free slots still ahead, and drops refused before now", {
    timeout: 60_000,
  }, async () => {
    await page.goto(`${studio.server.url}/calendar`);
    await page.getByRole('heading', { name: instant.month }).waitFor();
    const today = page.getByRole('group', { name: instant.today.name });
    await today.waitFor();
    expect(await today.locator('[aria-current="date"]').count()).toBe(1);
    expect(await page.locator('[aria-current="date"]').count()).toBe(1);
    await today
      .getByRole('button', {
        name: instant.nextFreeToday
          ? `New post on ${instant.today.name} at ${instant.nextFreeToday} (next free slot)`
          : `New draft for ${instant.today.name} (no free slot left)`,
        exact: true,
      })
      .waitFor();
    const yesterday = page.getByRole('group', { name: instant.yesterday.name });
    expect(await yesterday.getByRole('button', { name: /^New (post|draft)/ }).count()).toBe(0);
    const tomorrow = page.getByRole('group', { name: instant.tomorrow.name });
    await tomorrow
      .getByRole('button', { name: `New post on ${instant.tomorrow.name} at 09:30 (next free slot)` })
      .waitFor();
    await tomorrow.getByRole('link', { name: /^17:00 Tomorrow at five/ }).waitFor();

    // Yesterday refuses; today takes it at 17:00 when that is still ahead.
    const sent = moveRequests(page);
    const handle = page.getByRole('button', { name: /^Move "Tomorrow at five"/ });
    await drag(page, handle, yesterday);
    const refusal = (name: string) =>
      `Not moved: ${name} at 17:00 (${instant.zone}) is in the past. Pick a later day or time; nothing was sent.`;
    await page
      .getByRole('alert')
      .filter({ hasText: refusal(instant.yesterday.name) })
      .waitFor();
    expect(sent).toEqual([]);
    await drag(page, handle, today);
    if (Date.parse(instant.today17) > Date.parse(instant.at)) {
      await expect.poll(() => storedTime(studio, post), { timeout: 10_000 }).toBe(instant.today17);
      await expect
        .poll(() => sent)
        .toEqual([
          {
            path: `/api/content/drafts/${post}/schedule`,
            body: { scheduled_for: `${instant.today.date}T17:00` },
          },
        ]);
    } else {
      await page
        .getByRole('alert')
        .filter({ hasText: refusal(instant.today.name) })
        .waitFor();
      expect(sent).toEqual([]);
      expect(await storedTime(studio, post)).toBe(instant.tomorrow17);
    }

    await page.getByRole('button', { name: 'Week' }).click();
    await page.getByRole('heading', { name: instant.week }).waitFor();
    // The week's days once its items are read (the heading comes first).
    await page.getByRole('group', { name: instant.today.name }).waitFor();
    expect(await page.getByRole('group', { name: instant.today.name }).count()).toBe(1);
  });

  it("analytics: the 7-day follower change from the local date a week ago, the best slot in the account's zone, this month's calls", async () => {
    await page.goto(`${studio.server.url}/analytics?days=7`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const section = (name: string) => page.getByRole('region', { name });
    // The snapshot of the local date seven days ago starts the window; the one before it does not.
    await expect
      .poll(() => section('Followers').locator('figcaption').textContent())
      .toBe(`${FOLLOWERS.toLocaleString('en-US')} followers, +40 (+4.17 %) over the last 7 days.`);
    await section('Followers').getByText('Daily numbers').click();
    await expect.poll(() => section('Followers').getByRole('row').count()).toBe(1 + 3);
    // 30 likes on 1,000 impressions at 23:50 yesterday, local.
    await expect
      .poll(() =>
        section('Best times')
          .getByText(/^Best slot:/)
          .textContent(),
      )
      .toBe(`Best slot: ${instant.yesterday.weekday} 23:00, average score 90 from 1 post (${instant.zone}).`);
    // One call either side of the local midnight that began the month: only this month's counts.
    const calls = section('Platform API this month').getByRole('row', {
      name: /\/2\/tweets\/search\/recent/,
    });
    await calls.waitFor();
    expect(await calls.getByRole('cell').first().textContent()).toBe('1');
  });
});
