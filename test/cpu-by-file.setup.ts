// `APP_TEST_CPU_REPORT=1 npm test`: each test file's CPU time (its worker process and the child processes it
// reaped: servers, workers, Chromium) is appended to .reports/cpu-by-file.jsonl, so the files that cost the
// suite its time can be found (a file's duration says how long it ran, not what it cost on two shared
// cores). vitest.config.ts loads it only with the variable set. Postgres's own CPU is not counted (not a child).
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

const REPORT = '.reports/cpu-by-file.jsonl';
const enabled = process.env.APP_TEST_CPU_REPORT === '1';

/** CPU milliseconds of this process and of its reaped children (utime+stime, cutime+cstime). */
function cpu(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ms = (...at: number[]) => at.reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) * 10;
  return { self: ms(11, 12), children: ms(13, 14) };
}

if (enabled) {
  let start = cpu();
  // wall clock: the file's elapsed time, beside its CPU
  let began = Date.now();
  beforeAll(() => {
    start = cpu();
    // wall clock: the file's elapsed time, beside its CPU
    began = Date.now();
  });
  afterAll(() => {
    const end = cpu();
    mkdirSync('.reports', { recursive: true });
    const row = {
      file: expect.getState().testPath ?? '?',
      self_ms: end.self - start.self,
      children_ms: end.children - start.children,
      // wall clock: the file's elapsed time, beside its CPU
      wall_ms: Date.now() - began,
    };
    appendFileSync(REPORT, `${JSON.stringify(row)}\n`);
  });
}
