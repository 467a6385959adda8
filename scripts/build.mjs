// Bundles src/ into dist/ (ESM, code-split so each CLI command loads only what it needs), then the
// dashboard (web/) into dist/web with Vite. Server dependencies stay external: resolved at run time.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { build as buildWeb } from 'vite';

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

// Always the production build of React and its JSX, whatever NODE_ENV the caller runs under (vitest
// sets `test`, which would give the development JSX runtime against production React).
process.env.NODE_ENV = 'production';
await buildWeb({ configFile: `${root}web/vite.config.ts`, mode: 'production', logLevel: 'warn' });
