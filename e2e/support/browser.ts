// Debian Chromium driven by playwright-core, in a fresh profile per test (launch() refuses
// --user-data-dir, so a persistent context on a temp dir). No download: the system browser only. Given the
// world's clock, every page's Date and timers run from its instant (Playwright's clock), as the server's do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.APP_E2E_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function openBrowser(
  options: {
    colorScheme?: 'light' | 'dark';
    hasTouch?: boolean;
    viewport?: { width: number; height: number };
    /** The world's clock: pages read its instant (and run on from it) instead of the real time. */
    clock?: { now(): number };
    /** The browser's own zone (default: the machine's); the dashboard shows times in the account's. */
    timezoneId?: string;
  } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'app-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    // A touch screen makes `(pointer: coarse)` match, as on a phone.
    hasTouch: options.hasTouch ?? false,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (options.clock) await context.clock.install({ time: options.clock.now() });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Two frames of the page, as a hand pauses: dnd-kit measures after it renders a move (and ignores the next
 * key until then), and a sortable's transitions start in the frame after the move that caused them.
 */
export const twoFrames = (page: Page) =>
  page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
