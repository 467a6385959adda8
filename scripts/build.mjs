// Bundles src/ into dist/ (ESM, code-split so each CLI command loads only what it needs), then the
// dashboard (web/) into dist/web with Vite. Server dependencies stay external: resolved at run time.
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { build as buildWeb } from 'vite';
import { DIGEST_FILE, inputsDigest } from './build-inputs.mjs';

const root = new URL('..', import.meta.url).pathname;
// Taken before building: a source edited during the build leaves dist/ marked stale, not fresh.
const digest = inputsDigest();
rmSync(`${root}dist`, { recursive: true, force: true });
/** How server code is bundled (the service and the build-time renderer below). */
const serverBundle = {
  absWorkingDir: root,
  bundle: true,
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
  logLevel: 'warning',
};
await build({
  ...serverBundle,
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  splitting: true,
  sourcemap: 'linked',
});

// Every profile's tools/list answer, derived once here instead of at each `app mcp serve` start
// (src/surfaces/mcp/tool-listings.ts): the module is bundled on its own, run, and its output kept.
const renderer = `${root}dist/.render-tool-listings.mjs`;
await build({ ...serverBundle, entryPoints: ['src/surfaces/mcp/tool-listings.ts'], outfile: renderer });
const { renderToolListings, TOOL_LISTINGS_FILE } = await import(renderer);
writeFileSync(`${root}dist/${TOOL_LISTINGS_FILE}`, JSON.stringify(renderToolListings()));
rmSync(renderer);

// Always the production build of React and its JSX, whatever NODE_ENV the caller runs under (vitest
// sets `test`, which would give the development JSX runtime against production React).
process.env.NODE_ENV = 'production';
await buildWeb({ configFile: `${root}web/vite.config.ts`, mode: 'production', logLevel: 'warn' });
writeFileSync(DIGEST_FILE, digest);
