// The live event stream's cost on an approval's path: queue a post (POST /api/content/compose in approval
// mode) then approve it (POST /api/approval/{id}/approve), over a real socket, with no event stream open and
// with one open (the watcher polling SQLite every 500 ms); medians of interleaved rounds. Target: the stream
// adds under 1 ms. Also reported: how long an item takes to reach the open stream.
import { latencyStats } from '../src/core/domain/latency-stats.js';
import { startHttpHarness } from '../test/support/http-harness.js';
import { openEventStream } from '../test/support/sse-client.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = 20;
const TARGET_MS = 1;

export async function benchApprovalEvents(): Promise<void> {
  const h = await startHttpHarness({ approval_mode: true });
  const base = await h.server.listen({ host: '127.0.0.1', port: 0 });
  const headers = { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  let n = 0;
  /** One queue → approve path; answers its duration and the queued item's id. */
  const path = async () => {
    const started = performance.now();
    const queued = await post('/api/content/compose', {
      content_type: 'tweet',
      content: `bench post ${n++}`,
    });
    const id = queued.approval_id as number;
    await post(`/api/approval/${id}/approve`, {});
    return { ms: performance.now() - started, id };
  };
  try {
    for (let i = 0; i < PER_ROUND; i++) await path(); // warm-up: JIT, statement caches, connection pool
    const without: number[] = [];
    const withStream: number[] = [];
    const delivery: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < PER_ROUND; i++) without.push((await path()).ms);
      const stream = await openEventStream(`${base}/api/events`, { authorization: `Bearer ${h.token}` });
      await stream.next((e) => e.type === 'ready', 'ready');
      for (let i = 0; i < PER_ROUND; i++) {
        const { ms, id } = await path();
        withStream.push(ms);
        if (i === PER_ROUND - 1) {
          const sent = performance.now();
          // Queued and approved between two polls, it arrives as one change (queued, status approved).
          await stream.next((e) => 'id' in e && e.id === id, 'the last approval');
          delivery.push(performance.now() - sent);
        }
      }
      stream.close();
      await stream.ended;
    }
    const a = latencyStats(without);
    const b = latencyStats(withStream);
    const added = Math.round((b.p50 - a.p50) * 1000) / 1000;
    const round3 = (v: number) => Math.round(v * 1000) / 1000;
    console.log(
      `queue→approve without a stream: median ${round3(a.p50)} ms, p95 ${round3(a.p95)} ms (${without.length} paths)`,
    );
    console.log(
      `queue→approve with a stream open: median ${round3(b.p50)} ms, p95 ${round3(b.p95)} ms (${withStream.length} paths)`,
    );
    console.log(
      `added by the stream: ${added} ms median (target < ${TARGET_MS} ms: ${added < TARGET_MS ? 'met' : 'NOT met'}); ratio ${round3(b.p50 / a.p50)}`,
    );
    console.log(
      `the item's change reached the open stream within ${round3(latencyStats(delivery).p50)} ms median of the approval's answer (poll every 500 ms)`,
    );
  } finally {
    await h.close();
  }
}
