// Add to queue in a real browser against the built server, in America/New_York with the auto slots (09:15,
// 12:30, 17:00) on Wednesday 18 November 2026 at 10:00: Draft Studio's publish panel shows the next free slot,
// asks with that time before queueing, and the draft is scheduled there (request body, stored row); the rail and
// the calendar show it without a reload and the next draft is offered the following slot; a slot taken meanwhile
// is shown again with the new time. The calendar's own queue puts an unscheduled draft in the next free slot.
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduledDraft } from './support/calendar.js';
import { call, newDraft, openDraftId, startStudio, stored } from './support/studio.js';

const ZONE = 'America/New_York';
const studio = startStudio({ config: ['[schedule]', `timezone = "${ZONE}"`] });

/** Every queue request the page sends from now on, with its body. */
function queueRequests(page: Page): Array<{ path: string; body: unknown }> {
  const seen: Array<{ path: string; body: unknown }> = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path.endsWith('/queue'))
      seen.push({ path, body: request.postDataJSON() });
  });
  return seen;
}

async function writeDraft(page: Page, text: string): Promise<number> {
  const id = await newDraft(page);
  await page.getByRole('textbox', { name: 'Post text' }).fill(text);
  await expect.poll(async () => (await stored(studio, id)).content).toBe(text);
  return id;
}

describe('Add to queue', () => {
  let page: Page;
  beforeAll(() => {
    page = studio.page;
  });

  it('Draft Studio: the panel shows the next free slot, asks with its time, and the draft is scheduled there', {
    timeout: 40_000,
  }, async () => {
    const sent = queueRequests(page);
    const id = await writeDraft(page, 'First in the queue');
    const publish = page.getByRole('region', { name: 'Publish' });
    // 09:15 has passed: 12:30 is the next slot (17:30 UTC).
    await publish.getByText(`Next free slot: Wed 18 Nov, 12:30 (${ZONE})`).waitFor();

    await publish.getByRole('button', { name: 'Add to queue' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Add to queue' });
    await dialog.getByText(`Add to queue for Wed 18 Nov, 12:30 (${ZONE})?`).waitFor();
    await dialog.getByRole('button', { name: 'Add to queue' }).click();
    await publish
      .getByRole('status')
      .filter({ hasText: /^Scheduled for .*\(America\/New_York\)$/ })
      .waitFor();
    expect(sent).toEqual([
      { path: `/api/content/drafts/${id}/queue`, body: { at: '2026-11-18T17:30:00.000Z' } },
    ]);
    expect(await stored(studio, id)).toMatchObject({
      scheduled_for: '2026-11-18T17:30:00.000Z',
      group: 'scheduled',
    });
    // The panel moves on to the following slot, and the rail counts and lists the draft as scheduled.
    await publish.getByText(`Next free slot: Wed 18 Nov, 17:00 (${ZONE})`).waitFor();
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    await rail.getByRole('tab', { name: 'Scheduled 1' }).click();
    await rail.getByRole('tabpanel').getByRole('link', { name: 'First in the queue' }).waitFor();

    // A second draft is offered the following slot.
    await rail.getByRole('tab', { name: /^Active/ }).click();
    await writeDraft(page, 'Second in the queue');
    await publish.getByText(`Next free slot: Wed 18 Nov, 17:00 (${ZONE})`).waitFor();

    // The calendar (reached without a reload) shows the first on its day at its time, the 12:30 slot taken.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await page.getByRole('button', { name: 'Week' }).click();
    const wednesday = page.getByRole('group', { name: 'Wednesday 18 November' });
    await wednesday.getByRole('link', { name: /^12:30 First in the queue · scheduled/ }).waitFor();
    await wednesday.getByText('12:30 slot · taken').waitFor();
  });

  it('a slot taken while the panel showed it: the new slot is shown and asked again', {
    timeout: 40_000,
  }, async () => {
    const sent = queueRequests(page);
    const id = await writeDraft(page, 'Third in the queue');
    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByText(`Next free slot: Wed 18 Nov, 17:00 (${ZONE})`).waitFor();
    // Another tab takes 17:00 (the draft "Second in the queue" is still unscheduled).
    await scheduledDraft(studio, 'Taken elsewhere', '2026-11-18T17:00');

    await publish.getByRole('button', { name: 'Add to queue' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Add to queue' });
    await dialog.getByText(`Add to queue for Wed 18 Nov, 17:00 (${ZONE})?`).waitFor();
    await dialog.getByRole('button', { name: 'Add to queue' }).click();
    await dialog
      .getByText(`That slot was just taken. Add to queue for Thu 19 Nov, 09:15 (${ZONE})?`)
      .waitFor();
    expect((await stored(studio, id)).scheduled_for).toBeNull();
    await dialog.getByRole('button', { name: 'Add to queue' }).click();
    await expect.poll(async () => (await stored(studio, id)).scheduled_for).toBe('2026-11-19T14:15:00.000Z');
    expect(sent.map((r) => r.body)).toEqual([
      { at: '2026-11-18T22:00:00.000Z' },
      { at: '2026-11-19T14:15:00.000Z' },
    ]);
    expect(openDraftId(page)).toBe(id);
    await publish.getByText(`Next free slot: Thu 19 Nov, 12:30 (${ZONE})`).waitFor();
  });

  it('the calendar queue puts an unscheduled draft in the next free slot, shown on its day at once', {
    timeout: 40_000,
  }, async () => {
    const made = await call(studio, 'POST', '/api/content/drafts', { content: 'From the calendar queue' });
    const id = ((await made.json()) as { id: number }).id;
    await page.goto(`${studio.server.url}/calendar?view=week&date=2026-11-18`);
    const queue = page.getByRole('region', { name: 'Queue' });
    await queue.getByText(`Next free slot: Thu 19 Nov, 12:30 (${ZONE})`).waitFor();
    const sent = queueRequests(page);

    const unscheduled = queue.getByRole('list', { name: 'Unscheduled drafts' });
    await unscheduled.getByRole('button', { name: 'Add "From the calendar queue" to queue' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Add to queue' });
    await dialog.getByText(`Add to queue for Thu 19 Nov, 12:30 (${ZONE})?`).waitFor();
    await dialog.getByRole('button', { name: 'Add to queue' }).click();

    await queue
      .getByRole('status')
      .filter({ hasText: /^Queued "From the calendar queue" for / })
      .waitFor();
    expect(sent).toEqual([
      { path: `/api/content/drafts/${id}/queue`, body: { at: '2026-11-19T17:30:00.000Z' } },
    ]);
    expect(await stored(studio, id)).toMatchObject({
      scheduled_for: '2026-11-19T17:30:00.000Z',
      group: 'scheduled',
    });
    const thursday = page.getByRole('group', { name: 'Thursday 19 November' });
    await thursday.getByRole('link', { name: /^12:30 From the calendar queue · scheduled/ }).waitFor();
    await thursday.getByText('12:30 slot · taken').waitFor();
    await queue.getByText(`Next free slot: Thu 19 Nov, 17:00 (${ZONE})`).waitFor();
    await expect
      .poll(() => unscheduled.getByRole('button', { name: 'Add "From the calendar queue" to queue' }).count())
      .toBe(0);
  });
});
