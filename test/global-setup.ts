// Builds dist/ once per run so CLI tests exercise the real `app` executable, never a stale bundle.
import { execFileSync } from 'node:child_process';

export function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
