// Writes src/infra/sqlite/db-types.ts from the migrations; `--check` only compares and exits 1 on drift (CI).
import { readFileSync, writeFileSync } from 'node:fs';
import { packagePath } from '../src/infra/package-root.js';
import { renderDbTypes } from '../src/infra/sqlite/render-db-types.js';

const target = packagePath('src', 'infra', 'sqlite', 'db-types.ts');
const check = process.argv.includes('--check');
const next = await renderDbTypes();
let current = '';
try {
  current = readFileSync(target, 'utf8');
} catch {
  // Missing file: treated as drift by --check, created otherwise.
}

if (check) {
  if (current !== next) {
    console.error(`${target} is out of date; run: npx tsx scripts/gen-db-types.ts`);
    process.exit(1);
  }
  console.log('db-types.ts is up to date');
} else if (current === next) {
  console.log('db-types.ts unchanged');
} else {
  writeFileSync(target, next);
  console.log(`wrote ${target}`);
}
