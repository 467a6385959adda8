// `app serve` runs the autonomous loops and says how they are doing: GET /api/runtime/status lists every
// loop with its last and next run and outcome (the discovery loop's summary names its keyword), and
// `app status` prints the same from another process, or says the service is not running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeStatus } from '../../src/contracts/runtime-status.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { runApp } from '../support/run-app.js';
import { killHard, type ServeProcess, serve, until } from '../support/serve-process.js';
import { startStdioToolServer } from '../support/stdio-tool-server.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
let token: string;

beforeAll(async () => {
  fake = await startFakeSocial();
  fake.state.seed({
    tweets: [{ author_username: 'rust_rob', text: 'Is SQLite enough for a job queue?', minutes_ago: 2 }],
  });
  home = createTempHome();
  storeFakeLogin(fake, `${home.dir}/tokens.json`);
  home.writeConfig(
    [
      'mode = "composer"',
      '[business]',
      'product_name = "Queuebird"',
      'product_keywords = ["sqlite"]',
      '[schedule]',
      'active_hours_start = 0',
      'active_hours_end = 0',
      '[social_api]',
      'client_id = "test-client"',
      `api_base_url = "${fake.url}"`,
      `upload_base_url = "${fake.url}"`,
      `token_url = "${fake.url}/2/oauth2/token"`,
      '[logging]',
      'level = "warn"',
    ].join('\n'),
  );
  server = await serve(home.env, { loops: true });
  const { readFileSync } = await import('node:fs');
  token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
}, 60_000);
afterAll(async () => {
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
});

const status = async () =>
  (await (
    await fetch(`${server.url}/api/runtime/status`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as RuntimeStatus;

describe('runtime status', () => {
  it('lists every loop; discovery has run (read-only in composer) and says what it searched', async () => {
    const answer = await until('the discovery loop to run', async () => {
      const now = await status();
      return now.loops.some((loop) => loop.name === 'discovery' && loop.last_outcome === 'ok')
        ? now
        : undefined;
    });
    expect(answer).toMatchObject({ running: true, mode: 'composer', approval_mode: true, can_post: true });
    expect(answer.loops.map((loop) => loop.name)).toEqual(
      expect.arrayContaining(['posting-queue', 'approval-poster', 'token-refresh', 'discovery']),
    );
    const discovery = answer.loops.find((loop) => loop.name === 'discovery');
    expect(discovery).toMatchObject({ paused: null, consecutive_errors: 0, interval_seconds: 900 });
    expect(discovery?.last_summary).toMatch(/^"sqlite": \d+ posts, \d+ above the bar$/);
    // The next run is one interval plus the action-delay jitter (45–180 s) after this one.
    const gap = Date.parse(discovery?.next_run_at ?? '') - Date.parse(discovery?.last_run_at ?? '');
    expect(gap).toBeGreaterThanOrEqual(900_000 + 45_000);
    expect(gap).toBeLessThanOrEqual(900_000 + 180_000 + 5_000);
  });

  it('`app status` prints the loops from another process, as text and as JSON', async () => {
    const port = new URL(server.url).port;
    const text = await runApp(['status', '-O', `server.port=${port}`], { env: home.env });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^composer \(approval mode\) · desktop · social_api · can post$/m);
    expect(text.stdout).toMatch(/^discovery\s+last \d+s ago\s+next in \d+m\s+ok\s+"sqlite": \d+ posts/m);
    const json = await runApp(['status', '--format', 'json', '-O', `server.port=${port}`], { env: home.env });
    expect(JSON.parse(json.stdout)).toMatchObject({ running: true, mode: 'composer' });
  });

  it('`app status` with no service running says so and exits 1', async () => {
    const other = createTempHome();
    try {
      const result = await runApp(['status', '-O', 'server.port=9'], { env: other.env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('app serve is not running at http://127.0.0.1:9');
    } finally {
      other.cleanup();
    }
  });

  it('the tool server beside it reports the service loops in health_check and get_capabilities, until it stops', async () => {
    const tools = await startStdioToolServer({ ...home.env, PATH: process.env.PATH ?? '' });
    try {
      const health = await until('the service loops on the board', async () => {
        const answer = await tools.call('health_check');
        const names = (answer.data.loops.loops as Array<{ name: string }>).map((loop) => loop.name);
        return names.includes('discovery') ? answer.data : undefined;
      });
      expect(health.loops.status).toBe('ok');
      expect(health.loops.loops.find((l: { name: string }) => l.name === 'discovery')).toMatchObject({
        state: 'idle',
        last_outcome: 'ok',
        paused: null,
      });
      const capabilities = await tools.call('get_capabilities');
      expect(capabilities.data.loops.running).toBe(true);
      expect(capabilities.data.loops.loops.map((l: { name: string }) => l.name)).toContain('discovery');
      // A clean stop takes the service's loops off the board: the tool server shows only its own.
      server.child.kill('SIGTERM');
      await server.exited;
      const after = await tools.call('health_check');
      const names = (after.data.loops.loops as Array<{ name: string }>).map((loop) => loop.name);
      expect(names).not.toContain('discovery');
      expect(names).toContain('posting-queue');
    } finally {
      await tools.close();
    }
  });
});
