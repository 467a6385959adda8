// The preview's author is the signed-in account: its display name, @handle and picture as the fake platform
// names them, the picture served by our own server (the page asks nothing of another origin), a 60-character
// name cut with an ellipsis inside the card while the handle below it stays whole, and with the platform
// unreachable the neutral placeholder "Your account" (never an error).
import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID } from '../src/infra/sandbox/social/index.js';
import { solidPng } from '../src/infra/sandbox/solid-png.js';
import { call, type Studio, startStudio } from './support/studio.js';

const LONG_NAME = 'Ada Augusta King, Countess of Lovelace, first of programmers';

/** A thread draft of `cards` cards, opened in the page; answers the preview region. */
async function openThread(studio: Studio, cards: string[]): Promise<Locator> {
  const made = await call(studio, 'POST', '/api/content/drafts', {
    content_type: 'thread',
    blocks: cards.map((text, i) => ({ id: `c${i}`, text, media_paths: [] })),
  });
  const id = ((await made.json()) as { id: number }).id;
  await studio.page.goto(`${studio.server.url}/drafts?id=${id}`);
  const preview = studio.page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('article').first().waitFor();
  return preview;
}

/** Every request the page makes from now on. */
function requestsOf(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

type DOMRectLike = { x: number; y: number; width: number; height: number };

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

describe('the preview shows the signed-in account', () => {
  const studio = startStudio();
  beforeAll(() => {
    studio.fake.state.setProfile(DEFAULT_USER_ID, {
      name: LONG_NAME,
      username: 'ada_l',
      picture: { bytes: solidPng(400, 400, [200, 40, 40]), contentType: 'image/png' },
    });
  });

  it('its name, @handle and picture, the picture loaded from this server, asked once for every card', async () => {
    const requests = requestsOf(studio.page);
    const preview = await openThread(studio, ['First card', 'Second card', 'Third card']);
    const cards = preview.getByRole('article');
    await expect.poll(() => cards.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const card = cards.nth(i);
      await expect
        .poll(() => card.getByText(LONG_NAME, { exact: true }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await card.getByText('@ada_l · now', { exact: true }).isVisible()).toBe(true);
    }
    const name = cards.first().getByText(LONG_NAME, { exact: true });
    expect(await name.getAttribute('title')).toBe(LONG_NAME);

    // The picture: loaded (real pixels), from our origin, 40 px and round. (The e2e code has no DOM types:
    // what runs in the page is a string.)
    const avatar = cards.first().locator('img.account-avatar');
    await avatar.waitFor();
    const image = (expression: string) =>
      studio.page.evaluate(
        `(() => { const img = document.querySelector('.preview img.account-avatar'); return ${expression}; })()`,
      );
    await expect.poll(() => image('img.complete && img.naturalWidth'), { timeout: 10_000 }).toBe(400);
    const source = new URL((await image('img.currentSrc')) as string);
    expect(source.origin).toBe(studio.server.url);
    expect(source.pathname).toBe('/api/account/profile/picture');
    expect(await avatar.getAttribute('alt')).toBe('');
    expect(await box(avatar)).toMatchObject({ width: 40, height: 40 });
    expect(await image('getComputedStyle(img).borderRadius')).toBe('50%');
    // Its pixels are the fake account's picture (a 400 px square of one red).
    const pixel = await image(`(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
    })()`);
    expect(pixel).toEqual([200, 40, 40]);

    // Nothing left this server; the profile was asked once for the three cards, and the platform once.
    expect(requests.filter((r) => new URL(r.url()).origin !== studio.server.url).map((r) => r.url())).toEqual(
      [],
    );
    expect(requests.filter((r) => new URL(r.url()).pathname === '/api/account/profile')).toHaveLength(1);
    const platform = studio.fake.requests
      .filter((r) => r.path === '/2/users/me' || r.path.startsWith('/profile_images/'))
      .map((r) => r.path);
    expect(platform).toEqual([
      '/2/users/me',
      expect.stringMatching(/^\/profile_images\/1000\/\d+_400x400\.png$/),
    ]);
    const kept = (await (await call(studio, 'GET', '/api/account/profile')).json()) as object;
    expect(kept).toMatchObject({ display_name: LONG_NAME, username: 'ada_l', has_picture: true });

    // Typing does not ask again.
    await studio.page.getByRole('textbox', { name: 'Post 1 of 3' }).focus();
    await studio.page.keyboard.press('End');
    await studio.page.keyboard.type(' and more');
    await expect
      .poll(() => cards.first().getByText('First card and more').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(requests.filter((r) => new URL(r.url()).pathname.startsWith('/api/account/'))).toHaveLength(2);
  });

  it('a 60-character name is cut with an ellipsis inside the card; the handle below it stays whole', async () => {
    // The preview beside the editor, not squeezed by the inspector.
    const inspector = studio.page.getByRole('complementary', { name: 'Inspector' });
    if (await inspector.isVisible()) await studio.page.getByRole('button', { name: 'Inspector' }).click();
    await inspector.waitFor({ state: 'hidden' });
    // Side by side (1280, 900, 768: the card is 200-320 px) and stacked on a phone (420).
    for (const width of [1280, 900, 768, 420]) {
      await studio.page.setViewportSize({ width, height: 900 });
      const card = studio.page.getByRole('region', { name: 'Preview' }).getByRole('article').first();
      const name = card.getByText(LONG_NAME, { exact: true });
      const handle = card.getByText('@ada_l · now', { exact: true });
      const region = studio.page.getByRole('region', { name: 'Preview' });
      // The card stays in its column and the page in the window (a long name widens nothing).
      await expect
        .poll(async () => {
          const [cardBox, regionBox] = [await box(card), await box(region)];
          return (
            cardBox.x + cardBox.width <= regionBox.x + regionBox.width + 0.5 &&
            regionBox.x + regionBox.width <= width
          );
        })
        .toBe(true);
      expect(
        await studio.page.evaluate(
          'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
        ),
      ).toBe(true);
      // Every box read in one frame, and read again until the resize has settled: boxes taken one call
      // apart may come from two layouts (the reason this once failed on a loaded machine).
      const geometry = () =>
        card.evaluate((el) => {
          const rect = (node: { getBoundingClientRect(): DOMRectLike } | null) => {
            if (!node) throw new Error('not laid out');
            const r = node.getBoundingClientRect();
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          };
          return {
            card: rect(el),
            header: rect(el.querySelector('header')),
            name: rect(el.querySelector('.account-name')),
            handle: rect(el.querySelector('.account-handle')),
          };
        });
      type Box = { x: number; y: number; width: number; height: number };
      const problems = (g: Awaited<ReturnType<typeof geometry>>) => {
        const inside = (inner: Box) =>
          inner.x >= g.card.x && inner.x + inner.width <= g.card.x + g.card.width + 0.5;
        const found: string[] = [];
        if (!inside(g.header)) found.push('header outside the card');
        if (!inside(g.name)) found.push('name outside the card');
        if (!inside(g.handle)) found.push('handle outside the card');
        // The name on one line, the handle on the next, both beside the picture (within its 40 px).
        if (g.handle.y < g.name.y + g.name.height - 0.5) found.push('handle not below the name');
        if (g.header.height !== 40) found.push(`header ${g.header.height} px high`);
        // Cut, not gone: the name has the line's whole width.
        if (g.name.width <= g.header.width - 52) found.push(`name only ${g.name.width} px wide`);
        return found;
      };
      await expect
        .poll(async () => problems(await geometry()), { message: `layout at ${width}` })
        .toEqual([]);
      expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth), `name cut at ${width}`).toBe(true);
      expect(
        await studio.page.evaluate(
          `getComputedStyle(document.querySelector('.preview .account-name')).textOverflow`,
        ),
      ).toBe('ellipsis');
      expect(await handle.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await studio.page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('the preview with the platform unreachable', () => {
  const studio = startStudio();
  beforeAll(() => {
    studio.fake.faults.inject({ method: 'GET', path: '/2/users/me', action: { type: 'drop' }, times: -1 });
  });

  it('shows the neutral placeholder "Your account", never an error', async () => {
    const answers: number[] = [];
    studio.page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/account/profile') answers.push(response.status());
    });
    const preview = await openThread(studio, ['Offline card']);
    const card = preview.getByRole('article').first();
    await expect
      .poll(() => card.getByText('Your account', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await card.getByText('now', { exact: true }).isVisible()).toBe(true);
    expect(await card.locator('img').count()).toBe(0);
    const avatar = card.locator('.account-avatar');
    expect(await avatar.getAttribute('aria-hidden')).toBe('true');
    expect(await box(avatar)).toMatchObject({ width: 40, height: 40 });
    expect(answers).toEqual([200]);
    expect(await card.getByText('Offline card').isVisible()).toBe(true);
    expect(studio.fake.requests.some((r) => r.path === '/2/users/me' && r.dropped)).toBe(true);
    expect(studio.fake.requests.filter((r) => r.path.startsWith('/profile_images/'))).toEqual([]);
  });
});
