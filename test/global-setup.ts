// Builds dist/ once per run so CLI tests exercise the real `app` executable, never a stale bundle.
// SKIP_DIST_BUILD=1 skips it for a run of tests that never start the built bin (several people working
// in one checkout would otherwise delete each other's dist/ mid-run).
import { execFileSync } from 'node:child_process';

export function setup(): void {
  if (process.env.SKIP_DIST_BUILD === '1') return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
