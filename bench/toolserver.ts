// The tool server under load, against the fake platform on loopback.
// 1. Over stdio (the built `app mcp serve`, env-only config): round-trip p50/p99 of get_config, score_tweet,
//    get_tweet_by_id and the policy-gated social_like_tweet, 1,000 calls each, and cold start (spawn →
//    initialize → tools/list answered), median of 5.
// 2. In process: the server-side overhead of a call (argument parsing, envelope, policy engine, idempotency,
//    audit and telemetry writes): the call's time minus the time spent waiting on the platform (fetch).
//    Targets: overhead p50 < 1 ms, p99 < 5 ms; cold start < 400 ms. Then the tools/list answer per
//    profile and exposure (full, compact), in characters and estimated tokens.
// 3. Over streamable HTTP (the same server factory behind `app mcp serve --transport http`, SDK client on
//    loopback): p50/p99 of get_config and social_like_tweet (target p50 < 2 ms), then 16 concurrent clients
//    for BENCH_HTTP_SECONDS (default 30): throughput, p99 and errors (target 0).
// On SQLite by default; given Postgres (bench/workers.ts runs it on both), each part keeps its data in a
// fresh database of its own (`[storage] url`). Answers every figure's p50 and p99 in milliseconds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, createApp } from '../src/app/wiring/create-app.js';
import { ConfigSchema } from '../src/contracts/config/config.js';
import { TOOL_PROFILES } from '../src/contracts/tools/tool-binding.js';
import { percentile } from '../src/core/domain/latency-stats.js';
import { createLogger } from '../src/infra/logging/create-logger.js';
import { addTweet } from '../src/infra/sandbox/social/factory.js';
import { type FakeSocial, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../src/infra/sandbox/store-fake-login.js';
import { startHttpToolServer } from '../src/surfaces/mcp/http-server.js';
import { invokeTool } from '../src/surfaces/mcp/invoke-tool.js';
import { profileTools } from '../src/surfaces/mcp/profile-tools.js';
import { connectHttp } from '../test/mcp/http-support.js';
import { fakePlatformEnv, startStdioToolServer } from '../test/support/stdio-tool-server.js';
import { estimatedTokens, listedSize } from '../test/support/tool-listing-size.js';
import type { BenchPostgres } from './postgres.js';

/** A bench's latencies by figure: p50 and p99 in milliseconds. */
export type Figures = Record<string, { p50: number; p99: number }>;

const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const COLD_STARTS = 5;

const ms = (n: number) => `${n.toFixed(2)} ms`;

interface Case {
  tool: string;
  args: (i: number) => Record<string, unknown>;
}

/** 1,000 distinct posts so every like is a real, policy-gated mutation (no idempotent short cut). */
function seedPosts(fake: FakeSocial): string[] {
  return Array.from(
    { length: CALLS + 400 },
    (_, i) => addTweet(fake.state, { authorId: '1001', text: `bench post ${i} about rust cli tools` }).id,
  );
}

function cases(ids: string[]): Case[] {
  const tweet = {
    text: 'Building a Rust CLI for developers',
    author_followers: 12_000,
    likes: 40,
    retweets: 5,
    replies: 3,
    created_at: new Date().toISOString(),
  };
  return [
    { tool: 'get_config', args: () => ({}) },
    { tool: 'score_tweet', args: () => ({ tweet }) },
    { tool: 'get_tweet_by_id', args: (i) => ({ tweet_id: ids[i % ids.length] }) },
    { tool: 'social_like_tweet', args: (i) => ({ tweet_id: ids[i] }) },
  ];
}

const POLICY_ENV = {
  APP_MCP_POLICY__REQUIRE_APPROVAL_FOR: '',
  APP_MCP_POLICY__MAX_MUTATIONS_PER_HOUR: '100000',
  APP_LOGGING__LEVEL: 'error',
};

async function overStdio(
  fake: FakeSocial,
  home: string,
  ids: string[],
  figures: Figures,
  url?: string,
): Promise<void> {
  const env = fakePlatformEnv(fake, home, { ...POLICY_ENV, ...(url ? { APP_STORAGE__URL: url } : {}) });
  const starts: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    const t0 = performance.now();
    const s = await startStdioToolServer(env);
    await s.client.listTools();
    starts.push(performance.now() - t0);
    await s.close();
  }
  starts.sort((a, b) => a - b);
  figures['cold start (median, max of 5)'] = {
    p50: percentile(starts, 50),
    p99: starts[starts.length - 1] ?? 0,
  };
  console.log(
    `cold start (spawn → tools/list)  median ${ms(percentile(starts, 50))}  min ${ms(starts[0] ?? 0)}  target < 400 ms: ${percentile(starts, 50) < 400 ? 'ok' : 'OVER TARGET'}`,
  );

  const s = await startStdioToolServer(env);
  try {
    for (const c of cases(ids.slice(CALLS))) {
      for (let i = 0; i < 100; i++)
        await s.call(c.tool, c.tool === 'social_like_tweet' ? { tweet_id: ids[CALLS + i] } : c.args(i));
    }
    for (const c of cases(ids)) {
      const samples: number[] = [];
      let failures = 0;
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        const result = await s.call(c.tool, c.args(i));
        samples.push(performance.now() - t0);
        if (!result.success) failures++;
      }
      samples.sort((a, b) => a - b);
      figures[`stdio ${c.tool}`] = { p50: percentile(samples, 50), p99: percentile(samples, 99) };
      console.log(
        `stdio ${c.tool.padEnd(18)} p50 ${ms(percentile(samples, 50))}  p99 ${ms(percentile(samples, 99))}  (${CALLS} calls, ${failures} failed)`,
      );
    }
  } finally {
    await s.close();
  }
}

async function inProcess(
  fake: FakeSocial,
  home: string,
  ids: string[],
  figures: Figures,
  url?: string,
): Promise<void> {
  const config = ConfigSchema.parse({
    storage: { url },
    social_api: {
      client_id: 'test-client',
      api_base_url: fake.url,
      upload_base_url: fake.url,
      token_url: `${fake.url}/2/oauth2/token`,
    },
    mcp_policy: { require_approval_for: [], max_mutations_per_hour: 100_000 },
    // Every like goes through the account's pacing (its slot is taken), with no gap to wait out.
    limits: { min_action_delay_seconds: 0, max_action_delay_seconds: 0 },
  });
  const app: App = await createApp({ config, dataDir: home, logger: createLogger({ level: 'silent' }) });
  const tools = new Map(profileTools('write').map((op) => [op.tool.name, op]));
  // Time spent waiting on the platform, so it can be taken out of each call.
  const realFetch = globalThis.fetch;
  let waiting = 0;
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const t0 = performance.now();
    try {
      return await realFetch(...args);
    } finally {
      waiting += performance.now() - t0;
    }
  };
  try {
    const all = cases(ids);
    for (const c of all) {
      const op = tools.get(c.tool);
      if (!op) throw new Error(`no tool ${c.tool}`);
      for (let i = 0; i < 50; i++)
        await invokeTool(
          app.deps,
          op,
          c.tool === 'social_like_tweet' ? { tweet_id: ids[CALLS + 200 + i] } : c.args(i),
          'write',
        );
      const overhead: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        waiting = 0;
        const t0 = performance.now();
        await invokeTool(app.deps, op, c.args(i), 'write');
        overhead.push(performance.now() - t0 - waiting);
      }
      overhead.sort((a, b) => a - b);
      const p50 = percentile(overhead, 50);
      const p99 = percentile(overhead, 99);
      figures[`overhead ${c.tool}`] = { p50, p99 };
      console.log(
        `overhead ${c.tool.padEnd(18)} p50 ${ms(p50)}  p99 ${ms(p99)}  targets p50 < 1 ms, p99 < 5 ms: ${p50 < 1 && p99 < 5 ? 'ok' : 'OVER TARGET'}`,
      );
    }
    for (const profile of TOOL_PROFILES) {
      const sizes = [];
      for (const expose of ['full', 'compact'] as const) {
        const chars = await listedSize(app.deps, profile, expose);
        sizes.push(`${expose} ${chars} chars (~${estimatedTokens(chars)} tokens)`);
      }
      console.log(`tools/list ${profile.padEnd(12)} ${sizes.join('  ')}`);
    }
  } finally {
    globalThis.fetch = realFetch;
    await app.close();
  }
}

const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 30);
const HTTP_CLIENTS = 16;
const BENCH_TOKEN = 'b'.repeat(64);

async function overHttp(
  fake: FakeSocial,
  home: string,
  ids: string[],
  figures: Figures,
  url?: string,
): Promise<void> {
  const config = ConfigSchema.parse({
    storage: { url },
    social_api: { client_id: 'test-client', api_base_url: fake.url, token_url: `${fake.url}/2/oauth2/token` },
    mcp_policy: { require_approval_for: [], max_mutations_per_hour: 100_000 },
    // Every like goes through the account's pacing (its slot is taken), with no gap to wait out.
    limits: { min_action_delay_seconds: 0, max_action_delay_seconds: 0 },
    schedule: { active_hours_start: 0, active_hours_end: 0 },
  });
  const app: App = await createApp({ config, dataDir: home, logger: createLogger({ level: 'silent' }) });
  const server = await startHttpToolServer(app.deps, {
    profile: 'write',
    token: BENCH_TOKEN,
    host: '127.0.0.1',
    port: 0,
  });
  try {
    const one = await connectHttp(server.url, BENCH_TOKEN);
    for (let i = 0; i < 100; i++) await one.call('get_config');
    for (const tool of ['get_config', 'social_like_tweet']) {
      const samples: number[] = [];
      let failures = 0;
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        const result = await one.call(tool, tool === 'get_config' ? {} : { tweet_id: ids[i] });
        samples.push(performance.now() - t0);
        if (!result.success) failures++;
      }
      samples.sort((a, b) => a - b);
      const p50 = percentile(samples, 50);
      figures[`http ${tool}`] = { p50, p99: percentile(samples, 99) };
      console.log(
        `http  ${tool.padEnd(18)} p50 ${ms(p50)}  p99 ${ms(percentile(samples, 99))}  (${CALLS} calls, ${failures} failed)  target p50 < 2 ms: ${p50 < 2 ? 'ok' : 'OVER TARGET'}`,
      );
    }
    await one.close();

    const clients = await Promise.all(
      Array.from({ length: HTTP_CLIENTS }, () => connectHttp(server.url, BENCH_TOKEN)),
    );
    const samples: number[] = [];
    let errors = 0;
    const end = performance.now() + HTTP_SECONDS * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            if (!(await client.call('get_config')).success) errors++;
          } catch {
            errors++;
          }
          samples.push(performance.now() - t0);
        }
      }),
    );
    await Promise.all(clients.map((client) => client.close()));
    samples.sort((a, b) => a - b);
    figures[`http ${HTTP_CLIENTS} clients get_config`] = {
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
    };
    console.log(
      `http  ${HTTP_CLIENTS} clients × ${HTTP_SECONDS} s get_config: ${(samples.length / HTTP_SECONDS).toFixed(0)} calls/s  p50 ${ms(percentile(samples, 50))}  p99 ${ms(percentile(samples, 99))}  errors ${errors} (target 0: ${errors === 0 ? 'ok' : 'FAILED'})`,
    );
  } finally {
    await server.close();
    await app.close();
  }
}

export async function benchToolServer(postgres?: BenchPostgres): Promise<Figures> {
  const fake = await startFakeSocial({ tier: 'enterprise' });
  const dirs = Array.from({ length: 3 }, () => mkdtempSync(join(tmpdir(), 'app-bench-mcp-')));
  const databases = postgres ? await Promise.all(dirs.map(() => postgres.fresh())) : [];
  const url = (i: number) => databases[i]?.url;
  const figures: Figures = {};
  try {
    const ids = seedPosts(fake);
    // The platform's own per-15-minute budgets would turn most of 2,000+ calls into 429s.
    for (const route of ['GET /2/tweets/:id', 'POST /2/users/:id/likes'])
      fake.state.rateLimits.setLimit(route, 1_000_000);
    for (const dir of dirs) storeFakeLogin(fake, join(dir, 'tokens.json'));
    await overStdio(fake, dirs[0] as string, ids, figures, url(0));
    // A second data dir (and database): no idempotency memory from the stdio run, so every like is gated
    // and sent again.
    await inProcess(fake, dirs[1] as string, ids, figures, url(1));
    await overHttp(fake, dirs[2] as string, ids, figures, url(2));
    return figures;
  } finally {
    await fake.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const database of databases) await database.drop();
  }
}
