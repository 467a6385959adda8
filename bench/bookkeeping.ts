// What the gateway's account-wide pacing and the platform bill add to one agent mutation, measured alone on
// a file database as the service has it (WAL): the pacing slot (one immediate transaction), and a call's
// row priced and charged against a plain usage row. The tool-server bench times whole calls, where this
// share is smaller than the run-to-run spread (target: under 0.2 ms p99 added to a like).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classifyPlatformCall } from '../src/core/domain/platform-prices.js';
import { openDatabase } from '../src/infra/sqlite/open-database.js';
import { ApiUsageRepository } from '../src/infra/sqlite/repositories/api-usage-repository.js';
import { PacingRepository } from '../src/infra/sqlite/repositories/pacing-repository.js';

const ACCOUNT = '00000000-0000-0000-0000-000000000000';
const RUNS = 5000;
const START = Date.parse('2026-11-18T15:00:00.000Z');

async function timed(run: (i: number) => unknown): Promise<{ p50: number; p99: number }> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(RUNS / 2)] ?? 0, p99: samples[Math.floor(RUNS * 0.99)] ?? 0 };
}

const fmt = ({ p50, p99 }: { p50: number; p99: number }) =>
  `p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms`;

export async function benchBookkeeping(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bookkeeping-'));
  const database = openDatabase({ path: join(dir, 'app.db') });
  try {
    let now = START;
    const pacing = new PacingRepository(database, ACCOUNT);
    const usage = new ApiUsageRepository(database, ACCOUNT, { now: () => new Date(now) });
    const call = {
      host: 'api.x.com',
      method: 'POST',
      endpoint: '/2/users/{id}/likes',
      status: 200,
      latencyMs: 3,
    };
    // Each is awaited: the store's writes are promises (on SQLite the reservation and a priced row are one
    // synchronous transaction inside).
    const slot = await timed((i) => {
      now = START + i * 1000;
      return pacing.reserve({ actor: 'agent', action: 'like_tweet', now: new Date(now), gapMs: 0 });
    });
    const plain = await timed(() => usage.record(call));
    const priced = await timed(() =>
      usage.record({
        ...call,
        charge: classifyPlatformCall({ method: 'POST', host: 'api', path: '/2/users/1000/likes', body: {} }),
      }),
    );
    console.log(`pacing slot (reserve)             ${fmt(slot)}`);
    console.log(`usage row, plain                  ${fmt(plain)}`);
    console.log(`usage row, classified and priced  ${fmt(priced)}`);
    const added = slot.p99 + Math.max(0, priced.p99 - plain.p99);
    console.log(
      `added to a like: p99 ${added.toFixed(3)} ms (slot + pricing over a plain row)  target < 0.2 ms: ${added < 0.2 ? 'ok' : 'OVER TARGET'}`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
