// `npm run screenshots`: a full-page PNG of every dashboard screen of the layout test (same world, same
// states: e2e/support/layout-world.ts) at 1280 and 390 px wide in the light and the dark theme, written to
// screenshots/<page>-<width>-<theme>.png (not committed), so a reviewer can look at every screen in a minute.
// Each screen is opened at the width it is photographed at, as a person on that device opens it (the
// inspector starts closed on a phone); the layout test instead resizes one open page through every width.
// `--only home,calendar-month` photographs some screens only (the CI test of this script uses it).
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LAYOUT_HEIGHT, openLayoutWorld, PAGE_STATES } from '../e2e/support/layout-world.js';

const WIDTHS = [1280, 390];
const THEMES = ['light', 'dark'] as const;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { only: { type: 'string' } },
});
const OUT = resolve(positionals[0] ?? 'screenshots');
const only = values.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !PAGE_STATES.some((state) => state.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `unknown screen ${unknown.join(', ')}; the screens are ${PAGE_STATES.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const states = only ? PAGE_STATES.filter((state) => only.includes(state.name)) : PAGE_STATES;

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const world = await openLayoutWorld();
let count = 0;
try {
  for (const state of states) {
    for (const width of WIDTHS) {
      await world.page.setViewportSize({ width, height: LAYOUT_HEIGHT });
      const { page, close } = await state.open(world, { width });
      try {
        for (const colorScheme of THEMES) {
          await page.emulateMedia({ colorScheme });
          await page.evaluate(
            'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
          );
          await page.screenshot({
            path: join(OUT, `${state.name}-${width}-${colorScheme}.png`),
            fullPage: true,
          });
          count++;
        }
      } finally {
        await page.emulateMedia({ colorScheme: 'light' });
        await close?.();
      }
    }
  }
  await world.page.setViewportSize({ width: 1280, height: LAYOUT_HEIGHT });
} finally {
  await world.close();
}
console.log(`${count} screenshots in ${OUT}`);
