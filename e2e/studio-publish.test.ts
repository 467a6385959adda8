// Draft Studio's way out in a real browser: schedule in the account's timezone, unschedule, revision
// history with restore, publish now (the post reaches the fake platform), the preview's media grids and
// cropped badges, and media in the editor (picker, paste, refusals, media following its card).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../src/infra/sandbox/solid-png.js';
import { HEADERS } from '../test/support/media-files.js';
import { call, newDraft, openDraftId, startStudio, stored } from './support/studio.js';

const studio = startStudio();

/** An MP4 the server accepts (a real `ftyp` header, then padding). */
const writeMediaBytes = (kind: 'mp4', size: number) =>
  Buffer.concat([HEADERS[kind], Buffer.alloc(size - HEADERS[kind].length)]);

describe('Draft Studio: schedule, publish, preview and media', () => {
  let page: Page;
  beforeAll(() => {
    page = studio.page;
  });

  it('schedule in the account timezone (labelled), unschedule; history restores an earlier version', async () => {
    const id = await newDraft(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.pressSequentially('First thought');
    await expect.poll(async () => (await stored(studio, id)).content).toBe('First thought');
    await editor.fill('Second thought, better');
    await expect.poll(async () => (await stored(studio, id)).content).toBe('Second thought, better');

    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByLabel('Schedule for (UTC)').fill('2030-01-15T09:30');
    await publish.getByRole('button', { name: 'Schedule' }).click();
    await publish
      .getByRole('status')
      .filter({ hasText: /Scheduled for .*\(UTC\)/ })
      .waitFor();
    expect(await stored(studio, id)).toMatchObject({
      scheduled_for: '2030-01-15T09:30:00.000Z',
      group: 'scheduled',
    });
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    await rail.getByRole('tab', { name: 'Scheduled 1' }).waitFor();
    await publish.getByRole('button', { name: 'Unschedule' }).click();
    await publish.getByRole('status').filter({ hasText: 'Unscheduled' }).waitFor();
    expect(await stored(studio, id)).toMatchObject({ scheduled_for: null, group: 'active' });

    // Revision history opens with its chord (Cmd/Ctrl+Shift+H).
    const history = page.getByRole('region', { name: 'History' });
    await editor.focus();
    await page.keyboard.press('Control+Shift+H');
    await history.waitFor();
    const versions = history.getByRole('button', { name: /^Version \d+/ });
    await expect.poll(() => versions.count()).toBeGreaterThanOrEqual(2);
    // The revision that holds the first text.
    for (const button of await versions.all()) {
      await button.click();
      if ((await history.locator('blockquote').textContent()) === 'First thought') break;
    }
    await history.getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => editor.inputValue()).toBe('First thought');
    await expect.poll(async () => (await stored(studio, id)).content).toBe('First thought');
  });

  it('publish now saves the text on screen first and posts it (approval mode off: "Posting")', async () => {
    const id = openDraftId(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('Posted from Draft Studio');
    // Straight away, inside the autosave debounce: publishing must not send the older text.
    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByRole('button', { name: 'Publish now' }).click();
    await publish.getByRole('status').filter({ hasText: 'Posting' }).waitFor();
    await expect
      .poll(() => studio.fake.state.tweetsNewestFirst().map((t) => t.text), { timeout: 15_000 })
      .toContain('Posted from Draft Studio');
    await expect.poll(async () => (await stored(studio, id)).group, { timeout: 15_000 }).toBe('posted');
    await page.getByRole('navigation', { name: 'Drafts' }).getByRole('tab', { name: 'Posted 1' }).waitFor();
  });

  it('approval mode on: publish now says "Queued for approval", nothing is posted until a review approves it', async () => {
    const on = await call(studio, 'PATCH', '/api/settings', { set: { approval_mode: true } });
    expect(on.status).toBe(200);
    const id = await newDraft(page);
    const rail = page.getByRole('navigation', { name: 'Drafts' });
    const postedTab = rail.getByRole('tab', { name: /^Posted \d+$/ });
    const postedBefore = Number((await postedTab.textContent())?.match(/\d+/)?.[0]);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    await editor.fill('Reviewed before it goes out');
    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByRole('button', { name: 'Publish now' }).click();
    await publish.getByRole('status').filter({ hasText: 'Queued for approval' }).waitFor();
    const draft = (await call(studio, 'GET', `/api/content/drafts/${id}`).then((r) => r.json())) as {
      approval_id: number | null;
    };
    expect(draft.approval_id).not.toBeNull();
    expect(studio.fake.state.tweetsNewestFirst().map((t) => t.text)).not.toContain(
      'Reviewed before it goes out',
    );

    const approved = await call(studio, 'POST', `/api/approval/${draft.approval_id}/approve`, {});
    expect(approved.status).toBe(200);
    await expect
      .poll(() => studio.fake.state.tweetsNewestFirst().map((t) => t.text), { timeout: 15_000 })
      .toContain('Reviewed before it goes out');
    // The page follows without a reload: the rail counts it as posted.
    await rail.getByRole('tab', { name: `Posted ${postedBefore + 1}` }).waitFor({ timeout: 15_000 });
    await call(studio, 'PATCH', '/api/settings', { set: { approval_mode: false } });
    // Its own waits (up to 15 s for the post, 15 s for the count) need more than the 20 s default under load.
  }, 45_000);

  it('preview: one card per post with connectors; media grids per the spec, the cropped badge exactly past 0.3', async () => {
    const upload = async (name: string, width: number, height: number) => {
      const form = new FormData();
      form.set('file', new Blob([solidPng(width, height)], { type: 'image/png' }), name);
      const response = await fetch(`${studio.server.url}/api/media/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${studio.token}` },
        body: form,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { path: string }).path;
    };
    // 3:2 (severity 0.33 in a square: badge), 4:3 (0.25: none), 1:1, 2:3.
    const wide = await upload('wide.png', 300, 200);
    const fourThree = await upload('four-three.png', 400, 300);
    const square = await upload('square.png', 200, 200);
    const tall = await upload('tall.png', 200, 300);
    const made = await fetch(`${studio.server.url}/api/content/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${studio.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Four pictures', media_paths: [wide, fourThree, square, tall] }),
    });
    const id = ((await made.json()) as { id: number }).id;
    await page.goto(`${studio.server.url}/drafts?id=${id}`);
    const preview = page.getByRole('region', { name: 'Preview' });
    const grid = preview.getByRole('figure', { name: '4 media' });
    await grid.waitFor();
    const slots = grid.locator('.slot');
    await expect.poll(() => slots.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const box = await slots.nth(i).boundingBox();
      expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(1, 1);
    }
    // The badge on the 3:2 image and the 2:3 one (both 0.33), not on 4:3 (0.25) or the square.
    await expect
      .poll(async () => Promise.all([0, 1, 2, 3].map((i) => slots.nth(i).getByText('cropped').count())))
      .toEqual([1, 0, 0, 1]);

    // Three images: left 2:3, right two 1:1, the columns line up (no empty band).
    const three = await fetch(`${studio.server.url}/api/content/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${studio.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Three', media_paths: [tall, square, wide] }),
    });
    await page.goto(`${studio.server.url}/drafts?id=${((await three.json()) as { id: number }).id}`);
    const grid3 = page.getByRole('region', { name: 'Preview' }).getByRole('figure', { name: '3 media' });
    await grid3.waitFor();
    const [left, top, bottom] = await Promise.all(
      [0, 1, 2].map((i) => grid3.locator('.slot').nth(i).boundingBox()),
    );
    expect((left?.width ?? 0) / (left?.height ?? 1)).toBeCloseTo(2 / 3, 1);
    expect((top?.width ?? 0) / (top?.height ?? 1)).toBeCloseTo(1, 1);
    expect(Math.abs((left?.height ?? 0) - ((top?.height ?? 0) + (bottom?.height ?? 0)))).toBeLessThan(
      (left?.height ?? 0) * 0.01,
    );

    // A video shows as its poster frame (first frame, never playing), alone in its post.
    const form = new FormData();
    form.set('file', new Blob([writeMediaBytes('mp4', 4096)], { type: 'video/mp4' }), 'clip.mp4');
    const video = await fetch(`${studio.server.url}/api/media/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${studio.token}` },
      body: form,
    });
    expect(video.status).toBe(201);
    const clip = ((await video.json()) as { path: string }).path;
    const withVideo = await call(studio, 'POST', '/api/content/drafts', {
      content: 'A clip',
      media_paths: [clip],
    });
    await page.goto(`${studio.server.url}/drafts?id=${((await withVideo.json()) as { id: number }).id}`);
    const poster = page.getByRole('region', { name: 'Preview' }).getByLabel('Video');
    await poster.waitFor();
    expect(
      await page.evaluate(`(() => {
        const v = document.querySelector('.preview video[aria-label="Video"]');
        return { paused: v.paused, autoplay: v.autoplay, preload: v.preload, controls: v.controls };
      })()`),
    ).toEqual({ paused: true, autoplay: false, preload: 'metadata', controls: false });

    // A thread of 3 cards draws 3 post cards and 2 connectors.
    await page.getByRole('button', { name: 'Thread' }).click();
    await page.getByRole('textbox', { name: 'Post 2 of 2' }).fill('second');
    await page.getByRole('button', { name: 'Add post' }).click();
    await page.getByRole('textbox', { name: 'Post 3 of 3' }).fill('third');
    const posts = page.getByRole('region', { name: 'Preview' }).getByRole('article');
    await expect.poll(() => posts.count()).toBe(3);
    expect(await page.getByRole('region', { name: 'Preview' }).getByTestId('connector').count()).toBe(2);
  });

  it('media: picker, paste and drop upload and save with the post; the client refuses what the rules refuse; media follows its card', async () => {
    await page.goto(`${studio.server.url}/drafts`);
    const id = await newDraft(page);
    await page.getByRole('textbox', { name: 'Post text' }).fill('With pictures');
    const png = (name: string, w = 40, h = 30) => ({ name, mimeType: 'image/png', buffer: solidPng(w, h) });
    await page.getByLabel('Add media to post', { exact: true }).setInputFiles([png('a.png'), png('b.png')]);
    await page.getByRole('img', { name: 'Media 2 of post' }).waitFor();
    await expect.poll(async () => (await stored(studio, id)).media_paths.length).toBe(2);
    await page.getByRole('region', { name: 'Preview' }).getByRole('figure', { name: '2 media' }).waitFor();

    // Five images, or a GIF beside images: refused before any upload, saying why.
    await page
      .getByLabel('Add media to post', { exact: true })
      .setInputFiles([png('c.png'), png('d.png'), png('e.png')]);
    const tooMany = page.getByRole('alert').filter({ hasText: 'at most 4 images per post (got 5)' });
    await tooMany.waitFor();
    // Errors are polite live regions (spec), like the counters.
    expect(await tooMany.getAttribute('aria-live')).toBe('polite');
    const gif = {
      name: 'x.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
    };
    await page.getByLabel('Add media to post', { exact: true }).setInputFiles([gif]);
    await page.getByRole('alert').filter({ hasText: 'must be the only media of a post' }).waitFor();
    // An upload the server refuses with 413 says so.
    await page.route('**/api/media/upload', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'payload_too_large', message: 'too large' } }),
      }),
    );
    await page.getByLabel('Add media to post', { exact: true }).setInputFiles([png('big.png')]);
    await page.getByRole('alert').filter({ hasText: 'larger than the server accepts' }).waitFor();
    await page.unroute('**/api/media/upload');
    expect((await stored(studio, id)).media_paths).toHaveLength(2);

    // As a thread the media is on card 1, and moves with it.
    await page.getByRole('button', { name: 'Thread' }).click();
    await page.getByRole('textbox', { name: 'Post 2 of 2' }).fill('no pictures here');
    await page.getByRole('textbox', { name: 'Post 1 of 2' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    const cards = async () =>
      [...((await stored(studio, id)).blocks ?? [])]
        .sort((a, b) => a.order - b.order)
        .map((b) => [b.text, (b as { media_paths?: string[] }).media_paths?.length ?? 0]);
    await expect.poll(cards).toEqual([
      ['no pictures here', 0],
      ['With pictures', 2],
    ]);

    // Pasting an image into card 1's text adds it to that card (a text paste stays the browser's own).
    await page.evaluate(`(() => {
      const el = [...document.querySelectorAll('label')].find((l) => l.textContent === 'Post 1 of 2').control;
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(${JSON.stringify(solidPng(20, 20).toString('base64'))}), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await expect.poll(cards).toEqual([
      ['no pictures here', 1],
      ['With pictures', 2],
    ]);

    // Dropping an image file on card 2's media adds it there.
    const dropped = await page.evaluateHandle(`(() => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(${JSON.stringify(solidPng(30, 20).toString('base64'))}), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return data;
    })()`);
    await page
      .getByRole('group', { name: 'Media of post 2' })
      .dispatchEvent('drop', { dataTransfer: dropped });
    await expect.poll(cards).toEqual([
      ['no pictures here', 1],
      ['With pictures', 3],
    ]);
  });
});
