// Concurrent writers of the config file lose nothing: ten `app settings --set` processes started at once,
// mixed with five PATCHes to the running server, each change a different key; afterwards every one of the
// fifteen values is in config.toml, the user's comment too. A writer that cannot get the file's lock (a live
// process holds it) exits non-zero with the reason and writes nothing.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { spawnApp } from '../support/run-app.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const BIN = new URL('../../bin/app.js', import.meta.url).pathname;

/** `app settings --set key=value` as its own process; resolves with its exit code and output. */
function setting(
  env: Record<string, string>,
  pair: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'settings', '--set', pair], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const CLI: Array<[string, unknown]> = [
  ['limits.max_replies_per_day', 3],
  ['limits.max_tweets_per_day', 4],
  ['limits.max_replies_per_author_per_day', 2],
  ['limits.max_threads_per_week', 2],
  ['business.brand_voice', 'Calm'],
  ['business.reply_style', 'Short'],
  ['business.content_style', 'Plain'],
  ['business.product_name', 'Queuebird'],
  ['logging.status_interval_seconds', 60],
  ['schedule.timezone', 'Europe/Paris'],
];
const API: Array<[string, unknown]> = [
  ['business.industry_topics', ['queues', 'sqlite']],
  ['business.product_keywords', ['job queue']],
  ['business.persona_opinions', ['boring tech wins']],
  ['business.content_pillars', ['shipping']],
  ['business.competitor_keywords', ['celery']],
];

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
beforeAll(async () => {
  fake = await startFakeSocial();
  home = createTempHome();
  prepareFakeHome(home, fake, ['# my own note: keep this line']);
  server = await serve(home.env);
}, 30_000);
afterAll(async () => {
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
});

describe('concurrent writers of config.toml', () => {
  it('ten `settings --set` runs and five PATCHes at once: all fifteen values are kept', {
    timeout: 60_000,
  }, async () => {
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    const patch = (key: string, value: unknown) =>
      fetch(`${server.url}/api/settings`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ set: { [key]: value } }),
      }).then((response) => response.status);
    const [cli, api] = await Promise.all([
      Promise.all(CLI.map(([key, value]) => setting(home.env, `${key}=${value}`))),
      Promise.all(API.map(([key, value]) => patch(key, value))),
    ]);
    expect(cli.map((run) => run.code)).toEqual(CLI.map(() => 0));
    expect(api).toEqual(API.map(() => 200));
    const text = readFileSync(home.configPath, 'utf8');
    const file = parse(text) as Record<string, Record<string, unknown>>;
    for (const [key, value] of [...CLI, ...API]) {
      const [section = '', name = ''] = key.split('.');
      expect(file[section]?.[name], key).toEqual(value);
    }
    expect(text).toContain('# my own note: keep this line');
  });

  it('a writer that cannot get the lock from a live holder exits non-zero with the reason, writing nothing', {
    timeout: 30_000,
  }, () => {
    const before = readFileSync(home.configPath, 'utf8');
    // This test's own process is alive: its lock is not abandoned.
    // wall clock: a lock records when it was taken, as the CLI's own does (a fresh one is not stale)
    writeFileSync(`${home.configPath}.lock`, `${process.pid} ${Date.now()} held-by-the-test`);
    try {
      const run = spawnApp(['settings', '--set', 'limits.max_replies_per_day=9'], home.env);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(
        /config\.toml is being changed by another process \(pid \d+\); nothing was saved/,
      );
      expect(readFileSync(home.configPath, 'utf8')).toBe(before);
    } finally {
      rmSync(`${home.configPath}.lock`, { force: true });
    }
  });
});
