// Accounts (issue 27): 50 accounts in one service, every loop running, against the fake platform and the
// stand-in LLM. (1) The scheduler's own time in a loop turn (its gates, status and next timer; not the
// loop's work nor other loops' work while it waits), over two simulated hours of every account's loops
// in this process: p50 and p99 (target p99 < 2 ms). (2) The built `app serve` with the 50 accounts, each its own login at the fake:
// one post per account due in the same minute; the largest lateness of a post reaching the fake after its
// due time (target < 5 s), and the smallest gap between two posts of one account. (3) That process's
// resident set once idle (target < 250 MB).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimWriter } from '../src/app/simulation/sim-writer.js';
import { createApp } from '../src/app/wiring/create-app.js';
import { SimulatedTime, seededRandom } from '../src/automation/simulated-time.js';
import { ConfigSchema } from '../src/contracts/config/config.js';
import { createLogger } from '../src/infra/logging/create-logger.js';
import { fakeSocialConfig } from '../src/infra/sandbox/social/config-lines.js';
import { addUser } from '../src/infra/sandbox/social/factory.js';
import { DEFAULT_CLIENT_ID, type FakeSocial, startFakeSocial } from '../src/infra/sandbox/social/index.js';
import { startStandInLlm } from '../src/infra/sandbox/stand-in-llm.js';
import { storeFakeLogin } from '../src/infra/sandbox/store-fake-login.js';
import { openDatabase } from '../src/infra/sqlite/open-database.js';
import { AccountRepository } from '../src/infra/sqlite/repositories/account-repository.js';
import { startFakeLlm } from '../test/fakes/llm/index.js';
import { serve, until } from '../test/support/serve-process.js';
import { createTempHome } from '../test/support/temp-home.js';

const ACCOUNTS = 50;
const NAMES = Array.from({ length: ACCOUNTS - 1 }, (_, i) => `acct${String(i + 2).padStart(2, '0')}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const BUSINESS = {
  product_name: 'Queuebird',
  product_keywords: ['sqlite', 'job queue'],
  competitor_keywords: ['sidekiq'],
  industry_topics: ['background jobs', 'devops'],
};

/** A platform user of its own for each further account. */
function accountUsers(fake: FakeSocial): string[] {
  return NAMES.map((name) => addUser(fake.state, { username: `bench_${name}`, name: `Bench ${name}` }).id);
}

async function schedulerOverhead(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-accounts-'));
  const start = new Date('2026-01-05T08:00:00Z');
  const time = new SimulatedTime(start);
  const fake = await startFakeSocial({
    clock: { now: () => time.now().getTime(), advance: () => {} },
    accessTokenTtlSeconds: 2 * 3600,
  });
  const llm = await startStandInLlm({
    write: createSimWriter({ random: seededRandom(3), productName: BUSINESS.product_name }),
    now: () => time.now().getTime(),
  });
  const shares: number[] = [];
  let turns = 0;
  try {
    const users = accountUsers(fake);
    const config = ConfigSchema.parse({
      approval_mode: false,
      business: BUSINESS,
      targets: { accounts: ['big_vendor', 'queue_news'] },
      llm: { provider: 'openai', api_key: 'bench', base_url: llm.openaiBaseUrl },
      schedule: { active_hours_start: 0, active_hours_end: 0 },
      social_api: { ...fakeSocialConfig(fake.url, DEFAULT_CLIENT_ID).values, request_timeout_seconds: 5 },
      storage: { db_path: join(work, 'app.db') },
      accounts: Object.fromEntries(NAMES.map((name) => [name, {}])),
    });
    storeFakeLogin(fake, join(work, 'tokens.json'), { expiresInSeconds: 2 * 3600 });
    const app = await createApp({
      config,
      dataDir: work,
      logger: createLogger({ level: 'silent' }),
      clock: time,
      env: {},
      sleep: async () => {},
      random: seededRandom(5),
      loops: {
        autopilot: true,
        setTimer: time.setTimer,
        publishStatus: false,
        onTurnTiming: (_loop, { schedulerMs }) => {
          turns++;
          shares.push(schedulerMs);
        },
      },
    });
    app.accounts.slice(1).forEach((account, i) => {
      storeFakeLogin(fake, account.deps.paths.tokensPath, { expiresInSeconds: 2 * 3600, userId: users[i] });
    });
    for (const account of app.accounts) account.loops.start();
    await time.runUntil(new Date(start.getTime() + 2 * 3_600_000), async () => {
      await Promise.all(app.accounts.map((account) => account.loops.idle()));
    });
    await Promise.all(app.accounts.map((account) => account.loops.stop()));
    await app.close();
  } finally {
    await llm.close();
    await fake.close();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `the scheduler's own time in a loop turn, ${ACCOUNTS} accounts, every loop, 2 simulated hours (${turns} turns): ` +
      `p50 ${percentile(shares, 50).toFixed(3)} ms, p99 ${percentile(shares, 99).toFixed(3)} ms, ` +
      `max ${Math.max(...shares).toFixed(1)} ms (target p99 < 2 ms)`,
  );
}

/** Resident set of a process, in bytes (VmRSS of /proc/<pid>/status). */
function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

async function servedAccounts(): Promise<void> {
  const home = createTempHome();
  const fake = await startFakeSocial();
  const llm = await startFakeLlm();
  try {
    const users = accountUsers(fake);
    llm.script.reply(createSimWriter({ random: seededRandom(9), productName: BUSINESS.product_name }), {
      times: Number.POSITIVE_INFINITY,
    });
    const toml = (value: unknown) => JSON.stringify(value);
    home.writeConfig(
      [
        'approval_mode = false',
        '[business]',
        ...Object.entries(BUSINESS).map(([key, value]) => `${key} = ${toml(value)}`),
        '[targets]',
        'accounts = ["big_vendor", "queue_news"]',
        '[llm]',
        'provider = "openai"',
        'api_key = "bench"',
        `base_url = ${toml(llm.openaiBaseUrl)}`,
        '[schedule]',
        'active_hours_start = 0',
        'active_hours_end = 0',
        '[logging]',
        'level = "warn"',
        ...fakeSocialConfig(fake.url, DEFAULT_CLIENT_ID).toml,
        ...NAMES.map((name) => `[accounts.${name}]`),
      ].join('\n'),
    );
    // The rows the first start would make, made first so each account's login can be stored.
    const database = openDatabase({ path: join(home.dir, 'app.db') });
    const ids = await new AccountRepository(database).ensure(['default', ...NAMES]);
    await database.close();
    storeFakeLogin(fake, join(home.dir, 'tokens.json'));
    NAMES.forEach((name, i) => {
      storeFakeLogin(fake, join(home.dir, 'accounts', ids.get(name) as string, 'tokens.json'), {
        userId: users[i],
      });
    });
    const server = await serve(home.env, { loops: true });
    try {
      const token = readFileSync(join(home.dir, 'api_token'), 'utf8').trim();
      // Every account's loops take their first turns before the posts are due.
      await sleep(15_000);
      // wall clock: the posts are due at a real instant the running service sees
      const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
      const texts = new Map<string, string>();
      for (const name of ['default', ...NAMES]) {
        const text = `Due at ${due.toISOString()} for ${name}`;
        texts.set(text, name);
        const response = await fetch(`${server.url}/api/content/compose`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'x-app-account': name,
          },
          body: JSON.stringify({ content_type: 'tweet', content: text, scheduled_for: due.toISOString() }),
        });
        if (response.status !== 202)
          throw new Error(`compose ${name}: ${response.status} ${await response.text()}`);
      }
      const posted = await until(
        'every due post to reach the fake',
        () => {
          const found = [...fake.state.tweets.values()].filter((t) => texts.has(t.text));
          return found.length === texts.size ? found : undefined;
        },
        120_000,
      );
      const lateness = posted.map((t) => (t.createdAt - due.getTime()) / 1000);
      console.log(
        `${ACCOUNTS} accounts, one post each due at the same minute: largest lateness ${Math.max(...lateness).toFixed(2)} s, ` +
          `median ${percentile(lateness, 50).toFixed(2)} s (target < 5 s); every post under its own account's user: ` +
          `${posted.every((t) => t.authorId === (texts.get(t.text) === 'default' ? '1000' : users[NAMES.indexOf(texts.get(t.text) as string)]))}`,
      );
      await sleep(10_000);
      const samples: number[] = [];
      for (let i = 0; i < 10; i++) {
        samples.push(rssOf(server.child.pid as number));
        await sleep(500);
      }
      console.log(
        `idle RSS of app serve with ${ACCOUNTS} accounts and every loop: ${(percentile(samples, 50) / 2 ** 20).toFixed(1)} MB (target < 250 MB)`,
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await fake.close();
    await llm.close();
    home.cleanup();
  }
}

export async function benchAccounts(): Promise<void> {
  await schedulerOverhead();
  await servedAccounts();
}
