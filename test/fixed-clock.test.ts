// No test takes "today" from the machine: a test that reads the wall clock (`Date.now()`, `new Date()` with no
// argument) passes or fails by the day it runs. Tests stand on a fixed clock instead (the harness's fake clock,
// APP_CLOCK_AT and Playwright's clock in the browser worlds, vi.setSystemTime). Where the wall clock is what
// the line is about — a deadline, an elapsed time, a fake service keeping real time, a command under test
// that reads the real clock — the line says so with a `// wall clock: <why>` comment on it or just above it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const WALL_CLOCK = /\bDate\.now\(\)|\bnew Date\(\s*\)/;
const MARKER = /\/\/.*\bwall clock: \S/;

/** Every test file and every file of test support, fakes and browser worlds. */
function testCode(): string[] {
  const files: string[] = [];
  for (const [folder, all] of [
    ['test', true],
    ['e2e', true],
    ['src', false],
    ['web/src', false],
  ] as const) {
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry)) continue;
      if (all || /\.test\.tsx?$/.test(entry)) files.push(join(ROOT, folder, entry));
    }
  }
  return files;
}

/** Lines reading the wall clock without saying why, as `path:line: text`. */
function unexplainedWallClock(path: string, text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  lines.forEach((line, index) => {
    if (!WALL_CLOCK.test(line.replace(/\/\/.*$/, ''))) return;
    if (MARKER.test(line) || MARKER.test(lines[index - 1] ?? '')) return;
    found.push(`${path}:${index + 1}: ${line.trim()}`);
  });
  return found;
}

describe('tests stand on a fixed clock', () => {
  it('no test or test support reads the wall clock without saying why', () => {
    const files = testCode();
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      unexplainedWallClock(relative(ROOT, file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the check itself finds what it must', () => {
    // Built from parts, so this file does not hold the calls it looks for.
    const [now, today] = ['Date' + '.now()', 'new Date' + '()'];
    const probe = [
      `const today = ${today}.toISOString().slice(0, 10);`,
      `const soon = ${now} + 1000;`,
      '// wall clock: a deadline for the poll',
      `const deadline = ${now} + 5000;`,
      'const fixed = new Date("2026-11-18T15:00:00Z"); // a given instant is fine',
      `const started = ${now}; // wall clock: elapsed time`,
      `// ${now} in a comment is not a call`,
    ].join('\n');
    expect(unexplainedWallClock('probe.ts', probe)).toEqual([
      `probe.ts:1: const today = ${today}.toISOString().slice(0, 10);`,
      `probe.ts:2: const soon = ${now} + 1000;`,
    ]);
  });
});
