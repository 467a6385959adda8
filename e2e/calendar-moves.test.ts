// The calendar moving posts a loop queued (posting jobs with no draft) in a real browser against the built
// server, in America/New_York across the March 2027 DST change: a mouse drag to another day and a keyboard move
// are each one reschedule request and keep the local time of day; a finger drags one too (touch events through
// the DevTools protocol in a touch-screen context). A post scheduled through compose is its draft on the calendar
// and moves by the draft's schedule.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser, twoFrames } from './support/browser.js';
import { drag, setSchedule, storedTime } from './support/calendar.js';
import { loopJob, moveRequests, storedJobTime, touchDrag } from './support/calendar-moves.js';
import { call, PASSPHRASE, startStudio } from './support/studio.js';

const studio = startStudio();
const ZONE = 'America/New_York';
const MARCH = '/calendar?view=month&date=2027-03-01';

describe('Calendar: moving queued posting jobs', () => {
  let page: Page;
  beforeAll(async () => {
    page = studio.page;
    await setSchedule(studio, { 'schedule.timezone': ZONE, 'schedule.preferred_times': ['09:30', '17:00'] });
  });

  it("a mouse drag moves a loop's post to another day at the same local time, in one request", {
    timeout: 40_000,
  }, async () => {
    // Friday 12 March 09:30 EST (UTC-5).
    const id = await loopJob(studio, 'Loop post to move', '2027-03-12T14:30:00.000Z');
    await page.goto(`${studio.server.url}${MARCH}`);
    const friday = page.getByRole('group', { name: 'Friday 12 March' });
    await friday.getByText('Loop post to move').waitFor();
    const sent = moveRequests(page);
    const handle = page.getByRole('button', {
      name: /^Move "Loop post to move" \(queued Friday 12 March 09:30\)/,
    });
    await drag(page, handle, page.getByRole('group', { name: 'Friday 19 March' }));
    // 09:30 EDT (UTC-4) after the change.
    await expect.poll(() => storedJobTime(studio, id), { timeout: 10_000 }).toBe('2027-03-19T13:30:00.000Z');
    await page.getByRole('group', { name: 'Friday 19 March' }).getByText('Loop post to move').waitFor();
    await page.getByRole('status').filter({ hasText: 'Moved "Loop post to move"' }).first().waitFor();
    expect(sent).toEqual([
      { path: `/api/posting/jobs/${id}/reschedule`, body: { scheduled_for: '2027-03-19T09:30' } },
    ]);
  });

  it('the keyboard moves one too: Space picks up, an arrow goes a day on, Space drops', {
    timeout: 40_000,
  }, async () => {
    const id = await loopJob(studio, 'Loop post by keys', '2027-03-16T13:30:00.000Z');
    await page.goto(`${studio.server.url}${MARCH}`);
    const sent = moveRequests(page);
    const heard = async (text: string) => {
      await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
      await twoFrames(page);
    };
    await page.getByRole('button', { name: /^Move "Loop post by keys"/ }).focus();
    await page.keyboard.press('Space');
    await heard('Picked up "Loop post by keys"');
    await page.keyboard.press('ArrowRight');
    await heard('Over Wednesday 17 March.');
    await page.keyboard.press('Space');
    await heard('Moved "Loop post by keys"');
    await expect.poll(() => storedJobTime(studio, id), { timeout: 10_000 }).toBe('2027-03-17T13:30:00.000Z');
    expect(sent).toEqual([
      { path: `/api/posting/jobs/${id}/reschedule`, body: { scheduled_for: '2027-03-17T09:30' } },
    ]);
  });

  it('a post scheduled through compose (shown as its draft) drags in one request; its new job is at the same local time', {
    timeout: 40_000,
  }, async () => {
    const made = await call(studio, 'POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'Composed post to move',
      scheduled_for: '2027-03-11T17:00',
    });
    expect(made.status).toBe(202);
    const { draft_id } = (await made.json()) as { draft_id: number };
    await page.goto(`${studio.server.url}${MARCH}`);
    const sent = moveRequests(page);
    const handle = page.getByRole('button', { name: /^Move "Composed post to move"/ });
    await drag(page, handle, page.getByRole('group', { name: 'Monday 15 March' }));
    await expect
      .poll(() => storedTime(studio, draft_id), { timeout: 10_000 })
      .toBe('2027-03-15T21:00:00.000Z');
    expect(sent).toEqual([
      { path: `/api/content/drafts/${draft_id}/schedule`, body: { scheduled_for: '2027-03-15T17:00' } },
    ]);
    const draft = (await (await call(studio, 'GET', `/api/content/drafts/${draft_id}`)).json()) as {
      job_id: number;
    };
    expect(await storedJobTime(studio, draft.job_id)).toBe('2027-03-15T21:00:00.000Z');
  });

  describe('on a touch screen', () => {
    let touch: Browser;
    let phone: Page;
    beforeAll(async () => {
      touch = await openBrowser({
        hasTouch: true,
        viewport: { width: 1024, height: 800 },
        clock: studio.clock,
      });
      phone = await touch.context.newPage();
      await phone.goto(`${studio.server.url}${MARCH}`);
      await phone.getByLabel('Passphrase').fill(PASSPHRASE);
      await phone.getByRole('button', { name: 'Sign in' }).click();
      await phone.getByRole('heading', { name: 'March 2027' }).waitFor();
    }, 40_000);
    afterAll(() => touch?.close());

    it('a finger drags a post to another day, one request, the same local time', {
      timeout: 40_000,
    }, async () => {
      // Wednesday 10 March 17:00 EST → Thursday 18 March 17:00 EDT.
      const id = await loopJob(studio, 'Loop post by finger', '2027-03-10T22:00:00.000Z');
      await phone.goto(`${studio.server.url}${MARCH}`);
      await phone
        .getByRole('group', { name: 'Wednesday 10 March' })
        .getByText('Loop post by finger')
        .waitFor();
      expect(await phone.evaluate("matchMedia('(pointer: coarse)').matches")).toBe(true);
      const sent = moveRequests(phone);
      const handle = phone.getByRole('button', { name: /^Move "Loop post by finger"/ });
      await touchDrag(phone, handle, phone.getByRole('group', { name: 'Thursday 18 March' }));
      await expect
        .poll(() => storedJobTime(studio, id), { timeout: 10_000 })
        .toBe('2027-03-18T21:00:00.000Z');
      await phone
        .getByRole('group', { name: 'Thursday 18 March' })
        .getByText('Loop post by finger')
        .waitFor();
      expect(sent).toEqual([
        { path: `/api/posting/jobs/${id}/reschedule`, body: { scheduled_for: '2027-03-18T17:00' } },
      ]);
    });
  });
});
