// Bundles src/ into dist/ (ESM, code-split so each CLI command loads only what it needs).
// Dependencies stay external: they are resolved from node_modules at run time.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Pure-JS dependencies are bundled: resolving hundreds of small module files cost more at start-up
  // than parsing one chunk. Native and worker-thread packages stay external.
  external: ['better-sqlite3', 'pino', 'thread-stream', 'pino-*'],
  // Bundled CommonJS packages call require(); ESM output has none unless we make one.
  banner: {
    js: "import { createRequire as __appRequire } from 'node:module'; const require = __appRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});
