import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run in a fresh process each: the simulations, minutes of CPU each once: in a worker that had
 * run a hundred files before, a simulated month took 181 s instead of 75 s.
 */
const OWN_PROCESS = ['test/autopilot/simulated-*.test.ts', 'test/cli/simulate.test.ts'];

/**
 * The files that take half a minute or more in CI, started first in this order: a long file that starts
 * last runs alone while the other worker has nothing left (a fresh clone has no timings to order by).
 */
const LONG_FILES = [
  'test/publishing/kill-matrix.test.ts',
  'test/scale/exactly-once-workers.test.ts',
  'e2e/accessibility.test.ts',
  'e2e/layout.test.ts',
  'e2e/instants.test.ts',
  'e2e/screenshots.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects keep the base order (one runs after the other); within one, the long files go first.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const rank = (spec: TestSpecification) => {
      const long = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return (
        projects.indexOf(spec.project.name) * (LONG_FILES.length + 1) +
        (long === -1 ? LONG_FILES.length : long)
      );
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // APP_TEST_CPU_REPORT=1: each file's CPU time into .reports/cpu-by-file.jsonl. Only then: a setup file
    // costs every file a little (4 s of setup over the suite).
    setupFiles: process.env.APP_TEST_CPU_REPORT === '1' ? ['test/cpu-by-file.setup.ts'] : [],
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // expect.poll waits for a state the test caused (a save stored, a page navigated, a job settled); vitest's
    // 1 s default is the whole round trip's budget, which three files at once on two cores can overrun (the
    // home page's New draft took longer to POST and navigate in a fresh-clone run). A poll that matches
    // returns at once, so only a failing one waits longer.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Three files at once on the 2-core machines: the browser and process tests often wait (on Chromium, a
    // server, a fake, Postgres). Measured in a fresh-clone CI run: npm test 849 s with three, 924 s with two
    // (vitest's default here is one).
    maxWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts', 'e2e/**/*.test.ts'],
          exclude: OWN_PROCESS,
          // Each worker keeps its modules from one file to the next instead of a fresh process per file:
          // most files import the whole app (fastify, the MCP and AI SDKs, every operation), and importing
          // it again for each of 315 files was the largest share of the suite (import 393 s of 845 s; 31 s
          // without). So a test leaves no global state behind: real timers restored, no process.env
          // changes, no vi.mock.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
