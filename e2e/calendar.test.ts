// The calendar in a real browser against the built server, in America/New_York: posts on their local day and time
// on both sides of the March 2027 DST change; a mouse drag to another day keeps the time of day and is one request;
// a keyboard move; a click opens Draft Studio; the view and date live in the URL; a day's "+" opens a new draft
// planned for its next free slot. Where a drop lands (or is refused) is calendar-drops.test.ts.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoFrames } from './support/browser.js';
import { drag, scheduledDraft, scheduleRequests, setSchedule, storedTime } from './support/calendar.js';
import { call, startStudio } from './support/studio.js';

const studio = startStudio();
const ZONE = 'America/New_York';

describe('Calendar', () => {
  let page: Page;
  let before: number;
  let after: number;
  beforeAll(async () => {
    page = studio.page;
    await setSchedule(studio, { 'schedule.timezone': ZONE, 'schedule.preferred_times': ['09:30', '17:00'] });
    // DST starts in New York on Sunday 14 March 2027: 09:30 is 14:30 UTC before it and 13:30 UTC after.
    before = await scheduledDraft(studio, 'Before the change', '2027-03-12T09:30');
    after = await scheduledDraft(studio, 'After the change', '2027-03-16T09:30');
  });

  it('shows each post on its local day at its local time on both sides of a DST change, the zone labelled', async () => {
    await page.goto(`${studio.server.url}/calendar?view=month&date=2027-03-01`);
    await page.getByRole('heading', { name: 'March 2027' }).waitFor();
    await page.getByText(`Times in ${ZONE}`).waitFor();
    const friday = page.getByRole('group', { name: 'Friday 12 March' });
    await friday.getByRole('link', { name: /^09:30 Before the change · scheduled/ }).waitFor();
    const tuesday = page.getByRole('group', { name: 'Tuesday 16 March' });
    await tuesday.getByRole('link', { name: /^09:30 After the change · scheduled/ }).waitFor();
    expect(await storedTime(studio, before)).toBe('2027-03-12T14:30:00.000Z');
    expect(await storedTime(studio, after)).toBe('2027-03-16T13:30:00.000Z');
  });

  it('a mouse drag to another day keeps the time of day across the DST change, in one request', {
    timeout: 40_000,
  }, async () => {
    await page.goto(`${studio.server.url}/calendar?view=month&date=2027-03-01`);
    const sent = scheduleRequests(page);
    const handle = page.getByRole('button', { name: /^Move "Before the change"/ });
    await drag(page, handle, page.getByRole('group', { name: 'Friday 19 March' }));
    await expect.poll(() => storedTime(studio, before), { timeout: 10_000 }).toBe('2027-03-19T13:30:00.000Z');
    await page
      .getByRole('group', { name: 'Friday 19 March' })
      .getByRole('link', { name: /^09:30 Before the change/ })
      .waitFor();
    await page.getByRole('status').filter({ hasText: 'Moved "Before the change"' }).first().waitFor();
    expect(sent).toEqual([
      { path: `/api/content/drafts/${before}/schedule`, body: { scheduled_for: '2027-03-19T09:30' } },
    ]);
  });

  it('moves with the keyboard: Space picks up, an arrow goes a day on, Space drops', {
    timeout: 40_000,
  }, async () => {
    await page.goto(`${studio.server.url}/calendar?view=month&date=2027-03-01`);
    const sent = scheduleRequests(page);
    const heard = async (text: string) => {
      await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
      await twoFrames(page);
    };
    const grip = page.getByRole('button', { name: /^Move "After the change"/ });
    await grip.focus();
    await page.keyboard.press('Space');
    await heard('Picked up "After the change"');
    await page.keyboard.press('ArrowRight');
    await heard('Over Wednesday 17 March.');
    await page.keyboard.press('Space');
    await heard('Moved "After the change"');
    await expect.poll(() => storedTime(studio, after), { timeout: 10_000 }).toBe('2027-03-17T13:30:00.000Z');
    expect(sent).toEqual([
      { path: `/api/content/drafts/${after}/schedule`, body: { scheduled_for: '2027-03-17T09:30' } },
    ]);
  });

  it('the view and date live in the URL; the week shows the slots; a click opens Draft Studio', {
    timeout: 40_000,
  }, async () => {
    await page.goto(`${studio.server.url}/calendar?view=month&date=2027-03-01`);
    await page.getByRole('button', { name: 'Week' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?view=week&date=2027-03-01');
    await page.getByRole('heading', { name: 'Week of Mon 1 Mar' }).waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe('2027-03-15');
    await page.reload();
    const wednesday = page.getByRole('group', { name: 'Wednesday 17 March' });
    // The 09:30 slot is taken by the post moved there; 17:00 is free.
    await wednesday.getByText('09:30 slot · taken').waitFor();
    await wednesday
      .getByRole('button', { name: 'New post on Wednesday 17 March at 17:00', exact: true })
      .waitFor();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe('2027-03-08');
    await page.goForward();

    await wednesday.getByRole('link', { name: /After the change/ }).click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe(`/drafts?id=${after}`);
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Post text' }).inputValue()).toBe('After the change');
  });

  it("a day's + opens a new server draft in Draft Studio, planned for that day's next free slot", async () => {
    await page.goto(`${studio.server.url}/calendar?view=month&date=2027-03-01`);
    await page
      .getByRole('group', { name: 'Thursday 18 March' })
      .getByRole('button', { name: 'New post on Thursday 18 March at 09:30 (next free slot)' })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('at')).toBe('2027-03-18T09:30');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByRole('textbox', { name: 'Post text' }).waitFor();
    const draft = (await (await call(studio, 'GET', `/api/content/drafts/${id}`)).json()) as {
      notes: string;
    };
    expect(draft.notes).toContain(`Thursday 18 March at 09:30 ${ZONE}`);
    // The schedule form starts at that slot: writing and scheduling take no more than that.
    await page.getByRole('textbox', { name: 'Post text' }).fill('Planned from the calendar');
    const publish = page.getByRole('region', { name: 'Publish' });
    expect(await publish.getByLabel(/Schedule for/).inputValue()).toBe('2027-03-18T09:30');
    await publish.getByRole('button', { name: 'Schedule' }).click();
    await expect
      .poll(
        async () =>
          (
            (await (await call(studio, 'GET', `/api/content/drafts/${id}`)).json()) as {
              scheduled_for: string | null;
            }
          ).scheduled_for,
      )
      .toBe('2027-03-18T13:30:00.000Z');
  });
});
