#!/usr/bin/env node
// The `app` executable: runs the bundle that `npm ci` (prepare) or `npm run build` produces.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('app: dist/main.js is missing; run `npm run build` (npm ci does it for you)\n');
  process.exit(1);
}
await import(entry.href);
