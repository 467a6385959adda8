// Where a calendar drop lands, in a real browser against the built server, in America/New_York on a world
// standing at Wednesday 18 November 2026, 10:00 local: on the day under the pointer or nowhere. A past day (in
// the same row, the row above, or today at a time already gone) refuses with the reason and sends nothing, by
// pointer and by keys; a drop in the gutter between days or outside the window cancels; a day of the next
// month shown in the grid and a move across the month boundary land on that day at the same local time. Bad
// input: a drop onto another post's handle moves only the dragged post, a 500 leaves the post where it was.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoFrames } from './support/browser.js';
import { drag, middleOf, scheduledDraft, setSchedule, storedTime } from './support/calendar.js';
import { moveRequests } from './support/calendar-moves.js';
import { startStudio } from './support/studio.js';

const studio = startStudio({ at: '2026-11-18T15:00:00.000Z' });
const ZONE = 'America/New_York';
const NOVEMBER = '/calendar?view=month&date=2026-11-18';

const day = (page: Page, name: string) => page.getByRole('group', { name });
const handleOf = (page: Page, text: string) =>
  page.getByRole('button', { name: new RegExp(`^Move "${text}"`) });
const refusal = (when: string) =>
  `Not moved: ${when} (${ZONE}) is in the past. Pick a later day or time; nothing was sent.`;

describe('Calendar: a drop lands under the pointer or nowhere', () => {
  let page: Page;
  beforeAll(async () => {
    page = studio.page;
    await setSchedule(studio, { 'schedule.timezone': ZONE, 'schedule.preferred_times': ['09:30', '17:00'] });
  });

  /** Opens November, drags `text` onto `target` and answers the requests the page sent. */
  async function dropOn(text: string, target: Parameters<typeof drag>[2]) {
    await page.goto(`${studio.server.url}${NOVEMBER}`);
    await page.getByRole('heading', { name: 'November 2026' }).waitFor();
    const sent = moveRequests(page);
    await drag(page, handleOf(page, text), target);
    return sent;
  }

  async function refused(text: string) {
    const alert = page.getByRole('alert').filter({ hasText: 'Not moved' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(text);
  }

  it('a past day in the same row refuses with the reason; nothing is sent, even with the row at the bottom edge', {
    timeout: 40_000,
  }, async () => {
    const id = await scheduledDraft(studio, 'Same row', '2026-11-20T09:30');
    const sent = await dropOn('Same row', day(page, 'Monday 16 November'));
    await refused(refusal('Monday 16 November at 09:30'));
    // The row scrolled down to the window's bottom edge, as it was when this bug was found: the page used to
    // scroll under the pointer and the post landed a week later than the day it was dropped on.
    await page.goto(`${studio.server.url}${NOVEMBER}`);
    const row = await day(page, 'Monday 16 November').boundingBox();
    if (!row) throw new Error('calendar not laid out');
    const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
    await page.setViewportSize({ width: viewport.width, height: Math.ceil(row.y + row.height + 4) });
    try {
      const target = await middleOf(day(page, 'Monday 16 November'));
      await drag(page, handleOf(page, 'Same row'), target);
      await refused(refusal('Monday 16 November at 09:30'));
    } finally {
      await page.setViewportSize(viewport);
    }
    expect(sent).toEqual([]);
    expect(await storedTime(studio, id)).toBe('2026-11-20T14:30:00.000Z');
    await day(page, 'Friday 20 November')
      .getByRole('link', { name: /Same row/ })
      .waitFor();
  });

  it('a past day in the row above refuses too, and so does today at a time already gone', {
    timeout: 40_000,
  }, async () => {
    const id = await scheduledDraft(studio, 'Row above', '2026-11-21T09:30');
    let sent = await dropOn('Row above', day(page, 'Wednesday 11 November'));
    await refused(refusal('Wednesday 11 November at 09:30'));
    expect(sent).toEqual([]);
    // Today, but 09:30 was half an hour ago.
    sent = await dropOn('Row above', day(page, 'Wednesday 18 November'));
    await refused(refusal('Wednesday 18 November at 09:30'));
    expect(sent).toEqual([]);
    expect(await storedTime(studio, id)).toBe('2026-11-21T14:30:00.000Z');
  });

  it('a drop in the gutter between two days, or between two weeks, moves nothing and says so', {
    timeout: 40_000,
  }, async () => {
    const id = await scheduledDraft(studio, 'Into the gutter', '2026-11-24T17:00');
    const gutters = [
      // Between Thursday 26 and Friday 27 November.
      async () => {
        const left = await day(page, 'Thursday 26 November').boundingBox();
        const right = await day(page, 'Friday 27 November').boundingBox();
        if (!left || !right) throw new Error('calendar not laid out');
        expect(right.x - (left.x + left.width)).toBeGreaterThanOrEqual(3);
        return { x: (left.x + left.width + right.x) / 2, y: left.y + left.height / 2 };
      },
      // Between Thursday 26 November and Thursday 3 December, the week below.
      async () => {
        await day(page, 'Thursday 3 December').scrollIntoViewIfNeeded();
        const above = await day(page, 'Thursday 26 November').boundingBox();
        const below = await day(page, 'Thursday 3 December').boundingBox();
        if (!above || !below) throw new Error('calendar not laid out');
        expect(below.y - (above.y + above.height)).toBeGreaterThanOrEqual(3);
        return { x: above.x + above.width / 2, y: (above.y + above.height + below.y) / 2 };
      },
    ];
    for (const gutter of gutters) {
      await page.goto(`${studio.server.url}${NOVEMBER}`);
      await page.getByRole('heading', { name: 'November 2026' }).waitFor();
      const point = await gutter();
      const sent = moveRequests(page);
      await drag(page, handleOf(page, 'Into the gutter'), point);
      const note = page.getByRole('status').filter({ hasText: 'dropped outside' }).first();
      await note.waitFor();
      expect(await note.textContent()).toBe(
        `Not moved: "Into the gutter" (scheduled Tuesday 24 November 17:00) was dropped outside the calendar's days; nothing was sent.`,
      );
      expect(sent).toEqual([]);
    }
    expect(await storedTime(studio, id)).toBe('2026-11-24T22:00:00.000Z');
  });

  it('a day of the next month shown in the grid takes the post at the same local time', {
    timeout: 40_000,
  }, async () => {
    const id = await scheduledDraft(studio, 'Into December', '2026-11-27T17:00');
    const sent = await dropOn('Into December', day(page, 'Thursday 3 December'));
    await expect.poll(() => storedTime(studio, id), { timeout: 10_000 }).toBe('2026-12-03T22:00:00.000Z');
    await expect
      .poll(() => sent)
      .toEqual([{ path: `/api/content/drafts/${id}/schedule`, body: { scheduled_for: '2026-12-03T17:00' } }]);
    await day(page, 'Thursday 3 December')
      .getByRole('link', { name: /Into December/ })
      .waitFor();
  });

  it("across the month boundary: in December's grid, back onto Monday 30 November", {
    timeout: 40_000,
  }, async () => {
    const id = await scheduledDraft(studio, 'Back to November', '2026-12-02T09:30');
    await page.goto(`${studio.server.url}/calendar?view=month&date=2026-12-01`);
    await page.getByRole('heading', { name: 'December 2026' }).waitFor();
    const sent = moveRequests(page);
    await drag(page, handleOf(page, 'Back to November'), day(page, 'Monday 30 November'));
    await expect.poll(() => storedTime(studio, id), { timeout: 10_000 }).toBe('2026-11-30T14:30:00.000Z');
    await expect
      .poll(() => sent)
      .toEqual([{ path: `/api/content/drafts/${id}/schedule`, body: { scheduled_for: '2026-11-30T09:30' } }]);
  });

  it('the keyboard follows the same rule: a past day is announced as refusing and the drop sends nothing', {
    timeout: 40_000,
  }, async () => {
    const id = await scheduledDraft(studio, 'By keys', '2026-11-19T17:00');
    await page.goto(`${studio.server.url}${NOVEMBER}`);
    const sent = moveRequests(page);
    const heard = async (text: string) => {
      await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
      await twoFrames(page);
    };
    await handleOf(page, 'By keys').focus();
    await page.keyboard.press('Space');
    await heard('Picked up "By keys"');
    await page.keyboard.press('ArrowUp');
    await heard('Over Thursday 12 November: in the past, it cannot be dropped here.');
    await page.keyboard.press('Space');
    await refused(refusal('Thursday 12 November at 17:00'));
    expect(sent).toEqual([]);
    expect(await storedTime(studio, id)).toBe('2026-11-19T22:00:00.000Z');
  });

  describe('bad input', () => {
    it("a drop onto another post's handle moves only the dragged post, to that day, once", {
      timeout: 40_000,
    }, async () => {
      const dragged = await scheduledDraft(studio, 'Dragged one', '2026-11-25T09:30');
      const other = await scheduledDraft(studio, 'Other one', '2026-11-26T17:00');
      await page.goto(`${studio.server.url}${NOVEMBER}`);
      const sent = moveRequests(page);
      await drag(page, handleOf(page, 'Dragged one'), handleOf(page, 'Other one'));
      await expect
        .poll(() => storedTime(studio, dragged), { timeout: 10_000 })
        .toBe('2026-11-26T14:30:00.000Z');
      await expect
        .poll(() => sent)
        .toEqual([
          { path: `/api/content/drafts/${dragged}/schedule`, body: { scheduled_for: '2026-11-26T09:30' } },
        ]);
      expect(await storedTime(studio, other)).toBe('2026-11-26T22:00:00.000Z');
    });

    it('a drag released outside the window moves nothing', { timeout: 40_000 }, async () => {
      const id = await scheduledDraft(studio, 'Let go outside', '2026-11-23T09:30');
      await page.goto(`${studio.server.url}${NOVEMBER}`);
      const start = await middleOf(handleOf(page, 'Let go outside'));
      const width = page.viewportSize()?.width ?? 0;
      const sent = await dropOn('Let go outside', { x: width + 40, y: start.y });
      await page.getByRole('status').filter({ hasText: 'dropped outside' }).first().waitFor();
      expect(sent).toEqual([]);
      expect(await storedTime(studio, id)).toBe('2026-11-23T14:30:00.000Z');
      await day(page, 'Monday 23 November')
        .getByRole('link', { name: /Let go outside/ })
        .waitFor();
    });

    it('a drop the server answers with 500 says so, is sent once, and the post stays where it was', {
      timeout: 40_000,
    }, async () => {
      const id = await scheduledDraft(studio, 'Server says no', '2026-11-24T09:30');
      await page.route('**/api/content/drafts/*/schedule', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'internal error (correlation id x)' } }),
        }),
      );
      try {
        const sent = await dropOn('Server says no', day(page, 'Wednesday 25 November'));
        const alert = page.getByRole('alert').filter({ hasText: 'Could not move' });
        await alert.waitFor();
        expect(await alert.textContent()).toMatch(
          /^Could not move "Server says no" \(scheduled Tuesday 24 November 09:30\): /,
        );
        await expect
          .poll(() => sent)
          .toEqual([
            { path: `/api/content/drafts/${id}/schedule`, body: { scheduled_for: '2026-11-25T09:30' } },
          ]);
        // Back on its day once the calendar is read again.
        await day(page, 'Tuesday 24 November')
          .getByRole('link', { name: /Server says no/ })
          .waitFor();
        expect(sent).toHaveLength(1);
      } finally {
        await page.unroute('**/api/content/drafts/*/schedule');
      }
      expect(await storedTime(studio, id)).toBe('2026-11-24T14:30:00.000Z');
    });
  });
});
