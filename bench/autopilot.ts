// Autopilot: (1) a simulated week of every loop with the default limits and intervals (a business profile
// and two target accounts so every loop has work), wall time per run, median of 3 (target < 10 s);
// (2) one discovery iteration over 100 search results — score, dedup against the feed, store — with the
// platform's answer time taken out, median of 20 (target < 20 ms); (3) the resident set of the built
// `app serve` on that week's database with every loop running, idle between turns (target < 150 MB).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runSimulation } from '../src/app/simulation/run-simulation.js';
import { ConfigSchema } from '../src/contracts/config/config.js';
import type { SocialRead } from '../src/core/ports/social.js';
import { findReplyOpportunities } from '../src/core/services/discovery/find-reply-opportunities.js';
import { discoveryServices } from '../src/operations/discovery/discovery-services.js';
import { startAppHarness } from '../test/support/app-harness.js';
import { measureServeRss } from './autopilot-rss.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const config = ConfigSchema.parse({
  approval_mode: false,
  business: {
    product_name: 'Queuebird',
    product_keywords: ['sqlite', 'job queue'],
    competitor_keywords: ['sidekiq'],
    industry_topics: ['background jobs', 'devops'],
  },
  targets: { accounts: ['big_vendor', 'queue_news'] },
  llm: { provider: 'openai', api_key: 'stand-in' },
});

async function simulatedWeek(): Promise<void> {
  const times: number[] = [];
  let posted = 0;
  for (let run = 0; run < 3; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-autopilot-'));
    try {
      const started = performance.now();
      const result = await runSimulation({ config, workDir: dir, days: 7, seed: 11 + run, faults: true });
      times.push(performance.now() - started);
      posted = result.days.reduce((n, d) => n + d.posted.length, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const ms = median(times);
  console.log(
    `simulated week (all loops, faults): median ${(ms / 1000).toFixed(2)} s over 3 runs ` +
      `[${times.map((t) => (t / 1000).toFixed(2)).join(', ')}], ${posted} posts in the last week — target < 10 s: ${ms < 10_000 ? 'met' : 'MISSED'}`,
  );
}

async function serveMemory(): Promise<void> {
  const idle = await measureServeRss(config, { loops: false });
  const busy = await measureServeRss(config, { loops: true });
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  console.log(
    `RSS of the built \`app serve\` on a simulated week's database (${mb(busy.dbBytes)} MB), idle between turns, ` +
      `median of 10 samples: ${busy.loops} loops running ${mb(busy.rss)} MB; without loops ${mb(idle.rss)} MB — ` +
      `target < 150 MB: ${busy.rss < 150 * 2 ** 20 ? 'met' : 'MISSED'}`,
  );
  const failing = busy.ran.filter((loop) => loop.includes('(error'));
  console.log(
    `  loops that took a turn: ${busy.ran.length}/${busy.loops}; in error: ${failing.length > 0 ? failing.join('; ') : 'none'}`,
  );
}

async function discoveryIteration(): Promise<void> {
  const h = await startAppHarness({ config: { business: { product_keywords: ['sqlite'] } } });
  try {
    const services = discoveryServices(h.app.deps.forOperations);
    let waited = 0;
    const read = new Proxy(services.read, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'searchRecent' || typeof value !== 'function') return value;
        return async (...args: Parameters<SocialRead['searchRecent']>) => {
          const started = performance.now();
          try {
            return await value.apply(target, args);
          } finally {
            waited += performance.now() - started;
          }
        };
      },
    });
    const authors = Array.from({ length: 25 }, (_, i) => `bench_author_${i}`);
    h.fake.state.seed({ users: authors.map((username, i) => ({ username, followers_count: 100 + i * 40 })) });
    const times: number[] = [];
    for (let round = 0; round < 25; round++) {
      h.fake.state.seed({
        tweets: Array.from({ length: 100 }, (_, i) => ({
          author_username: authors[i % authors.length] as string,
          text: `round ${round} post ${i}: is sqlite enough for a job queue at our scale?`,
          minutes_ago: 1 + (i % 50),
          like_count: i % 30,
        })),
      });
      waited = 0;
      const started = performance.now();
      const found = await findReplyOpportunities(
        { ...services, read },
        { query: `"round ${round} post"`, limit: 20 },
      );
      const spent = performance.now() - started - waited;
      if (found.searched !== 100) throw new Error(`expected 100 results, got ${found.searched}`);
      if (round >= 5) times.push(spent);
    }
    const ms = median(times);
    console.log(
      `discovery iteration over 100 results (score, dedup, store; platform time excluded): median ${ms.toFixed(2)} ms over 20 — target < 20 ms: ${ms < 20 ? 'met' : 'MISSED'}`,
    );
  } finally {
    await h.close();
  }
}

export async function benchAutopilot(): Promise<void> {
  await discoveryIteration();
  await simulatedWeek();
  await serveMemory();
}
