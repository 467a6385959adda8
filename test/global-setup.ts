// Once per run, in the main process. Builds dist/ unless it was built from the sources as they are (npm ci
// has just built a fresh clone), so CLI tests exercise the real `app` executable, never a stale bundle.
// SKIP_DIST_BUILD=1 skips it for a run of tests that never start the built bin (several people working in
// one checkout would otherwise delete each other's dist/ mid-run).
// Makes the directory for the Postgres suites' throwaway cluster, which the first of them to run starts
// (test/support/postgres.ts); the teardown stops it and deletes the directory.
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { distIsFresh } from '../scripts/build-inputs.mjs';
import { clusterTimes, makeClusterDir, removeCluster } from './support/postgres-cluster.js';

let clusterDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.SKIP_DIST_BUILD !== '1' && !distIsFresh()) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  }
  clusterDir = await makeClusterDir();
  project.provide('postgresClusterDir', clusterDir);
}

export async function teardown(): Promise<void> {
  if (!clusterDir) return;
  const times = clusterTimes(clusterDir);
  if (times) {
    console.log(
      `Postgres test cluster: initdb ${Math.round(times.initdbMs)} ms, start ${Math.round(times.startMs)} ms`,
    );
  }
  await removeCluster(clusterDir);
}
