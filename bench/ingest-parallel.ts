// Parallel note ingest against the built `app serve`: ten POST /api/ingest of 1,000 notes each at once (new
// paths every round, so every note is stored), while GET /api/health is asked every 20 ms. Reports the
// health latency during the ingests (median and max over 3 rounds; target: median under 50 ms, the server
// keeps answering; it was 3.2 s when each ingest held the event loop to its end) and how long the ten
// ingests took together.
import { readFileSync } from 'node:fs';
import { latencyStats } from '../src/core/domain/latency-stats.js';
import { startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { killHard, prepareFakeHome, serve } from '../test/support/serve-process.js';
import { createTempHome } from '../test/support/temp-home.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PARALLEL = 10;
const NOTES = 1000;
const TARGET_P50_MS = 50;

/** A note of about 600 bytes: a heading, two paragraphs, a list (1,000 of them stay under the 1 MiB body). */
function note(round: number, ingest: number, i: number) {
  const words = `round ${round} ingest ${ingest} note ${i} changelog release terminal docs`;
  return {
    relative_path: `bench/r${round}/i${ingest}/note-${i}.md`,
    body_text: `# Note ${i}\n\n${`${words} `.repeat(3)}\n\n## Why\n\n${words}\n\n- one\n- two\n- ${words}\n`,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchIngestParallel(): Promise<void> {
  const fake = await startFakeSocial();
  const home = createTempHome();
  prepareFakeHome(home, fake);
  const server = await serve(home.env);
  const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const ingest = async (round: number, k: number) => {
    const body = JSON.stringify({ inline_nodes: Array.from({ length: NOTES }, (_, i) => note(round, k, i)) });
    const answer = await fetch(`${server.url}/api/ingest`, { method: 'POST', headers, body });
    const result = (await answer.json()) as { ingested: number };
    if (result.ingested !== NOTES) throw new Error(`ingest ${k}: ${JSON.stringify(result).slice(0, 300)}`);
  };
  try {
    await ingest(-1, 0); // warm-up: JIT, statement caches
    const health: number[] = [];
    const totals: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let running = true;
      const started = performance.now();
      const ingests = Promise.all(Array.from({ length: PARALLEL }, (_, k) => ingest(round, k))).finally(
        () => {
          running = false;
        },
      );
      await sleep(20); // the bodies are on their way
      while (running) {
        const asked = performance.now();
        const answer = await fetch(`${server.url}/api/health`);
        await answer.arrayBuffer();
        if (running) health.push(performance.now() - asked);
        await sleep(20);
      }
      await ingests;
      totals.push(performance.now() - started);
    }
    const h = latencyStats(health);
    const t = latencyStats(totals);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      `health during ${PARALLEL} × ${NOTES}-note ingests: p50 ${ms(h.p50)}, max ${ms(h.max)} over ${health.length} requests (target p50 < ${TARGET_P50_MS} ms: ${h.p50 < TARGET_P50_MS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `${PARALLEL} ingests together: median ${ms(t.p50)} (rounds ${totals.map((v) => v.toFixed(0)).join(', ')} ms)`,
    );
  } finally {
    await killHard(server);
    await fake.close();
    home.cleanup();
  }
}
