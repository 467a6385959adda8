// Config reload: the time from a write of the config file to the new value being visible in a running
// `app mcp serve` (the built bin over stdio; its get_mode answer is polled every 10 ms), median of 20 writes
// alternating autopilot and composer. Target: under 1 s (the bar is 2 s).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from '../src/core/domain/latency-stats.js';
import { startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../src/infra/sandbox/store-fake-login.js';
import { fakePlatformEnv, startStdioToolServer } from '../test/support/stdio-tool-server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

export async function benchConfigReload(): Promise<void> {
  const fake = await startFakeSocial();
  const home = mkdtempSync(join(tmpdir(), 'app-bench-reload-'));
  storeFakeLogin(fake, join(home, 'tokens.json'));
  const configPath = join(home, 'config.toml');
  const write = (mode: string) => writeFileSync(configPath, `# bench\nmode = "${mode}"\n`, { mode: 0o600 });
  write('autopilot');
  const server = await startStdioToolServer(fakePlatformEnv(fake, home));
  try {
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const mode = i % 2 === 0 ? 'composer' : 'autopilot';
      const written = performance.now();
      write(mode);
      for (;;) {
        const answer = (await server.call('get_mode')) as { data: { mode: string } };
        if (answer.data.mode === mode) break;
        if (performance.now() - written > 10_000) throw new Error('no reload within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      samples.push(performance.now() - written);
    }
    samples.sort((a, b) => a - b);
    const median = percentile(samples, 50);
    console.log(
      `config reload (write → visible in app mcp serve), ${ROUNDS} writes: median ${median.toFixed(0)} ms, ` +
        `p95 ${percentile(samples, 95).toFixed(0)} ms, max ${(samples.at(-1) ?? 0).toFixed(0)} ms  ` +
        `target median < 1000 ms: ${median < 1000 ? 'ok' : 'OVER TARGET'}`,
    );
  } finally {
    await server.close();
    await fake.close();
    rmSync(home, { recursive: true, force: true });
  }
}
