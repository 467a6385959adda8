// Helpers of the calendar's job-move browser tests: posts a loop queued (posting jobs with no draft) written
// through another connection to the served database, their stored time, the move requests the page sends,
// and a finger drag driven through Chromium's DevTools protocol (Playwright's touchscreen only taps).
import type { Locator, Page, Request } from 'playwright-core';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { PostingRepository } from '../../src/infra/sqlite/repositories/posting-repository.js';
import { call, type Studio } from './studio.js';

/** A post the content loop queued for `at` (a UTC instant), as the loop stores it; answers the job id. */
export async function loopJob(
  studio: Pick<Studio, 'home' | 'clock'>,
  text: string,
  at: string,
): Promise<number> {
  const database = openDatabase({ path: `${studio.home.dir}/app.db`, migrate: false });
  try {
    const store = new PostingRepository(database, DEFAULT_ACCOUNT_ID);
    const job = await store.createJob(
      {
        kind: 'tweet',
        payload: { cards: [{ text, media_paths: [] }] },
        scheduled_for: at,
        origin_type: 'loop',
        actor: 'loop:content',
      },
      new Date(studio.clock.now()),
    );
    return job.id;
  } finally {
    await database.close();
  }
}

export async function storedJobTime(studio: Studio, id: number): Promise<string | null> {
  const job = (await (await call(studio, 'GET', `/api/posting/jobs/${id}`)).json()) as {
    scheduled_for: string | null;
  };
  return job.scheduled_for;
}

/** Every move the page sends from now on (a draft's schedule or a job's reschedule), with its body. */
export function moveRequests(page: Page): Array<{ path: string; body: unknown }> {
  const seen: Array<{ path: string; body: unknown }> = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && (path.endsWith('/schedule') || path.endsWith('/reschedule')))
      seen.push({ path, body: request.postDataJSON() });
  });
  return seen;
}

/**
 * A finger on `handle` sliding in twelve steps to the middle of `target` and lifting: real touch events (and
 * the pointer events Chromium derives from them, pointerType "touch"), as a phone sends them.
 */
export async function touchDrag(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('calendar not laid out');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  try {
    const touch = (type: 'touchStart' | 'touchMove', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y, id: 1 }] });
    await touch('touchStart', start.x, start.y);
    for (let i = 1; i <= 12; i++) {
      await touch(
        'touchMove',
        start.x + ((end.x - start.x) * i) / 12,
        start.y + ((end.y - start.y) * i) / 12,
      );
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}
