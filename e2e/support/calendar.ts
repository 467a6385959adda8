// Helpers of the calendar's browser tests: the account's zone and slots set through the settings API, drafts
// scheduled through the API, the schedule requests the page sends, and a pointer drag in small steps onto a
// day or any point (a gutter, outside the window).
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { twoFrames } from './browser.js';
import { call, type Studio } from './studio.js';

export async function setSchedule(studio: Studio, set: Record<string, unknown>): Promise<void> {
  const response = await call(studio, 'PATCH', '/api/settings', { set });
  expect(response.status).toBe(200);
}

/** A post draft scheduled at a local time ("YYYY-MM-DDTHH:MM" in the account's zone); answers its id. */
export async function scheduledDraft(studio: Studio, text: string, local: string): Promise<number> {
  const made = await call(studio, 'POST', '/api/content/drafts', { content: text });
  const id = ((await made.json()) as { id: number }).id;
  const scheduled = await call(studio, 'POST', `/api/content/drafts/${id}/schedule`, {
    scheduled_for: local,
  });
  expect(scheduled.status).toBe(202);
  return id;
}

export async function storedTime(studio: Studio, id: number): Promise<string | null> {
  const draft = (await (await call(studio, 'GET', `/api/content/drafts/${id}`)).json()) as {
    scheduled_for: string | null;
  };
  return draft.scheduled_for;
}

/** Every schedule request the page sends from now on, with its body. */
export function scheduleRequests(page: Page): Array<{ path: string; body: unknown }> {
  const seen: Array<{ path: string; body: unknown }> = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path.endsWith('/schedule'))
      seen.push({ path, body: request.postDataJSON() });
  });
  return seen;
}

/** A point in the page's viewport. */
export interface Point {
  x: number;
  y: number;
}

/** The middle of what a locator shows where it is now (no scrolling). */
export async function middleOf(target: Locator): Promise<Point> {
  const box = await target.boundingBox();
  if (!box) throw new Error('calendar not laid out');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Presses on `handle` and moves in twelve steps to the middle of `target` or to a point, before letting go.
 * The handle, then a target, are scrolled into view first, as a person would; both must then be in view.
 */
export async function drag(page: Page, handle: Locator, target: Locator | Point): Promise<void> {
  // A drag begun while the last drop still animates back (dnd-kit's overlay) is ignored, as for a person.
  await page.locator('.cal-ghost').waitFor({ state: 'detached' });
  await handle.scrollIntoViewIfNeeded();
  if (!('x' in target)) await target.scrollIntoViewIfNeeded();
  const end = 'x' in target ? target : await middleOf(target);
  const start = await middleOf(handle);
  const height = page.viewportSize()?.height ?? 0;
  if (start.y < 0 || start.y > height) throw new Error('the handle and the target are not in view together');
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(start.x + ((end.x - start.x) * i) / 12, start.y + ((end.y - start.y) * i) / 12);
  }
  // The pointer rests a moment where it is let go, as a hand's does: dnd-kit finds what is under it in its
  // next render, and a release in the same instant as the last move was judged by the move before it (a
  // drag let go outside the window landed on the last day it crossed, now and then).
  await twoFrames(page);
  await page.mouse.up();
}
