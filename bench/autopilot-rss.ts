// The memory of an idle `app serve` with every loop running, after a simulated week: the week is simulated
// here (a database full of posts, replies, discovery rows, metrics and reports), then the built service
// is started as its own process on a copy of that database against the fake platform and the fake LLM
// (both in this process, so their memory is not counted), every loop is let run its first turn, and the
// service's resident set is read from /proc while it idles between turns.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSimulation } from '../src/app/simulation/run-simulation.js';
import { createSimWriter } from '../src/app/simulation/sim-writer.js';
import { seededRandom } from '../src/automation/simulated-time.js';
import type { Config } from '../src/contracts/config/config.js';
import type { LoopStatus } from '../src/contracts/runtime-status.js';
import { fakeSocialConfig } from '../src/infra/sandbox/social/config-lines.js';
import { DEFAULT_CLIENT_ID, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../src/infra/sandbox/store-fake-login.js';
import { startFakeLlm } from '../test/fakes/llm/index.js';
import { serve, until } from '../test/support/serve-process.js';
import { createTempHome } from '../test/support/temp-home.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set of a process, in bytes (VmRSS of /proc/<pid>/status). */
function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

const toml = (value: unknown) => JSON.stringify(value);

export interface ServeRss {
  /** Median of the samples taken while idle, bytes. */
  rss: number;
  loops: number;
  /** Loops that took a turn before the samples (the others were paused, e.g. a tier the fake lacks). */
  ran: string[];
  dbBytes: number;
}

/** `app serve` (built, its own process) on a simulated week's database, every loop running. */
export async function measureServeRss(config: Config, options: { loops: boolean }): Promise<ServeRss> {
  const work = mkdtempSync(join(tmpdir(), 'bench-rss-week-'));
  const home = createTempHome();
  const fake = await startFakeSocial();
  const llm = await startFakeLlm();
  try {
    await runSimulation({ config, workDir: work, days: 7, seed: 5, faults: true });
    const db = join(home.dir, 'app.db');
    copyFileSync(join(work, 'app.db'), db);
    llm.script.reply(
      createSimWriter({ random: seededRandom(9), productName: config.business.product_name }),
      {
        times: Number.POSITIVE_INFINITY,
      },
    );
    storeFakeLogin(fake, join(home.dir, 'tokens.json'));
    const { business, targets } = config;
    home.writeConfig(
      [
        'approval_mode = false',
        '[business]',
        `product_name = ${toml(business.product_name)}`,
        `product_keywords = ${toml(business.product_keywords)}`,
        `competitor_keywords = ${toml(business.competitor_keywords)}`,
        `industry_topics = ${toml(business.industry_topics)}`,
        '[targets]',
        `accounts = ${toml(targets.accounts)}`,
        '[llm]',
        'provider = "openai"',
        'api_key = "bench"',
        `base_url = ${toml(llm.openaiBaseUrl)}`,
        // Awake around the clock, so every loop takes its turn whatever the hour of the bench.
        '[schedule]',
        'active_hours_start = 0',
        'active_hours_end = 0',
        '[storage]',
        `db_path = ${toml(db)}`,
        '[logging]',
        'level = "warn"',
        ...fakeSocialConfig(fake.url, DEFAULT_CLIENT_ID).toml,
      ].join('\n'),
    );
    const server = await serve(home.env, { loops: options.loops });
    try {
      const token = readFileSync(join(home.dir, 'api_token'), 'utf8').trim();
      let loops: LoopStatus[] = [];
      if (options.loops) {
        // Every loop has taken a turn (or says why it is paused) and none is mid-turn.
        await until(
          'every loop to take its first turn',
          async () => {
            const response = await fetch(`${server.url}/api/runtime/status`, {
              headers: { authorization: `Bearer ${token}` },
            });
            const body = (await response.json()) as { loops?: LoopStatus[] };
            const all = body.loops ?? [];
            const settled = all.every((l) => l.state !== 'running' && (l.last_run_at || l.paused));
            loops = all;
            return all.length > 0 && settled ? true : undefined;
          },
          120_000,
        );
      }
      await sleep(5_000);
      const samples: number[] = [];
      for (let i = 0; i < 10; i++) {
        samples.push(rssOf(server.child.pid as number));
        await sleep(500);
      }
      return {
        rss: median(samples),
        loops: loops.length,
        ran: loops
          .filter((l) => l.last_run_at)
          .map((l) => `${l.name}${l.last_outcome === 'error' ? ` (error: ${l.last_error})` : ''}`),
        dbBytes: readFileSync(db).byteLength,
      };
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await fake.close();
    await llm.close();
    home.cleanup();
    rmSync(work, { recursive: true, force: true });
  }
}
