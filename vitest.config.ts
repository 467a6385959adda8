import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at once on the 2-core machines: the browser and process tests mostly wait (on Chromium, a
    // server, a fake), so the suite takes 8.5 min instead of 12 with vitest's default of one worker here.
    maxWorkers: 2,
  },
});
