// Cold start of the built CLI: `app --help` and `app settings --show`, median of 10 runs each (target < 300 ms).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = new URL('../bin/app.js', import.meta.url).pathname;
const RUNS = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function time(args: string[], env: Record<string, string>): number[] {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0)
      throw new Error(`app ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  }
  return samples;
}

export function benchCliStart(): void {
  const home = mkdtempSync(join(tmpdir(), 'app-bench-'));
  writeFileSync(
    join(home, 'config.toml'),
    '[business]\nproduct_name = "Acme"\nproduct_keywords = ["cli"]\n[llm]\nprovider = "ollama"\n',
  );
  const env = { APP_HOME: home, HOME: home };
  try {
    const baseline = median(nodeBaseline());
    for (const args of [['--help'], ['settings', '--show']]) {
      const samples = time(args, env);
      const m = median(samples);
      const verdict = m < 300 ? 'ok' : 'OVER TARGET';
      console.log(
        `app ${args.join(' ').padEnd(16)} median ${m.toFixed(1)} ms  (min ${Math.min(...samples).toFixed(1)}, max ${Math.max(...samples).toFixed(1)}; bare node ${baseline.toFixed(1)} ms, ratio ${(m / baseline).toFixed(2)}x)  target < 300 ms: ${verdict}`,
      );
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function nodeBaseline(): number[] {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '']);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}
