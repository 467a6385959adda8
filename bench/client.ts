// Platform client overhead and upload throughput against the fake platform in its own process (loopback):
// read latency p50/p99 through the client vs raw fetch to the same route, and a 100 MB chunked upload's
// throughput and memory growth.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ACCOUNT_ID } from '../src/contracts/account.js';
import { ConfigSchema } from '../src/contracts/config/config.js';
import { systemClock } from '../src/core/ports/clock.js';
import { createSocialBackend } from '../src/infra/social/create-social-backend.js';
import { TokenStore } from '../src/infra/social/token-store.js';
import { openDatabase } from '../src/infra/sqlite/open-database.js';
import { ApiUsageRepository } from '../src/infra/sqlite/repositories/api-usage-repository.js';
import { writeMedia } from '../test/support/media-files.js';

const READS = 3000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function startFake(): Promise<{ child: ChildProcess; url: string; token: string; refresh: string }> {
  const cli = new URL('../src/infra/sandbox/social/cli.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const token = /bearer token[^:]*: (\S+)/.exec(out)?.[1];
      const refresh = /refresh token: (\S*)/.exec(out)?.[1];
      if (url && token && refresh !== undefined) resolve({ child, url, token, refresh });
    });
    child.once('exit', (code) => reject(new Error(`fake exited ${code}: ${out}`)));
  });
}

interface Series {
  label: string;
  run: () => Promise<unknown>;
  samples: number[];
}

/** Runs the series interleaved (a, b, a, b…) so drift and warm-up hit both alike. */
async function timeInterleaved(n: number, series: Series[]): Promise<void> {
  for (let i = 0; i < 300; i++) for (const s of series) await s.run(); // warm-up: JIT, sockets, SQLite pages
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    for (const s of series) {
      const t = performance.now();
      await s.run();
      s.samples.push(performance.now() - t);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  for (const s of series) {
    s.samples.sort((a, b) => a - b);
    const share = s.samples.reduce((sum, x) => sum + x, 0) / 1000;
    console.log(
      `${s.label.padEnd(22)} ${(n / share).toFixed(0).padStart(6)} req/s  p50 ${percentile(s.samples, 50).toFixed(3)} ms  p99 ${percentile(s.samples, 99).toFixed(3)} ms`,
    );
  }
  console.log(`(${((n * series.length) / seconds).toFixed(0)} req/s overall)`);
}

export async function benchClient(): Promise<void> {
  const fake = await startFake();
  const dir = mkdtempSync(join(tmpdir(), 'app-bench-client-'));
  const database = openDatabase({ path: join(dir, 'app.db') });
  try {
    new TokenStore(join(dir, 'tokens.json')).write({
      access_token: fake.token,
      refresh_token: fake.refresh || undefined,
      token_type: 'bearer',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      scopes: [],
      user_id: '1000',
    });
    const config = ConfigSchema.parse({
      social_api: {
        client_id: 'bench',
        api_base_url: fake.url,
        upload_base_url: fake.url,
        token_url: `${fake.url}/2/oauth2/token`,
      },
    });
    const social = createSocialBackend({
      config,
      tokensPath: join(dir, 'tokens.json'),
      scraperSessionPath: join(dir, 'scraper_session.json'),
      clock: systemClock,
      usage: new ApiUsageRepository(database, DEFAULT_ACCOUNT_ID, systemClock),
    });
    const url = `${fake.url}/2/users/1001?user.fields=created_at,description,location,url,profile_image_url,protected,verified,public_metrics`;
    const headers = { authorization: `Bearer ${fake.token}` };
    // The fake's per-window limit would 429 thousands of reads; lift it.
    await fetch(`${fake.url}/__control/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate_limits: { 'GET /2/users/{id}': 1_000_000 } }),
    });

    console.log(`client read overhead (${READS} sequential GET /2/users/{id}, fake in another process)`);
    const raw: Series = {
      label: 'raw fetch',
      run: async () => (await fetch(url, { headers })).json(),
      samples: [],
    };
    const client: Series = {
      label: 'client getUserById',
      run: () => social.read.getUserById('1001'),
      samples: [],
    };
    await timeInterleaved(READS, [raw, client]);
    const overhead = percentile(client.samples, 50) - percentile(raw.samples, 50);
    console.log(
      `client overhead at p50: ${overhead.toFixed(3)} ms (ratio ${(percentile(client.samples, 50) / percentile(raw.samples, 50)).toFixed(2)}x)  target < 0.5 ms: ${overhead < 0.5 ? 'ok' : 'OVER TARGET'}`,
    );

    const video = writeMedia(join(dir, 'big.mp4'), 'mp4', 100 * 1024 * 1024);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const media = await social.write.uploadMedia(video);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growth = (peak - rssBefore) / 1024 / 1024;
    console.log(
      `100 MB chunked upload: ${seconds.toFixed(2)} s (${(100 / seconds).toFixed(1)} MB/s, ${media.segments} chunks), peak RSS growth ${growth.toFixed(1)} MB  target < 100 MB: ${growth < 100 ? 'ok' : 'OVER TARGET'}`,
    );
  } finally {
    fake.child.kill();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
