// `npm run screenshots` keeps working (issue 26, item 4): the script itself runs, on two of its screens, and
// writes one PNG per screen, width and theme — each the width it names, a full page at least as tall as the
// window, not one flat colour, and the dark one darker than the light one. The pixels are read back in
// Chromium (a canvas), the browser the script photographs with. A screen name the script does not know is
// refused with the list of the ones it knows.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { imageSize } from 'image-size';
import { afterAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.js';
import { LAYOUT_HEIGHT } from './support/layout-world.js';

const run = promisify(execFile);
const TSX = join('node_modules', '.bin', 'tsx');
const out = mkdtempSync(join(tmpdir(), 'app-screenshots-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

// Runs in the page (a string: this file is type-checked without the DOM's types).
const PIXELS = `async (url) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  const colours = new Set();
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) {
    colours.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
    sum += 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
  }
  return { colours: colours.size, luminance: sum / (data.length / 4) };
}`;

/** Distinct colours (quantised to 4 bits a channel) and mean luminance of a PNG, as Chromium decodes it. */
async function pixelsOf(files: string[]): Promise<Map<string, { colours: number; luminance: number }>> {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    const found = new Map<string, { colours: number; luminance: number }>();
    for (const file of files) {
      const src = `data:image/png;base64,${readFileSync(join(out, file)).toString('base64')}`;
      found.set(
        file,
        (await page.evaluate(`(${PIXELS})(${JSON.stringify(src)})`)) as {
          colours: number;
          luminance: number;
        },
      );
    }
    return found;
  } finally {
    await browser.close();
  }
}

describe('npm run screenshots', () => {
  it('writes a PNG of each screen at 1280 and 390 in both themes, drawn and not blank', async () => {
    await run(TSX, ['scripts/screenshots.ts', out, '--only', 'home,drafts-thread'], { timeout: 150_000 });
    const files = readdirSync(out).sort();
    expect(files).toEqual(
      ['drafts-thread', 'home'].flatMap((screen) =>
        [1280, 390].flatMap((width) => [`${screen}-${width}-dark.png`, `${screen}-${width}-light.png`]),
      ),
    );
    for (const file of files) {
      const size = imageSize(readFileSync(join(out, file)));
      expect(size.width, file).toBe(Number(file.split('-').at(-2)));
      expect(size.height, file).toBeGreaterThanOrEqual(LAYOUT_HEIGHT);
    }
    const pixels = await pixelsOf(files);
    for (const [file, { colours }] of pixels)
      expect(colours, `${file}: distinct colours`).toBeGreaterThan(50);
    for (const file of files.filter((name) => name.endsWith('-dark.png'))) {
      const light = file.replace('-dark.png', '-light.png');
      expect(pixels.get(file)?.luminance, `${file} darker than ${light}`).toBeLessThan(
        (pixels.get(light)?.luminance ?? 0) - 50,
      );
    }
  }, 180_000);

  it('refuses a screen it does not know, naming the ones it has', async () => {
    const failed = await run(TSX, ['scripts/screenshots.ts', out, '--only', 'home,nowhere']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(
      /unknown screen nowhere; the screens are home, drafts-post/,
    );
  });
});
