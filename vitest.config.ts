import { defineConfig } from 'vitest/config';

/**
 * Files that run in a fresh process each. The two that load axe-core into Node (through
 * @axe-core/playwright): axe's bundle puts core-js polyfills on the global object, which slow every RegExp
 * split and replace of the process that loaded it. And the simulations, minutes of CPU each: in a worker
 * that had run a hundred files before, a simulated month took 181 s instead of 75 s.
 */
const OWN_PROCESS = [
  'e2e/accessibility.test.ts',
  'e2e/analytics.test.ts',
  'test/autopilot/simulated-*.test.ts',
  'test/cli/simulate.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at once on the 2-core machines: the browser and process tests mostly wait (on Chromium, a
    // server, a fake), so the suite takes 8.5 min instead of 12 with vitest's default of one worker here.
    maxWorkers: 2,
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
