// Layouts that never break (issue 26): every dashboard screen, filled with the bad input a user can type or
// upload (e2e/support/layout-world.ts), at 390, 768, 1024, 1280 and 1600 px wide in the light and the dark
// theme, keeps the rules of e2e/support/layout-checks.ts — no two controls overlap, nothing overflows the
// window, no button or tab clips its text, and Draft Studio's cards never run under the preview. Each screen
// is opened once and resized in place (as a user drags a window), so the whole file stays fast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LayoutFailure, layoutChecks } from './support/layout-checks.js';
import { LAYOUT_HEIGHT, type LayoutWorld, openLayoutWorld, PAGE_STATES } from './support/layout-world.js';

const WIDTHS = [390, 768, 1024, 1280, 1600];
const THEMES = ['light', 'dark'] as const;

let world: LayoutWorld;
beforeAll(async () => {
  world = await openLayoutWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('layout at every width, in both themes', () => {
  it.each(PAGE_STATES.map((state) => [state.name, state] as const))(
    '%s',
    async (_name, state) => {
      const { page, close } = await state.open(world);
      try {
        // One line per broken rule and element, with the sizes it breaks at and its boxes at the first.
        const failures = new Map<string, { at: string[]; where: string }>();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: LAYOUT_HEIGHT });
          for (const colorScheme of THEMES) {
            await page.emulateMedia({ colorScheme });
            // Two frames: the resize's layout and anything the page measures after it.
            await page.evaluate(
              'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
            );
            const found = (await page.evaluate(layoutChecks({ studio: state.studio }))) as LayoutFailure[];
            for (const { rule, what, where } of found) {
              const key = `${rule}: ${what}`;
              const seen = failures.get(key) ?? { at: [], where: `${width} ${colorScheme}: ${where}` };
              seen.at.push(`${width} ${colorScheme}`);
              failures.set(key, seen);
            }
          }
        }
        expect(
          [...failures].map(([key, { at, where }]) => `${key} — at ${at.join(', ')} (${where})`),
        ).toEqual([]);
      } finally {
        await page.setViewportSize({ width: 1280, height: LAYOUT_HEIGHT });
        await page.emulateMedia({ colorScheme: 'light' });
        await close?.();
      }
    },
    60_000,
  );
});
