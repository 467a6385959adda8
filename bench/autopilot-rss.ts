// Child process of bench/autopilot.ts (run with --expose-gc): one simulated week, then — loops still
// scheduled, idle between turns — a full GC and the process's RSS, printed as JSON on stdout. The figure
// includes the in-process fakes (platform and LLM) and the TypeScript loader: an upper bound for `app serve`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSimulation } from '../src/automation/simulation/run-simulation.js';
import { ConfigSchema } from '../src/contracts/config/config.js';

const config = ConfigSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const dir = mkdtempSync(join(tmpdir(), 'bench-rss-'));
let rss = 0;
let heap = 0;
try {
  await runSimulation({
    config,
    workDir: dir,
    days: 7,
    seed: 5,
    faults: true,
    afterRun: () => {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      gc?.();
      rss = process.memoryUsage().rss;
      heap = process.memoryUsage().heapUsed;
    },
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify({ rss, heap }));
